/**
 * docs/architecture.md "Dependencies point one way", for files: no module of src/ or server/src
 * reaches itself again through its imports. Every static import and export-from (`import type` and
 * `export type` included: a type-only cycle still ties two modules into one unit to read and move),
 * every bare import and every dynamic import() counts, a relative specifier resolved to a file. A
 * failure names each cycle as its strongly connected component and one path around it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [file] : [];
  });
}

// As in dependencies.test.ts: a static import or export-from starts a line (which keeps examples in
// comments out) and its bindings may span lines; a dynamic import() may be anywhere.
const FROM = /^[ \t]*(?:import|export)\b[^;'"]*?\bfrom[ \t]*['"]([^'"\n]+)['"]/gm;
const BARE = /^[ \t]*import[ \t]*['"]([^'"\n]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

const isFile = (file: string) => existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).isFile();

/** The repository file a relative specifier names (with or without its extension, or a folder's index); null for a package or an asset. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base, ...['.ts', '.tsx', '.mts'].map((ext) => base + ext), ...['index.ts', 'index.tsx'].map((index) => path.posix.join(base, index))];
  return candidates.find((file) => /\.(ts|tsx|mts)$/.test(file) && isFile(file)) ?? null;
}

const FILES = [...sourceFiles('src'), ...sourceFiles('server/src')];

const GRAPH = new Map<string, string[]>(
  FILES.map((file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const specifiers = [FROM, BARE, DYNAMIC].flatMap((pattern) => [...text.matchAll(pattern)]).map((m) => m[1] ?? '');
    const targets = specifiers.map((specifier) => resolve(file, specifier)).filter((to): to is string => to !== null);
    return [file, [...new Set(targets)].sort()];
  }),
);

/** Tarjan's strongly connected components; those of more than one file, or of a file importing itself, are cycles. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return found;
}

/** One way around a component, from its first file back to it: `a -> b -> a`. */
function pathAround(component: readonly string[], graph: ReadonlyMap<string, readonly string[]>): string {
  const members = new Set(component);
  const start = component[0] ?? '';
  // Breadth first from start inside the component, until an import leads back to start.
  const cameFrom = new Map<string, string>();
  const queue = [start];
  let last: string | undefined;
  search: while (queue.length > 0) {
    const file = queue.shift() ?? '';
    for (const to of graph.get(file) ?? []) {
      if (to === start) {
        last = file;
        break search;
      }
      if (!members.has(to) || cameFrom.has(to)) continue;
      cameFrom.set(to, file);
      queue.push(to);
    }
  }
  const way = [start];
  for (let file = last; file !== undefined && file !== start; file = cameFrom.get(file)) way.splice(1, 0, file);
  return [...way, start].join(' -> ');
}

describe('no import cycles in src/ and server/src (docs/architecture.md)', () => {
  it('reads the imports (the check below would pass on nothing)', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(GRAPH.get('src/App.tsx')).toContain('src/kit/register.tsx');
    expect(GRAPH.get('src/contract/index.ts')).toContain('src/contract/socket.ts');
    expect(GRAPH.get('server/src/server.ts')).toContain('server/src/app.ts');
    // A type-only import and a dynamic import() are edges too.
    expect([...GRAPH.values()].flat().length).toBeGreaterThan(FILES.length);
    expect(GRAPH.get('src/kit/register.tsx')).toContain('src/kit/ResourceList.tsx');
    expect(GRAPH.get('src/kit/definition.ts')).toContain('src/dataProvider/resourceProvider.ts');
  });

  it('finds a cycle when there is one (the check below is not blind)', () => {
    const sample = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]);
    expect(cycles(sample).map((component) => pathAround(component, sample))).toEqual(['a.ts -> b.ts -> c.ts -> a.ts']);
  });

  it('no file reaches itself through its imports', () => {
    expect(cycles(GRAPH).map((component) => `${component.length} files: ${pathAround(component, GRAPH)} (all: ${component.join(', ')})`)).toEqual([]);
  });
});
