/** The path part of a request URL, without the query string. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

export function isSocketPath(path: string): boolean {
  return path === '/socket.io' || path.startsWith('/socket.io/');
}
