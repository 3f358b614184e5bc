import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ApiError, createApiFetch } from '../../src/dataProvider/apiFetch.ts';
import { loadApiOrigin } from '../../src/dataProvider/runtimeConfig.ts';
import { SOLANA_IMPORT_TIMEOUT_MS } from '../../src/config/constants.ts';

const ORIGIN = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = (token: string | null = 'tok.en.x') =>
  createApiFetch({ getToken: async () => token, getOrigin: async () => ORIGIN });

/** A fetch that never answers, only honours its abort signal. */
const hangingFetch: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    if (init?.signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

describe('apiFetch (§7, §8)', () => {
  it('§7 sends x-api-key and JSON content type to /api, and parses the JSON answer', async () => {
    let seen: Request | undefined;
    let body: unknown;
    server.use(
      http.post(`${ORIGIN}/api/settings/misc`, async ({ request }) => {
        seen = request.clone();
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(client()('/settings/misc', { method: 'POST', body: { updates: { sellOnly: true } } })).resolves.toEqual({
      ok: true,
    });
    expect(seen?.headers.get('x-api-key')).toBe('tok.en.x');
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(body).toEqual({ updates: { sellOnly: true } });
  });

  it('§7 without a session no x-api-key is sent (login)', async () => {
    let header: string | null = 'unset';
    server.use(
      http.post(`${ORIGIN}/api/login`, ({ request }) => {
        header = request.headers.get('x-api-key');
        return HttpResponse.json({ token: 't' });
      }),
    );
    await client(null)('/login', { method: 'POST', body: { accessKey: 'k' } });
    expect(header).toBeNull();
  });

  it('§7 an empty 2xx body resolves undefined', async () => {
    server.use(http.post(`${ORIGIN}/api/workers/start`, () => new HttpResponse(null, { status: 204 })));
    await expect(client()('/workers/start', { method: 'POST' })).resolves.toBeUndefined();
  });

  it("§8 a non-2xx answer is re-thrown as ApiError with the server's error text and details, and logged", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.put(`${ORIGIN}/api/tokens/WETH`, () =>
        HttpResponse.json({ error: 'stale version', details: { field: 'version' } }, { status: 409 }),
      ),
    );
    const failure = client()('/tokens/WETH', { method: 'PUT', body: {} });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 409, message: 'stale version', details: { field: 'version' } });
    expect(errors).toHaveBeenCalledWith('API PUT /tokens/WETH failed:', expect.objectContaining({ status: 409 }));
  });

  it('§8 a non-JSON error body still gives an ApiError with the status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(`${ORIGIN}/api/configs`, () => new HttpResponse('<html>bad gateway</html>', { status: 502 })));
    await expect(client()('/configs')).rejects.toMatchObject({ status: 502, message: expect.stringContaining('502') });
  });

  it('§9 the 10 s timeout aborts the request with a clear message, logged', async () => {
    vi.useFakeTimers();
    try {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const apiFetch = createApiFetch({ getToken: async () => 't', getOrigin: async () => ORIGIN, fetch: hangingFetch });
      const pending = apiFetch('/configs');
      const outcome = expect(pending).rejects.toMatchObject({ status: 0, message: 'request timed out after 10 s' });
      await vi.advanceTimersByTimeAsync(9_999);
      expect(errors).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
      expect(errors).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('§9 the Solana import gets its 10 min timeout', async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const apiFetch = createApiFetch({ getToken: async () => 't', getOrigin: async () => ORIGIN, fetch: hangingFetch });
      let settled = false;
      const pending = apiFetch('/solana-bridge/x/import', { method: 'POST', body: { csv: '' }, timeoutMs: SOLANA_IMPORT_TIMEOUT_MS });
      pending.catch(() => (settled = true));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(settled).toBe(false);
      const outcome = expect(pending).rejects.toMatchObject({ message: 'request timed out after 600 s' });
      await vi.advanceTimersByTimeAsync(SOLANA_IMPORT_TIMEOUT_MS);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });

  it('§8 a network failure is an ApiError with status 0, logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(`${ORIGIN}/api/configs`, () => HttpResponse.error()));
    await expect(client()('/configs')).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/^network error/) });
    expect(errors).toHaveBeenCalledOnce();
  });

  it("a caller's own cancellation is passed through and not logged as a failure", async () => {
    const apiFetch = createApiFetch({ getToken: async () => 't', getOrigin: async () => ORIGIN, fetch: hangingFetch });
    const controller = new AbortController();
    const pending = apiFetch('/configs', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('API origin (protocol: Origin and transport)', () => {
  const respond = (body: string, status = 200, type = 'application/json') =>
    vi.fn<typeof fetch>(async () => new Response(body, { status, headers: { 'content-type': type } }));

  it('uses apiUrl from /config.json when served', async () => {
    await expect(loadApiOrigin(respond('{"apiUrl":"https://api.example.com/"}'), undefined)).resolves.toBe(
      'https://api.example.com',
    );
  });

  it('falls back to VITE_API_URL, then to the same origin', async () => {
    await expect(loadApiOrigin(respond('', 404), 'https://build.example.com')).resolves.toBe('https://build.example.com');
    await expect(loadApiOrigin(respond('<!doctype html>', 200, 'text/html'), undefined)).resolves.toBe('');
    await expect(loadApiOrigin(respond('', 404), '')).resolves.toBe('');
  });

  it('an empty or null apiUrl in config.json means the build-time URL or the same origin; the file is read next to index.html', async () => {
    const empty = respond('{"apiUrl":""}');
    await expect(loadApiOrigin(empty, undefined)).resolves.toBe('');
    expect(empty).toHaveBeenCalledWith('/config.json', expect.anything());
    await expect(loadApiOrigin(respond('{"apiUrl":null}'), 'https://build.example.com')).resolves.toBe('https://build.example.com');
  });

  it('fails loudly on a config that is present but wrong', async () => {
    await expect(loadApiOrigin(respond('{"apiUrl":"not a url"}'), undefined)).rejects.toThrow();
    await expect(loadApiOrigin(respond('', 404), 'nope')).rejects.toThrow();
  });
});
