/**
 * Nothing the checker prints or writes carries a credential: its report lands in CI logs that many
 * people read, and a failing login check used to print the live Admin session it had been given.
 * The keys it was started with and the sessions it obtained are replaced wherever they appear, and
 * so is anything shaped like a session token (a JWT) or a `token` field, whoever issued it.
 */
import type { CheckResult } from './report.ts';

export const REDACTED = '<redacted>';

/** Three base64url parts, the first a JSON header: what a JWT looks like in any answer. */
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
/** A JSON `token`, `accessKey`, `key`, `secret` or `password` field's string value, in an answer cut short or whole. */
const SECRET_FIELD = /("(?:token|accessKey|key|secret|password|botToken)"\s*:\s*")((?:[^"\\]|\\.)*)(")/gi;

/** The text with every known secret, JWT-shaped string and secret-named JSON field replaced. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret containing another is replaced whole; very short strings are not secrets worth a false match.
  for (const secret of [...new Set(secrets)].filter((s) => s.length >= 6).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(REDACTED);
  }
  return out.replace(JWT, REDACTED).replace(SECRET_FIELD, `$1${REDACTED}$3`);
}

/** A check with each of its texts redacted. */
export function redactCheck(check: CheckResult, secrets: readonly string[]): CheckResult {
  const r = (text: string | undefined) => (text === undefined ? undefined : redact(text, secrets));
  return {
    ...check,
    title: redact(check.title, secrets),
    rule: redact(check.rule, secrets),
    ...(check.request === undefined ? {} : { request: r(check.request) }),
    ...(check.answer === undefined ? {} : { answer: r(check.answer) }),
    ...(check.problem === undefined ? {} : { problem: r(check.problem) }),
    ...(check.notes === undefined ? {} : { notes: check.notes.map((note) => redact(note, secrets)) }),
  };
}
