/**
 * Where the API lives (PROTOCOL "Origin and transport"): a runtime /config.json next to index.html
 * if one is served, else the build-time VITE_API_URL, else the page's own origin (''). Read once.
 */
import { z } from 'zod';

const RuntimeConfig = z.object({ apiUrl: z.url().optional() });
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
    const response = await fetchImpl('/config.json', { headers: { accept: 'application/json' } });
    if (!response.ok) return undefined;
    body = await response.json();
  } catch {
    // Absent, or the server's index.html fallback answered instead: no runtime config.
    return undefined;
  }
  return RuntimeConfig.parse(body).apiUrl;
}

let cached: Promise<ApiOrigin> | undefined;

/** The API origin for this page, resolved on first use and shared (REST client, socket, trade fetch). */
export function getApiOrigin(): Promise<ApiOrigin> {
  cached ??= loadApiOrigin();
  return cached;
}
