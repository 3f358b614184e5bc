/** Config JSON editing: parse with a line-numbered error, and a line diff of the change. */

export type ParseResult = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Line and column (1-based) of a character offset. */
function lineCol(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

/** A config's data must be a JSON object; the error names the line (and column) where parsing stopped. */
export function parseConfigJson(text: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const position = /position (\d+)/.exec(message);
    const where = position ? lineCol(text, Number(position[1])) : /line (\d+) column (\d+)/.exec(message) ? null : { line: lineCol(text, text.length).line, column: 1 };
    const reason = message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '');
    if (where) return { ok: false, error: `line ${where.line}, column ${where.column}: ${reason}` };
    return { ok: false, error: message };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'line 1: the config must be a JSON object' };
  return { ok: true, value: value as Record<string, unknown> };
}

export const formatConfig = (data: unknown): string => JSON.stringify(data, null, 2);

export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Line diff by longest common subsequence (configs are a few hundred lines). */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = lcs[i] as Uint32Array;
    const next = lcs[i + 1] as Uint32Array;
    for (let j = m - 1; j >= 0; j--) row[j] = a[i] === b[j] ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i] as string });
      i++;
      j++;
    } else if ((lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0)) out.push({ kind: 'removed', text: a[i++] as string });
    else out.push({ kind: 'added', text: b[j++] as string });
  }
  while (i < n) out.push({ kind: 'removed', text: a[i++] as string });
  while (j < m) out.push({ kind: 'added', text: b[j++] as string });
  return out;
}
