/** The checker's REST client: one call, its answer kept as text and JSON, described for the report. */

/** docs/protocol.md "Origin and transport": the console gives up after 10 s. */
const TIMEOUT_MS = 10_000;
const SHOWN_CHARS = 400;

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  /** `GET /api/txs/?page=1` as sent, for the report. */
  request: string;
  /** `200 content-range: … body: …`, cut short, for the report. */
  describe: (headers?: readonly string[]) => string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
}

export function createClient(baseUrl: string) {
  const origin = baseUrl.replace(/\/+$/, '');
  return async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token !== undefined) headers['x-api-key'] = options.token;
    const hasBody = options.body !== undefined;
    const request = `${method} ${path}${search}${hasBody ? ` ${short(JSON.stringify(options.body))}` : ''}${options.token === undefined ? ' (no token)' : ''}`;
    let response: Response;
    try {
      response = await fetch(`${origin}${path}${search}`, {
        method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : method === 'GET' || method === 'DELETE' ? undefined : '{}',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      return { status: 0, headers: new Headers(), text: '', json: undefined, request, describe: () => `no answer (${reason})` };
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const describe = (shown: readonly string[] = []) => {
      const headerText = shown.map((name) => `${name}: ${response.headers.get(name) ?? '(absent)'}`).join(', ');
      return `${response.status}${headerText ? ` ${headerText}` : ''}${text ? ` ${short(text)}` : ' (no body)'}`;
    };
    return { status: response.status, headers: response.headers, text, json, request, describe };
  };
}

export type Call = ReturnType<typeof createClient>;

export function short(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length} chars)` : text;
}
