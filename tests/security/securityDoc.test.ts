import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const doc = readFileSync('SECURITY.md', 'utf8');

describe('SECURITY.md states only what tests prove', () => {
  it('every test file it names as proof exists', () => {
    const named = [...new Set([...doc.matchAll(/`(tests\/[^`]+\.(?:test|e2e)\.tsx?)`/g)].map((m) => m[1] ?? ''))];
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((file) => !existsSync(file))).toEqual([]);
  });

  it('it does not claim the encrypted token protects a copied profile', () => {
    expect(doc).not.toMatch(/protects a copied profile/i);
    expect(doc).toMatch(/does not protect a copied profile/i);
    const source = readFileSync('src/authProvider/secureStorage.ts', 'utf8');
    expect(source).not.toMatch(/exported profile/);
    expect(source).toMatch(/copy of the whole\s+\* profile/);
  });
});
