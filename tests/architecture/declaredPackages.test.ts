/**
 * Every package the code imports is declared in package.json at the version installed, and every
 * declared package is used: an undeclared import works only while another package happens to bring
 * it along, at whatever version that one wants.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['src', 'server', 'scripts', 'bench', 'tests', '.ci'];
const CONFIGS = ['vite.config.ts', 'vitest.config.ts', 'vitest.e2e.config.ts', 'eslint.config.js'];

/**
 * Declared but never imported by name, each for a reason: loaded by a command line, a tool or a
 * peer's requirement rather than an import statement.
 */
const USED_WITHOUT_IMPORT: Record<string, string> = {
  tsx: 'node --import tsx runs the server, scripts and benches (package.json scripts)',
  typescript: 'tsc is the typecheck',
  vite: 'the build (vite build) and its config',
  jsdom: "vitest's jsdom environment, named in the DOM tests' environment comments",
  'react-router': "react-admin's peer: pinned with react-router-dom so both routers are one version",
  '@types/node': 'types for node: imports',
  '@types/react': 'types for react',
  '@types/react-dom': 'types for react-dom',
  '@types/better-sqlite3': 'types for better-sqlite3',
  '@types/autocannon': 'types for autocannon',
  '@emotion/react': "MUI's styling engine, a peer of @mui/material",
  '@emotion/styled': "MUI's styling engine, a peer of @mui/material",
  '@testing-library/dom': 'a peer of @testing-library/react',
  eslint: 'npm run lint',
};

/** Imported but deliberately not declared, each for a reason. */
const IMPORTED_WITHOUT_DECLARING: Record<string, string> = {
  '@mui/x-charts': 'the chart-library bench installs it (--no-save) only to re-run that comparison',
};

const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = { ...packageJson.dependencies, ...packageJson.devDependencies };

function files(dir: string): string[] {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(file);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [file] : [];
  });
}

// Static imports and export-froms start a line (examples in comments do not); dynamic import() and
// require() anywhere (createRequire's too); vi.mock names a package too.
const SPECIFIERS = [
  /^[ \t]*(?:import|export)\b[^;'"]*?\bfrom[ \t]*['"]([^'"\n]+)['"]/gm,
  /^[ \t]*import[ \t]*['"]([^'"\n]+)['"]/gm,
  /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  /\brequire\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  /\bcreateRequire\([^)]*\)\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  /\bvi\.mock\(\s*['"]([^'"\n]+)['"]/g,
];

/** The package a bare specifier names ('@mui/material/Button' → '@mui/material'); null for a path or a builtin. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  if (specifier.startsWith('virtual:') || specifier.startsWith('\0')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '');
  if (builtinModules.includes(name)) return null;
  return name;
}

const imports = new Map<string, string[]>();
for (const file of [...SCANNED.flatMap(files), ...CONFIGS.filter((f) => existsSync(path.join(ROOT, f)))]) {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  for (const pattern of SPECIFIERS) {
    for (const match of text.matchAll(pattern)) {
      const name = packageOf(match[1] ?? '');
      if (name) imports.set(name, [...(imports.get(name) ?? []), file]);
    }
  }
}

const installedVersion = (name: string): string | undefined =>
  (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string }).version;

describe('declared packages (package.json)', () => {
  it('every package imported by the code, its tests, scripts and benches is declared', () => {
    const undeclared = [...imports.entries()].filter(([name]) => !(name in declared) && !(name in IMPORTED_WITHOUT_DECLARING)).map(([name, where]) => `${name} (${[...new Set(where)].slice(0, 3).join(', ')})`);
    expect(undeclared).toEqual([]);
  });

  it('every declared package is imported, or used by a tool for a reason named here', () => {
    const unused = Object.keys(declared).filter((name) => !imports.has(name) && !(name in USED_WITHOUT_IMPORT));
    expect(unused).toEqual([]);
  });

  it('each is declared at the exact version installed', () => {
    const drift = Object.entries(declared)
      .filter(([name, version]) => existsSync(path.join(ROOT, 'node_modules', name, 'package.json')) && installedVersion(name) !== version)
      .map(([name, version]) => `${name}: declared ${version}, installed ${installedVersion(name)}`);
    expect(drift).toEqual([]);
  });
});
