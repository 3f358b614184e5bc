/**
 * Initial-load figures: gzipped JS to show /login, to show the home screen after sign-in, and the
 * largest lazy chunk, from the Vite manifest of a fresh build (bench/lib/bundle.ts, the same
 * computation tests/e2e/bundle.e2e.ts enforces). Builds the console into a temporary folder itself,
 * so it works from a fresh clone after `npm ci` and never touches dist/.
 *
 *   npm run bench -- bundle
 */
import { pathToFileURL } from 'node:url';
import { BUNDLE_BUDGETS_KB, bundleFigures, kb } from './lib/bundle.ts';
import { buildConsole } from './lib/liveConsole.ts';
import type { BenchResult } from './types.ts';

const log = (line: string) => process.stdout.write(`  bundle: ${line}\n`);

export async function run(): Promise<BenchResult[]> {
  const build = await buildConsole(log);
  try {
    const f = bundleFigures(build.dir);
    const entry = f.chunks.find((c) => f.login.files.includes(c.file) && /\/index-[^/]+\.js$/.test(c.file));
    log(`login set: ${f.login.files.length} files; home set: ${f.home.files.length} files; ${f.chunks.length} JS chunks in all`);
    return [
      { name: 'bundle: JS to show /login (gzip)', figure: kb(f.login.gzipBytes), unit: 'kB', target: `≤ ${BUNDLE_BUDGETS_KB.login}` },
      { name: 'bundle: JS to show home after sign-in (gzip)', figure: kb(f.home.gzipBytes), unit: 'kB', target: `≤ ${BUNDLE_BUDGETS_KB.home}` },
      { name: 'bundle: JS home loads after its first paint (gzip; Performance card, gas and balances, charts)', figure: kb(f.homeAfterPaint.gzipBytes), unit: 'kB' },
      {
        name: `bundle: largest lazy chunk (${f.largestLazy.file.replace(/^assets\//, '')})`,
        figure: kb(f.largestLazy.gzipBytes),
        unit: 'kB',
        target: `≤ ${BUNDLE_BUDGETS_KB.lazyChunk}`,
      },
      ...(entry ? [{ name: 'bundle: entry chunk (gzip)', figure: kb(entry.gzipBytes), unit: 'kB' }] : []),
      { name: 'bundle: largest chunk of all (gzip)', figure: kb(f.chunks[0]?.gzipBytes ?? 0), unit: 'kB' },
    ];
  } finally {
    build.remove();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await run()) {
    console.log(`${r.name.padEnd(60)} ${r.figure.toFixed(1).padStart(10)} ${r.unit}${r.target ? `  (target ${r.target})` : ''}`);
  }
}
