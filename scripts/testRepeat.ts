/**
 * `npm run test:repeat -- <file> [n]`: runs one test file n times (3 by default) and prints every
 * failure of every run, then a line per run and a summary. A browser test file (tests/e2e/*.e2e.ts)
 * runs with the browser tests' config against the build in dist/ (or E2E_STATIC_DIR), so build once
 * first. Exits 1 when any run failed: a file counts as steady once it passes three runs in a row.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface AssertionResult {
  fullName: string;
  status: string;
  failureMessages?: string[];
}
interface Report {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; message?: string; assertionResults: AssertionResult[] }[];
}

const [file, countText = '3'] = process.argv.slice(2);
const runs = Number(countText);
if (!file || !existsSync(file) || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run test:repeat -- <test file> [runs, default 3]');
  process.exit(2);
}

const browser = /\.e2e\.ts$/.test(file);
const out = mkdtempSync(join(tmpdir(), 'test-repeat-'));
const lines: string[] = [];
let failedRuns = 0;

for (let run = 1; run <= runs; run++) {
  const json = join(out, `run-${run}.json`);
  const started = Date.now();
  const args = ['vitest', 'run', ...(browser ? ['--config', 'vitest.e2e.config.ts'] : []), file, '--reporter=dot', '--reporter=json', `--outputFile.json=${json}`];
  const result = spawnSync('npx', args, { stdio: ['ignore', 'ignore', 'inherit'], env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (!existsSync(json)) {
    failedRuns += 1;
    lines.push(`run ${run}: no report (vitest exited ${result.status ?? result.signal}) in ${seconds} s`);
    continue;
  }
  const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  const failures = report.testResults.flatMap((f) => [
    ...(f.message ? [{ name: `${f.name} (the file itself)`, messages: [f.message] }] : []),
    ...f.assertionResults.filter((a) => a.status === 'failed').map((a) => ({ name: a.fullName, messages: a.failureMessages ?? [] })),
  ]);
  if (failures.length > 0 || result.status !== 0) failedRuns += 1;
  for (const failure of failures) {
    console.log(`\n✗ run ${run}: ${failure.name}\n${failure.messages.join('\n').split('\n').slice(0, 30).join('\n')}`);
  }
  lines.push(`run ${run}: ${report.numPassedTests} passed, ${report.numFailedTests} failed in ${seconds} s`);
}
rmSync(out, { recursive: true, force: true });

console.log(`\n${file}, ${runs} runs:`);
for (const line of lines) console.log(`  ${line}`);
console.log(failedRuns === 0 ? `steady: all ${runs} runs passed` : `${failedRuns} of ${runs} runs failed`);
process.exit(failedRuns === 0 ? 0 : 1);
