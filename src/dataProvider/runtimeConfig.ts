/**
 * Where the API lives (docs/protocol.md "Origin and transport"): a runtime /config.json next to
 * index.html if one is served, else the build-time VITE_API_URL, else the page's own origin ('').
 * Read once.
 */
import { z } from 'zod';

/** apiUrl empty or null means the same as absent: the page's own origin. */
const RuntimeConfig = z.object({ apiUrl: z.union([z.url(), z.literal(''), z.null()]).optional() });
const BuildTimeUrl = z.url().optional();

/** '' means same origin; otherwise an origin without a trailing slash. */
export type ApiOrigin = string;

export async function loadApiOrigin(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  buildTimeUrl: string | undefined = import.meta.env.VITE_API_URL,
): Promise<ApiOrigin> {
  const fromFile = await readConfigFile(fetchImpl);
  // A present but invalid setting fails loudly at start rather than talking to the wrong host.
  const url = fromFile ?? BuildTimeUrl.parse(buildTimeUrl === '' ? undefined : buildTimeUrl);
  return url === undefined ? '' : url.replace(/\/+$/, '');
}

async function readConfigFile(fetchImpl: typeof fetch): Promise<string | undefined> {
  let body: unknown;
  try {
    // Next to index.html: under the base the console was built for ('/' unless vite's base says otherwise).
    const response = await fetchImpl(`${import.meta.env.BASE_URL}config.json`, { headers: { accept: 'application/json' } });
    if (!response.ok) return undefined;
    body = await response.json();
  } catch {
    // Absent, or the server's index.html fallback answered instead: no runtime config.
    return undefined;
  }
  return RuntimeConfig.parse(body).apiUrl || undefined;
}

let cached: Promise<ApiOrigin> | undefined;

/** The API origin for this page, resolved on first use and shared (REST client, socket, trade fetch). */
export function getApiOrigin(): Promise<ApiOrigin> {
  cached ??= loadApiOrigin();
  return cached;
}
