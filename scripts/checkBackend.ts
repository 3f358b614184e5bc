/**
 * npm run check-backend -- --url https://… --admin-key … [--operator-key …] [--writes] [--listen 30] [--json report.json]
 *
 * Checks a backend against the console's wire contract (src/contract, docs/openapi.json,
 * docs/asyncapi.json): one line per check (✔ conforms, ✘ does not, – not provided or skipped), a
 * summary, and a JSON report for CI. Exit code 0 only when every required check passes. Writes are
 * checked only with --writes, on records the checker creates and deletes.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatCheck, formatSummary } from './checkBackend/report.ts';
import { runConformance } from './checkBackend/run.ts';

const USAGE = 'usage: npm run check-backend -- --url <origin> --admin-key <key> [--operator-key <key>] [--writes] [--listen <seconds>] [--json <file>]';
/** Default listening window, in seconds. */
const LISTEN_SECONDS_DEFAULT = 30;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      'admin-key': { type: 'string' },
      'operator-key': { type: 'string' },
      writes: { type: 'boolean', default: false },
      listen: { type: 'string', default: String(LISTEN_SECONDS_DEFAULT) },
      json: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const listenSeconds = Number(values.listen);
  if (values.help || !values.url || !values['admin-key'] || !Number.isFinite(listenSeconds) || listenSeconds < 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  process.stdout.write(`checking ${values.url}${values.writes ? ' (with writes)' : ''}, listening ${listenSeconds} s to the socket…\n`);
  const report = await runConformance({
    url: values.url,
    adminKey: values['admin-key'],
    ...(values['operator-key'] ? { operatorKey: values['operator-key'] } : {}),
    writes: values.writes,
    listenSeconds,
  });
  for (const check of report.checks) process.stdout.write(`${formatCheck(check)}\n`);
  process.stdout.write(`\n${formatSummary(report.summary)}\n`);
  if (values.json) {
    writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`report written to ${values.json}\n`);
  }
  return report.ok ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`check-backend failed to run: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 2;
  },
);
