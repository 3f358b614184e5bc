/* global console, process */
// `npm audit --omit=dev` must report no high or critical vulnerability in what ships.
// Fails CI on a finding; when the advisory endpoint cannot be reached (this workplace's registry
// mirror answers 405 to the bulk advisory POST) it says so plainly instead of pretending to pass.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  report = {};
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const why = report.message ?? report.error?.summary ?? (run.stderr || 'no output').trim().split('\n').pop();
  console.log(`npm audit unavailable here (${why}); not a pass: run it where the advisory endpoint is reachable`);
  process.exit(0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
if (serious > 0) {
  console.log('high or critical vulnerabilities in shipped dependencies: failing');
  process.exit(1);
}
