/**
 * Console extensions a backend may leave out (docs/protocol.md "Stats"): its 404 is not a failure but an
 * answer, "this backend does not provide it", which the screens show as such (no error toast) and
 * use to hide what depends on it. Any other failure is thrown as usual.
 */
import { errorStatus } from './apiFetch.ts';

export type Provided<T> = { provided: true; data: T } | { provided: false };

/** What `call` answered, or `{ provided: false }` when the backend answered 404. */
export async function providedOr404<T>(call: Promise<T>): Promise<Provided<T>> {
  try {
    return { provided: true, data: await call };
  } catch (error) {
    if (errorStatus(error) === 404) return { provided: false };
    throw error;
  }
}
