/**
 * Every request the alerts make to a destination (docs/protocol.md "Alerts delivery"): a delivery to
 * a webhook, Slack or Telegram, and the Telegram commands poller's calls. One POST of JSON with
 * node:http / node:https, held to three bounds:
 *
 * - The destination policy (src/domain/addressPolicy.ts). A URL whose host is an IP address is
 *   judged before anything is sent (node connects to an IP without looking it up). A host name is
 *   resolved by the request's own `lookup`, which judges every address DNS answers and fails the
 *   connection if any is refused; the socket then connects to the address judged, so a name that
 *   answers a public address to a check and a private one to the connection (DNS rebinding) gets
 *   nowhere. Redirects are not followed (node:http never does): a redirect to a refused address is
 *   just a 3xx answer.
 * - One deadline for the whole attempt: connecting, the headers and the body. A body still coming
 *   at the deadline is a timeout.
 * - At most `maxBytes` of the answer are read; then the connection is dropped (the answer is
 *   judged by its status), so a destination answering without end costs no memory.
 *
 * Each request has a connection of its own (`agent: false`): a pooled socket would carry a request
 * past the look-up that judged it, and deliveries are few (at most 20 a minute a destination).
 */
import { promises as dns, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { allowListOf, judgeAddress, refusedText, urlHost, type AllowList, type Judgement } from '../../../src/domain/addressPolicy.ts';

/** Resolves a host name to all its addresses (node:dns lookup); tests inject their own DNS. */
export type Resolve = (hostname: string, family: 0 | 4 | 6) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname, family) => dns.lookup(hostname, { all: true, family, verbatim: true });

export interface DestinationPolicy {
  allow: AllowList;
  resolve: Resolve;
}

/** The policy from ALERT_ALLOWED_HOSTS (already parsed by env.ts); nothing private allowed when empty. */
export const destinationPolicy = (allowedHosts: readonly string[] = [], resolve: Resolve = systemResolve): DestinationPolicy => ({
  allow: allowListOf(allowedHosts),
  resolve,
});

/** The destination policy refused the address: not sent, and not worth trying again. */
export class PolicyRefusal extends Error {
  override name = 'PolicyRefusal';
}

/** The attempt's deadline passed before the answer was complete. */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
  }
}

export interface Answer {
  status: number;
  /** The answer's body, at most maxBytes of it. */
  body: Buffer;
  /** False when the body was cut at maxBytes or the destination closed it early. */
  complete: boolean;
}

export interface PostOptions {
  policy: DestinationPolicy;
  timeoutMs: number;
  maxBytes: number;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Why a request got no answer, in words and without its URL (a Slack or Telegram URL holds a
 * secret; an errno message names the address): "refused by policy: link-local address
 * 169.254.169.254", "timed out after 10 s", "could not connect (ECONNREFUSED)".
 */
export function failureText(err: unknown): string {
  if (err instanceof PolicyRefusal) return err.message;
  if (err instanceof DeadlineError) return `timed out after ${seconds(err.timeoutMs)}`;
  const code = err instanceof Error ? (err as NodeJS.ErrnoException).code : undefined;
  return typeof code === 'string' ? `could not connect (${code})` : 'could not connect';
}

/** Whether `err` is the request's own failure (policy, deadline, the network), which failureText words. */
export const isRequestFailure = (err: unknown): boolean =>
  err instanceof PolicyRefusal || err instanceof DeadlineError || (err instanceof Error && 'syscall' in err && typeof (err as NodeJS.ErrnoException).code === 'string');

const refusal = (judgement: Judgement): PolicyRefusal | null => (judgement.allowed ? null : new PolicyRefusal(refusedText(judgement.reason)));

/** node:net's look-up for one destination host: every address DNS gives is judged; the socket gets only judged ones. */
function policyLookup(name: string, policy: DestinationPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family === 4 || options.family === 6 ? options.family : 0;
    policy.resolve(hostname, family).then(
      (addresses) => {
        const refused = addresses.map((a) => refusal(judgeAddress(a.address, policy.allow, name))).find((r) => r !== null);
        const first = addresses[0];
        if (refused) callback(refused, '', 0);
        else if (!first) callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND', syscall: 'getaddrinfo' }), '', 0);
        else if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** One POST of `payload` as JSON to `url`, within the policy, the deadline and the size bound; rejects when no answer came. */
export function postJson(url: string, payload: unknown, { policy, timeoutMs, maxBytes }: PostOptions): Promise<Answer> {
  const host = urlHost(url);
  const target = host ? new URL(url) : null;
  if (!host || !target || (target.protocol !== 'http:' && target.protocol !== 'https:')) return Promise.reject(new Error('no valid URL'));
  if ('ip' in host) {
    const refused = refusal(judgeAddress(host.ip, policy.allow));
    if (refused) return Promise.reject(refused);
  }
  const body = Buffer.from(JSON.stringify(payload));
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length },
      agent: false,
      ...('name' in host ? { lookup: policyLookup(host.name, policy) } : {}),
    });
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
      // Whatever is left of the answer is not read: the connection goes.
      request.destroy();
    };
    const deadline = setTimeout(() => settle(() => reject(new DeadlineError(timeoutMs))), timeoutMs);
    request.on('error', (err) => settle(() => reject(err)));
    request.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const answer = (complete: boolean) => settle(() => resolve({ status, body: Buffer.concat(chunks), complete }));
      response.on('data', (chunk: Buffer) => {
        if (size + chunk.length > maxBytes) {
          chunks.push(chunk.subarray(0, maxBytes - size));
          size = maxBytes;
          answer(false);
          response.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => answer(true));
      // Closed by the destination before its end: the status it sent still stands.
      response.on('close', () => answer(false));
      // Reported through 'close'; without a listener an aborted answer would throw.
      response.on('error', () => undefined);
    });
    request.end(body);
  });
}
