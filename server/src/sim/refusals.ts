/**
 * Refusals (simulator control `refuse`): the next `times` requests to one method and path are
 * answered with a given status and `{ error }`, as a backend in trouble would answer them. Browser
 * tests use it to see the console handle a real refusal of the real server, not a mocked one.
 *
 * The hook runs after the auth hook (it is registered after it), so a request without a session or
 * role is still refused by auth first and does not use up a refusal; and before the body is read,
 * so what is refused is the call, whatever it carries. Nothing is changed and no user log written.
 */
import fp from 'fastify-plugin';
import { HttpError } from '../lib/httpError.ts';
import { canonicalPath } from '../lib/paths.ts';

export interface Refusal {
  method: string;
  /** The request path as the console sends it, e.g. /api/services/worker/restart. */
  path: string;
  status: number;
  error: string;
  /** How many of the next matching requests are refused; 0 withdraws what is left. */
  times: number;
}

export interface Refusals {
  refuse(refusal: Refusal): void;
  /** The refusals not used up yet. */
  pending(): Refusal[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when the simulator is off: the control route that sets refusals is not there either. */
    refusals: Refusals | null;
  }
}

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${canonicalPath(path)}`;

export default fp<{ enabled: boolean }>(
  async (app, options) => {
    if (!options.enabled) {
      app.decorate('refusals', null);
      return;
    }
    const rules = new Map<string, Refusal>();
    app.decorate('refusals', {
      refuse({ method, path, status, error, times }) {
        const key = keyOf(method, path);
        if (times > 0) rules.set(key, { method, path, status, error, times });
        else rules.delete(key);
      },
      pending: () => [...rules.values()].map((rule) => ({ ...rule })),
    });

    app.addHook('onRequest', async (request) => {
      if (rules.size === 0) return;
      const key = keyOf(request.method, request.url);
      const rule = rules.get(key);
      if (!rule) return;
      rule.times -= 1;
      if (rule.times === 0) rules.delete(key);
      throw new HttpError(rule.status, rule.error);
    });
  },
  { name: 'refusals', dependencies: ['auth', 'errors'] },
);
