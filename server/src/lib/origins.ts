/**
 * Which browser origins may call the API and open sockets. A browser names the page's origin on
 * every cross-origin request and on every websocket (the Origin header); the console's own pages
 * are served by this server, so by default only an origin whose host is the host the request was
 * sent to is accepted. Deployments that serve the console elsewhere list its origins
 * (ALLOWED_ORIGINS). A request without Origin is not from another site's page (browsers omit it
 * only on same-origin reads), so it is left to the session check like any other client.
 */

/** The origins of a comma-separated list, normalised (`https://console.example.com`); throws on a non-origin. */
export function parseOriginList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      let url: URL;
      try {
        url = new URL(part);
      } catch {
        throw new Error(`${part} is not an origin (scheme://host[:port])`);
      }
      if (!['http:', 'https:'].includes(url.protocol) || url.origin !== part.replace(/\/$/, '')) {
        throw new Error(`${part} is not an origin (scheme://host[:port], nothing after)`);
      }
      return url.origin;
    });
}

/** host[:port] of an origin with its scheme's default port left out, as a Host header writes it. */
function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * 'same': the page is the console this server serves (or no Origin was sent); 'listed': an
 * origin of the configured list; 'refused': any other origin, `null` included. `scheme`, when
 * known, is the request's own (http or https): a page on the same host under the other scheme is
 * another origin and is refused unless listed.
 */
export function judgeOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
  scheme?: 'http' | 'https',
): 'same' | 'listed' | 'refused' {
  if (origin === undefined) return 'same';
  const originHost = hostOf(origin);
  const sameScheme = scheme === undefined || origin.toLowerCase().startsWith(`${scheme}://`);
  if (originHost !== null && host !== undefined && originHost === host.toLowerCase() && sameScheme) return 'same';
  if (originHost !== null && allowed.includes(new URL(origin).origin)) return 'listed';
  return 'refused';
}
