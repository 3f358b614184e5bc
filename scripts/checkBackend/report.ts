/** The checker's results: one per check, printed one line each and written as a JSON report. */

/** pass ✔, fail ✘, notProvided – (an optional extension answered 404), skipped – (nothing to check it on). */
export type CheckStatus = 'pass' | 'fail' | 'notProvided' | 'skipped';

export interface CheckResult {
  /** Stable id for CI: `group.name`, e.g. `lists.txs-content-range`. */
  id: string;
  group: string;
  title: string;
  status: CheckStatus;
  /** The rule the backend must follow, with where it is written. */
  rule: string;
  /** What was sent and what came back, for a failure (and for any check, in the JSON report). */
  request?: string;
  answer?: string;
  /** What is wrong, on a failure; why it was skipped. */
  problem?: string;
  /** Things worth knowing that break no rule (unknown fields, acknowledgements). */
  notes?: string[];
}

export interface Summary {
  passed: number;
  failed: number;
  notProvided: number;
  skipped: number;
  notes: number;
}

export interface Report {
  url: string;
  startedAt: string;
  finishedAt: string;
  /** True only when every required check passed: the exit code is 0 then. */
  ok: boolean;
  summary: Summary;
  checks: CheckResult[];
}

const MARK: Record<CheckStatus, string> = { pass: '✔', fail: '✘', notProvided: '–', skipped: '–' };

export function summarize(checks: readonly CheckResult[]): Summary {
  const count = (status: CheckStatus) => checks.filter((check) => check.status === status).length;
  return {
    passed: count('pass'),
    failed: count('fail'),
    notProvided: count('notProvided'),
    skipped: count('skipped'),
    notes: checks.reduce((sum, check) => sum + (check.notes?.length ?? 0), 0),
  };
}

/** One line per check; a failure adds the rule, the request, the answer and the problem below it. */
export function formatCheck(check: CheckResult): string {
  const suffix = check.status === 'notProvided' ? ' (not provided)' : check.status === 'skipped' ? ` (skipped: ${check.problem ?? ''})` : '';
  const lines = [`${MARK[check.status]} ${check.group}: ${check.title}${suffix}`];
  if (check.status === 'fail') {
    lines.push(`    rule:    ${check.rule}`);
    if (check.request) lines.push(`    request: ${check.request}`);
    if (check.answer) lines.push(`    answer:  ${check.answer}`);
    if (check.problem) lines.push(`    problem: ${check.problem}`);
  }
  for (const note of check.notes ?? []) lines.push(`    note:    ${note}`);
  return lines.join('\n');
}

/** The closing line: deliberately not the "N passed, N failed" form CI reads as a test count. */
export function formatSummary(summary: Summary): string {
  const required = summary.passed + summary.failed;
  return `conformance: ${summary.passed} of ${required} checks conform, ${summary.failed} do not; ${summary.notProvided} optional extension checks not provided, ${summary.skipped} skipped, ${summary.notes} notes`;
}
