/** A fake `fetch` for createApiClient: the real /api client (headers, errors, timeouts) runs over it. */
import { createApiClient, type ApiClient } from '../../src/dataProvider/apiFetch.ts';

export const API_ORIGIN = 'http://api.test';

export interface SeenRequest {
  method: string;
  /** The path under /api with its query, as sent (`/txs/?sort=...`). */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type Answer = Response | Promise<Response> | undefined;
export type Route = (request: SeenRequest) => Answer;

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, ...init, headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) } });

/** Answers with the first route that answers; 404 otherwise. Every request is kept in `requests`. */
export function fakeApi(...routes: Route[]): ApiClient & { requests: SeenRequest[]; use: (route: Route) => void; fetch: typeof fetch } {
  const requests: SeenRequest[] = [];
  const table = [...routes];
  const fakeFetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const full = new URL(String(input));
    const path = full.pathname.replace(/^\/api/, '');
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      url: `${path}${full.search}`,
      path,
      query: full.searchParams,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    };
    requests.push(request);
    for (const route of [...table].reverse()) {
      const answer = await route(request);
      if (answer) return answer;
    }
    return json({ error: `no route for ${request.method} ${path}` }, { status: 404 });
  }) as typeof fetch;
  const client = createApiClient({ getToken: async () => 'tok.en.jwt', getOrigin: async () => API_ORIGIN, fetch: fakeFetch });
  return { ...client, requests, use: (route) => table.push(route), fetch: fakeFetch };
}

/** Only the requests that write (not GET). */
export const writes = (requests: readonly SeenRequest[]) =>
  requests.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.path, body: r.body }));
