/**
 * docs/architecture.md "One layout for every screen", checked over src/screens: every screen folder
 * has an index.ts, which src/screens/index.tsx imports it through; a resource's definition is its
 * definition.ts; what loads lazily from the index or the definition is the folder's views.tsx.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCREENS = path.join(ROOT, 'src/screens');

const folders = readdirSync(SCREENS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const filesOf = (folder: string) => readdirSync(path.join(SCREENS, folder)).sort();
const read = (file: string) => readFileSync(path.join(SCREENS, file), 'utf8');

const STATIC = /^[ \t]*(?:import|export)\b[^;'"]*?\bfrom[ \t]*['"]([^'"\n]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
const specifiers = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1] ?? '');

describe('one layout for every screen (docs/architecture.md)', () => {
  it('reads the screens (the checks below would pass on nothing)', () => {
    expect(folders).toEqual(expect.arrayContaining(['home', 'tokens', 'txs', 'cloudGroups']));
    expect(filesOf('cloudGroups')).toEqual(['definition.ts', 'index.ts', 'views.tsx']);
  });

  it('every screen folder has an index.ts, and src/screens/index.tsx takes each folder through it', () => {
    expect(folders.filter((folder) => !filesOf(folder).includes('index.ts'))).toEqual([]);
    const throughIndex = specifiers(read('index.tsx'), STATIC).filter((s) => s.startsWith('./'));
    expect(throughIndex.filter((s) => !/^\.\/[^/]+\/index\.ts$/.test(s))).toEqual([]);
    expect([...new Set(throughIndex.map((s) => s.split('/')[1]))].sort()).toEqual(folders);
  });

  it('no other name for the same file: a definition is definition.ts, lazy views are views.tsx', () => {
    const stray = folders.flatMap((folder) =>
      filesOf(folder)
        .filter((file) => /^(ui|views|definitions)\.tsx?$/.test(file) && file !== 'views.tsx')
        .map((file) => `${folder}/${file}`),
    );
    expect(stray).toEqual([]);
  });

  it("a resource's index.ts exports its definition.ts; what an index or a definition loads lazily is views.tsx", () => {
    const resources = folders.filter((folder) => filesOf(folder).includes('definition.ts'));
    expect(resources.length).toBeGreaterThan(5);
    expect(resources.filter((folder) => !specifiers(read(`${folder}/index.ts`), STATIC).includes('./definition.ts'))).toEqual([]);
    const lazy = folders.flatMap((folder) =>
      ['index.ts', 'definition.ts']
        .filter((file) => filesOf(folder).includes(file))
        .flatMap((file) => specifiers(read(`${folder}/${file}`), DYNAMIC).map((s) => `${folder}/${file} -> ${s}`)),
    );
    expect(lazy.length).toBeGreaterThan(10);
    expect(lazy.filter((edge) => !edge.endsWith(' -> ./views.tsx'))).toEqual([]);
  });
});
