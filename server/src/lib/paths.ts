/** The path part of a request URL, without the query string. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * The path as a router or a proxy might read it, to classify a request no route matched: percent
 * escapes decoded (undecodable ones left as written), runs of slashes collapsed, `.` and `..`
 * segments resolved, and lower case. Never used to authorise a matched route: the route decides.
 */
export function canonicalPath(url: string): string {
  const raw = pathOf(url);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw.replace(/%[0-9a-f]{2}/gi, (escape) => {
      try {
        return decodeURIComponent(escape);
      } catch {
        return escape;
      }
    });
  }
  const segments: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

export function isSocketPath(path: string): boolean {
  return path === '/socket.io' || path.startsWith('/socket.io/');
}
