/**
 * Bundle budgets (docs/decisions.md "Bundle budgets and lazy chunks"), computed from a production
 * build's Vite manifest (build.manifest in vite.config.ts writes <outDir>/.vite/manifest.json).
 * Deterministic: byte counts of the files the build wrote, gzipped here with zlib's default level,
 * in kB of 1,000 bytes (as Vite's build report prints them).
 *
 * - login: the entry chunk and everything it imports statically (what index.html loads and
 *   modulepreloads), plus the lazy chunks the /login screen loads (none: LoginPage is in the entry).
 * - home: the login set plus the lazy chunks the signed-in frame and the home route load: the roots
 *   in SCREEN_LAZY_ROOTS.home, their static imports, and, followed recursively, the dynamic imports
 *   of those lazy chunks (widgets). Not followed: the entry's own dynamic imports (the other routes),
 *   ON_DEMAND modules, whose code loads only when an operator asks for them (a Swap window), and
 *   HOME_AFTER_PAINT modules, which home loads once it has painted (measured as homeAfterPaint).
 *   tests/e2e/bundle.e2e.ts checks that both sets are exactly the JS Chromium fetches.
 * - largest lazy chunk: the biggest chunk outside the login set (on-demand ones included).
 *
 * Used by tests/e2e/bundle.e2e.ts (enforces the budgets) and bench/bundle.bench.ts (prints them).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budgets, in kB (1,000 bytes) of gzipped JS. The one place these numbers live. */
export const BUNDLE_BUDGETS_KB = { login: 330, home: 400, lazyChunk: 120 } as const;

/**
 * The lazy modules (manifest keys: source paths) each screen loads beyond the entry. Layout loads the
 * signed-in frame lazily; the frame loads the realtime connection and the floating windows lazily;
 * / is the home route.
 */
export const SCREEN_LAZY_ROOTS = {
  login: [] as string[],
  home: [
    'src/layout/SignedInLayout.tsx',
    'src/app/RealtimeConnection.tsx',
    'src/widgets/FloatingWindows/index.ts',
    'src/screens/home/views.tsx',
  ],
};

/**
 * Lazy modules home loads after its first paint (the Performance card, the Gas and balances
 * table with its sparklines, and the charts they load; the frame's status line, which reads the
 * live state once a second and so has nothing to show before the first second anyway): not in
 * home's first-paint budget, each chunk under the lazy-chunk budget, and measured as `homeAfterPaint`.
 */
export const HOME_AFTER_PAINT = [
  'src/widgets/Performance/PerformanceCard.tsx',
  'src/widgets/NetworkStats/NetworkStats.tsx',
  'src/widgets/StatusLine/StatusLine.tsx',
  'src/widgets/UserLogFeed/UserLogFeed.tsx',
];

/** Lazy modules loaded on an operator's action, not to show a screen: never followed into a screen's set. */
export const ON_DEMAND = [
  'src/widgets/SwapQuote/SwapQuoteWindow.tsx',
  'src/widgets/FloatingWindows/FloatingWindow.tsx',
  'src/widgets/WorkerControls/WorkerActionsDialog.tsx',
  'src/widgets/ServiceStatus/RestartServiceDialog.tsx',
  'src/widgets/ServiceStatus/RestartPeerDialog.tsx',
  'src/widgets/Statistics/StatisticDialog.tsx',
  'src/notifications/centre/CentrePanel.tsx',
  'src/widgets/VolumeControl/LazySlider.tsx',
];

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  /** Path relative to the build folder, e.g. assets/index-abc.js. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface ScreenSet {
  files: string[];
  gzipBytes: number;
}

export interface BundleFigures {
  dir: string;
  login: ScreenSet;
  home: ScreenSet;
  /** What home loads after its first paint (HOME_AFTER_PAINT and what they load), beyond the home set. */
  homeAfterPaint: ScreenSet;
  /** Chunks outside the login set, largest first. */
  lazyChunks: ChunkSize[];
  largestLazy: ChunkSize;
  /** Every JS chunk of the build, largest first. */
  chunks: ChunkSize[];
}

export const KB = 1000;

export function readManifest(dir: string): Manifest {
  const path = join(dir, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: build with build.manifest on (vite.config.ts) first, e.g. \`npm run build\``);
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function chunk(manifest: Manifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`the Vite manifest has no chunk "${key}" (was it renamed? update SCREEN_LAZY_ROOTS in bench/lib/bundle.ts)`);
  return found;
}

/** The keys and everything they import statically, transitively. */
export function staticClosure(manifest: Manifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of chunk(manifest, key).imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * The roots' static closure, plus the dynamic imports of every chunk in it that is not in `loaded`,
 * recursively; `skip` modules (by default ON_DEMAND and HOME_AFTER_PAINT) are not followed.
 */
export function lazyClosure(
  manifest: Manifest,
  roots: readonly string[],
  loaded: ReadonlySet<string>,
  skip: readonly string[] = [...ON_DEMAND, ...HOME_AFTER_PAINT],
): Set<string> {
  const seen = new Set<string>();
  let frontier = [...roots];
  while (frontier.length > 0) {
    const added = [...staticClosure(manifest, frontier)].filter((key) => !seen.has(key));
    added.forEach((key) => seen.add(key));
    frontier = added
      .filter((key) => !loaded.has(key))
      .flatMap((key) => chunk(manifest, key).dynamicImports ?? [])
      .filter((key) => !seen.has(key) && !skip.includes(key));
  }
  return seen;
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  return entries[0]![0];
}

export function measureFile(dir: string, file: string): ChunkSize {
  const content = readFileSync(join(dir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
}

/** The budget figures of the build in `dir`. */
export function bundleFigures(dir: string): BundleFigures {
  const manifest = readManifest(dir);
  const sizes = new Map<string, ChunkSize>();
  const size = (file: string) => {
    let known = sizes.get(file);
    if (!known) {
      known = measureFile(dir, file);
      sizes.set(file, known);
    }
    return known;
  };
  const screen = (keys: Iterable<string>): ScreenSet => {
    const files = [...new Set([...keys].map((key) => chunk(manifest, key).file))].filter((f) => f.endsWith('.js')).sort();
    return { files, gzipBytes: files.reduce((sum, f) => sum + size(f).gzipBytes, 0) };
  };

  const entryClosure = staticClosure(manifest, [entryKey(manifest)]);
  const loginKeys = new Set([...entryClosure, ...lazyClosure(manifest, SCREEN_LAZY_ROOTS.login, entryClosure)]);
  const homeKeys = new Set([...loginKeys, ...lazyClosure(manifest, SCREEN_LAZY_ROOTS.home, loginKeys)]);
  const afterPaintKeys = lazyClosure(manifest, HOME_AFTER_PAINT, homeKeys, ON_DEMAND);
  const login = screen(loginKeys);
  const home = screen(homeKeys);
  const homeFiles = new Set(home.files);
  const afterPaint = screen(afterPaintKeys);
  const homeAfterPaint = { files: afterPaint.files.filter((f) => !homeFiles.has(f)), gzipBytes: 0 };
  homeAfterPaint.gzipBytes = homeAfterPaint.files.reduce((sum, f) => sum + size(f).gzipBytes, 0);

  const allFiles = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
  const chunks = allFiles.map(size).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const loginFiles = new Set(login.files);
  const lazyChunks = chunks.filter((c) => !loginFiles.has(c.file));
  const largestLazy = lazyChunks[0] ?? { file: '(none)', bytes: 0, gzipBytes: 0 };
  return { dir, login, home, homeAfterPaint, lazyChunks, largestLazy, chunks };
}

export const kb = (bytes: number) => bytes / KB;
