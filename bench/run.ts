/**
 * `npm run bench`: runs every bench/*.bench.ts (each exports `run(): Promise<BenchResult[]>`),
 * prints one table (then any lines a bench's `afterTable()` returns) and writes bench/results.json. Pass names to run a subset: `npm run bench -- tokenSearch`.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type { BenchResult } from './types.ts';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const results: (BenchResult & { file: string })[] = [];
/** Lines a bench prints after the table (`afterTable()`), e.g. firehose's comparison with its recorded figures. */
const after: (() => string[])[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<BenchResult[]>; afterTable?: () => string[] };
  if (typeof mod.run !== 'function') {
    console.warn(`${file}: exports no run(); skipped`);
    continue;
  }
  process.stdout.write(`running ${file}…\n`);
  for (const r of await mod.run()) results.push({ ...r, file });
  if (typeof mod.afterTable === 'function') after.push(mod.afterTable);
}

const rows = results.map((r) => [
  r.name,
  Number.isInteger(r.figure) ? String(r.figure) : r.figure.toPrecision(4),
  r.unit,
  r.target ?? '',
  r.ratio === undefined ? '' : `${r.ratio.toFixed(1)}x`,
]);
const header = ['benchmark', 'figure', 'unit', 'target', 'vs baseline'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
for (const lines of after) for (const text of lines()) console.log(text);
writeFileSync(join(here, 'results.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
