/**
 * What the code cites can be looked up in the repository: every `§N` is a heading of
 * docs/product.md, every `docs/protocol.md "<section>"` a heading of docs/protocol.md, no file names
 * a document the repository does not hold, and no comment or test sends the reader to an issue
 * number nobody outside can follow.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['src', 'server', 'scripts', 'tests', 'bench', 'docs', '.ci'];
const TOP = ['README.md', 'SECURITY.md'];
/** Generated from src/contract (npm run docs:contract): what they cite is checked at the source. */
const GENERATED = new Set(['docs/openapi.json', 'docs/asyncapi.json']);

function files(dir: string): string[] {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(file);
    return /\.(ts|tsx|js|mjs|md|json|sql)$/.test(entry.name) && !GENERATED.has(file) ? [file] : [];
  });
}

const texts = [...SCANNED.flatMap(files), ...TOP].map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
const headings = (doc: string) =>
  readFileSync(path.join(ROOT, doc), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('#'))
    .map((line) => line.replace(/^#+\s*/, '').trim());

/** Every match of `pattern` as `file:line: text`, for a failure that says where. */
function where(pattern: RegExp, keep: (match: RegExpMatchArray) => boolean = () => true): string[] {
  return texts.flatMap(({ file, text }) =>
    text.split('\n').flatMap((line, i) => [...line.matchAll(pattern)].filter(keep).map((m) => `${file}:${i + 1}: ${m[0]}`)),
  );
}

describe('citations resolve inside the repository', () => {
  it('every § cited is a section of docs/product.md', () => {
    const sections = new Set(headings('docs/product.md').flatMap((h) => /^§(\d+)\b/.exec(h)?.[1] ?? []));
    expect(sections.size).toBeGreaterThanOrEqual(9);
    // RFCs and other standards cite their own § numbers ("RFC 9110 §15.5.20").
    const unknown = where(/(?<!RFC \d+ )§(\d+)(?!\.\d)/g, (m) => !sections.has(m[1] ?? ''));
    expect(unknown).toEqual([]);
  });

  it('every docs/protocol.md "<section>" cited is a heading of docs/protocol.md', () => {
    const known = new Set(headings('docs/protocol.md'));
    const unknown = where(/docs\/protocol\.md "([^"<][^"]*)"/g, (m) => !known.has(m[1] ?? ''));
    expect(unknown).toEqual([]);
  });

  it('no file names a document the repository does not hold', () => {
    // Judged by name only: whatever lies beside a checkout is not part of it.
    const outside = where(/\b(SPEC|PROTOCOL|STYLE|STACK)\.md\b/g, (m) => !existsSync(path.join(ROOT, m[0])));
    expect(outside).toEqual([]);
  });

  it('no issue or finding numbers: a comment says why the code is as it is now', () => {
    expect(where(/\b(issue|finding)s? #?\d+/gi)).toEqual([]);
  });
});
