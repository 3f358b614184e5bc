/**
 * `npm test`: every check in order (typecheck, lint, unit, build, browser), stopping at the first
 * that fails, and a table of how long each phase took, so a slow phase shows up next to its commit.
 * The browser tests serve the build this run just made (dist/): the console is built once.
 */
import { spawnSync } from 'node:child_process';

const PHASES: [name: string, script: string][] = [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
  ['unit, component and server tests', 'test:unit'],
  ['build', 'build'],
  ['browser tests', 'test:e2e'],
];

const took: string[] = [];
let status = 0;
const started = Date.now();
for (const [name, script] of PHASES) {
  console.log(`\n== ${name} (npm run ${script})`);
  const phaseStarted = Date.now();
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - phaseStarted) / 1000);
  took.push(`${name.padEnd(34)} ${String(seconds).padStart(5)} s${result.status === 0 ? '' : '  FAILED'}`);
  if (result.status !== 0) {
    status = result.status ?? 1;
    break;
  }
}
console.log(`\n== how long each phase took\n${took.join('\n')}\n${'all'.padEnd(34)} ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s`);
process.exit(status);
