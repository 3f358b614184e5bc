/** The path part of a request URL, without the query string. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Escapes decoded more than once: a proxy in front may decode the path before this server does. */
const DECODE_ROUNDS = 3;

function decodeOnce(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    // An undecodable escape is left as written, and the others are still decoded.
    return path.replace(/%[0-9a-f]{2}/gi, (escape) => {
      try {
        return decodeURIComponent(escape);
      } catch {
        return escape;
      }
    });
  }
}

/**
 * The path as a router or a proxy might read it, to classify a request no route matched: percent
 * escapes decoded (repeatedly), backslashes read as slashes, runs of slashes collapsed, `.` and `..`
 * segments resolved, and lower case. Never used to authorise a matched route: the route decides.
 */
export function canonicalPath(url: string): string {
  let decoded = pathOf(url);
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const next = decodeOnce(decoded);
    if (next === decoded) break;
    decoded = next;
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

/** Whether a request is for the API: by the route it matched, else (no route matched) by how its path reads. */
export function isApiRequest(request: { readonly routeOptions: { readonly url?: string }; readonly url: string }): boolean {
  return isApiPath(request.routeOptions.url ?? canonicalPath(request.url));
}

export function isSocketPath(path: string): boolean {
  return path === '/socket.io' || path.startsWith('/socket.io/');
}
