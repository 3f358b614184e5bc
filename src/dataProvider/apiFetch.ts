/**
 * The /api client (§7, §8; docs/protocol.md "Origin and transport"): x-api-key and JSON content type
 * on every call, a 10 s timeout (callers pass SOLANA_IMPORT_TIMEOUT_MS for the CSV import), JSON
 * bodies, and one error type. Every failure is logged to the console and re-thrown (§8).
 */
import { API_BASE_PATH, API_TIMEOUT_MS } from '../config/constants.ts';
import { ApiErrorBody } from '../contract/index.ts';
import type { ApiOrigin } from './runtimeConfig.ts';

/** status 0: no HTTP answer (timeout, network failure). message: the server's `error` text when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** The HTTP status an error carries (ApiError, or react-admin's HttpError), if any. */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
  timeoutMs?: number;
  /** The caller's own cancellation (react-query passes one); not logged as a failure. */
  signal?: AbortSignal;
}

/**
 * T is what the endpoint returns per docs/protocol.md; the response is not validated here. Callers that
 * act on the shape (rather than display it) parse it with the zod contract.
 */
export type ApiFetch = <T = unknown>(path: string, options?: ApiFetchOptions) => Promise<T>;

export interface ApiFetchDeps {
  /** The session token sent as x-api-key; null sends none (login). */
  getToken: () => Promise<string | null>;
  getOrigin: () => Promise<ApiOrigin>;
  fetch?: typeof fetch;
}

/** An answer with its headers (list totals travel in Content-Range). */
export interface ApiResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

/**
 * The same client shaped as react-admin's fetchUtils.fetchJson, for ra-data-simple-rest: `url` is
 * the path under /api (simple-rest is given an empty base), `body` already serialised.
 */
export type HttpClient = (
  url: string,
  options?: { method?: string; body?: BodyInit | null; headers?: HeadersInit; signal?: AbortSignal | null },
) => Promise<ApiResponse>;

export interface ApiClient {
  apiFetch: ApiFetch;
  httpClient: HttpClient;
}

export function createApiFetch(deps: ApiFetchDeps): ApiFetch {
  return createApiClient(deps).apiFetch;
}

export function createApiClient({ getToken, getOrigin, fetch: fetchImpl = (...a) => fetch(...a) }: ApiFetchDeps): ApiClient {
  async function logged(path: string, method: string, signal: AbortSignal | undefined | null, run: () => Promise<ApiResponse>) {
    try {
      return await run();
    } catch (error) {
      if (!signal?.aborted) console.error(`API ${method} ${path} failed:`, error);
      throw error;
    }
  }
  const apiFetch: ApiFetch = async <T>(path: string, options: ApiFetchOptions = {}): Promise<T> => {
    const { method = 'GET', body, timeoutMs = API_TIMEOUT_MS, signal } = options;
    const serialised = body === undefined ? undefined : JSON.stringify(body);
    return (await logged(path, method, signal, () => request(path, method, serialised, timeoutMs, signal, undefined))).json as T;
  };
  const httpClient: HttpClient = (url, options = {}) => {
    const method = (options.method ?? 'GET').toUpperCase() as HttpMethod;
    const signal = options.signal ?? undefined;
    // simple-rest sends JSON text or nothing.
    const body = typeof options.body === 'string' ? options.body : undefined;
    return logged(url, method, signal, () => request(url, method, body, API_TIMEOUT_MS, signal, new Headers(options.headers)));
  };
  return { apiFetch, httpClient };

  async function request(
    path: string,
    method: HttpMethod,
    body: string | undefined,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    extraHeaders: Headers | undefined,
  ): Promise<ApiResponse> {
    const [origin, token] = await Promise.all([getOrigin(), getToken()]);
    signal?.throwIfAborted();
    const headers: Record<string, string> = {};
    extraHeaders?.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    // Every body the console sends is JSON (simple-rest marks its DELETE as text/plain: it has none).
    headers['content-type'] = 'application/json';
    if (token !== null) headers['x-api-key'] = token;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });

    try {
      const response = await fetchImpl(`${origin}${API_BASE_PATH}${path}`, {
        method,
        headers,
        body,
        signal: controller.signal,
      }).catch((error: unknown) => {
        if (timedOut || signal?.aborted) throw error;
        throw new ApiError(0, `network error: ${error instanceof Error ? error.message : String(error)}`);
      });
      const text = await response.text();
      const json = parseJson(text);
      if (!response.ok) {
        const parsed = ApiErrorBody.safeParse(json.value);
        const message = parsed.success ? parsed.data.error : `HTTP ${response.status} ${response.statusText}`.trim();
        throw new ApiError(response.status, message, parsed.success ? parsed.data.details : undefined);
      }
      if (!json.ok) throw new ApiError(response.status, 'invalid JSON in response');
      return { status: response.status, headers: response.headers, body: text, json: json.value };
    } catch (error) {
      // The timer can cut the request or the reading of its body.
      if (timedOut) throw new ApiError(0, `request timed out after ${Math.round(timeoutMs / 1000)} s`);
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }
}

function parseJson(text: string): { ok: boolean; value: unknown } {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, value: undefined };
  }
}
