/**
 * `npm ci` on the Node these machines run (20) installs without EBADENGINE warnings: no locked
 * package asks for a newer major. Two that did (content-disposition 3 under @fastify/static,
 * cookie 2 under light-my-request) are pinned in package.json's overrides to releases that declare
 * Node 18 and export what their parents call.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
const engines = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };

/** The lowest Node major a `node` engines range allows, when it is a plain lower bound (>=N, ^N). */
function minimumMajor(range: string): number | null {
  const bounds = range.split('||').map((part) => /^\s*(?:>=|\^)\s*v?(\d+)/.exec(part)?.[1]);
  if (bounds.some((bound) => bound === undefined)) return null;
  return Math.min(...bounds.map(Number));
}

describe('install on Node 20 (package.json engines)', () => {
  it('the project declares Node 20', () => {
    expect(minimumMajor(engines.engines.node)).toBe(20);
  });

  it('no locked package requires a Node newer than 20', () => {
    const tooNew = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        const major = node === undefined ? null : minimumMajor(node);
        return major !== null && major > 20 ? [`${path}@${entry.version}: node ${node}`] : [];
      });
    expect(tooNew).toEqual([]);
  });
});
