/**
 * Tests that click like a person: every browser test presses controls with Playwright's click() and
 * its actionability checks (visible, stable, enabled, and the topmost element at the point it
 * clicks). A synthetic click skips that hit-testing, so a control hidden under a toast would still
 * "work" in a test while a person's click lands on the toast. This check reads every file under
 * tests/e2e/ and fails, naming file and line, on:
 * - a dispatched click: `dispatchEvent('click'…)` or a `new MouseEvent('click'…)`/PointerEvent;
 * - `force: true`, which skips the actionability checks, anywhere but a file-system call's options
 *   (`rmSync(dir, { recursive: true, force: true })`);
 * - `.click()` inside code run in the page (`evaluate`, `$eval`, `$$eval`, `evaluateAll`,
 *   `evaluateHandle`, `waitForFunction`, `addInitScript`), which is the DOM's click, not a pointer.
 * Comments are ignored (they may name what is forbidden); strings are not (code for the page can be one).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const E2E_DIR = 'tests/e2e';

interface SyntheticClick {
  line: number;
  kind: 'dispatched click' | 'force: true' | 'click() in the page';
  text: string;
}

/**
 * Calls whose arguments may say `force: true` without touching a control: the file system's
 * options, and data (a request body a test expects or sends, as a guarded refund's `force`).
 */
const FS_CALLS = new Set([
  'rmSync', 'rm', 'rmdir', 'rmdirSync', 'cpSync', 'cp',
  'toEqual', 'toStrictEqual', 'toMatchObject', 'objectContaining', 'stringify',
]);
/** Calls whose callback (or string) runs inside the page. */
const IN_PAGE_CALLS = new Set(['evaluate', '$eval', '$$eval', 'evaluateAll', 'evaluateHandle', 'waitForFunction', 'addInitScript']);

/**
 * The source with comments blanked (newlines kept, so offsets and lines stay), and for each offset
 * whether it is inside a string or template literal (a parenthesis there does not count).
 */
function lexed(source: string): { code: string; inString: boolean[] } {
  const out = source.split('');
  const inString = new Array<boolean>(source.length).fill(false);
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let k = i + 1;
      while (k < source.length && source[k] !== c) {
        if (source[k] === '\\') k++;
        else if (c !== '`' && source[k] === '\n') break;
        k++;
      }
      for (let m = i; m <= k && m < source.length; m++) inString[m] = true;
      i = k + 1;
    } else {
      i++;
    }
  }
  return { code: out.join(''), inString };
}

/** The offset of the `(` that opens the call around `at`, or -1 at top level. */
function openingParen(code: string, inString: boolean[], at: number): number {
  let depth = 0;
  for (let k = at - 1; k >= 0; k--) {
    if (inString[k]) continue;
    const c = code[k];
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth === 0 && c === '(') return k;
      if (depth > 0) depth--;
    }
  }
  return -1;
}

/** The offset of the `)` that closes the call opened at `open`. */
function closingParen(code: string, inString: boolean[], open: number): number {
  let depth = 0;
  for (let k = open; k < code.length; k++) {
    if (inString[k]) continue;
    const c = code[k];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return k;
    }
  }
  return code.length;
}

/** The name called right before the `(` at `open` (`fs.rmSync(` gives rmSync), or ''. */
const calleeBefore = (code: string, open: number) => /([\w$]+)\s*(?:<[^<>()]*>)?\s*$/.exec(code.slice(Math.max(0, open - 120), open))?.[1] ?? '';

const lineAt = (source: string, offset: number) => source.slice(0, offset).split('\n').length;
const lineText = (source: string, offset: number) => source.split('\n')[lineAt(source, offset) - 1]?.trim() ?? '';

/** Every synthetic click in one file's source, in order of appearance. */
function findSyntheticClicks(source: string): SyntheticClick[] {
  const { code, inString } = lexed(source);
  const found: SyntheticClick[] = [];
  const add = (offset: number, kind: SyntheticClick['kind']) => {
    const line = lineAt(source, offset);
    if (!found.some((f) => f.line === line && f.kind === kind)) found.push({ line, kind, text: lineText(source, offset) });
  };

  for (const m of code.matchAll(/\bdispatchEvent\s*\(\s*(['"`])(?:click|dblclick|mousedown|mouseup|pointerdown|pointerup)\1/g)) add(m.index, 'dispatched click');
  for (const m of code.matchAll(/\bnew\s+(?:Mouse|Pointer)Event\s*\(\s*(['"`])(?:click|dblclick|mousedown|mouseup|pointerdown|pointerup)\1/g)) add(m.index, 'dispatched click');

  for (const m of code.matchAll(/\bforce\s*:\s*true\b/g)) {
    if (inString[m.index]) continue;
    const open = openingParen(code, inString, m.index);
    if (open !== -1 && FS_CALLS.has(calleeBefore(code, open))) continue;
    add(m.index, 'force: true');
  }

  for (const m of code.matchAll(/(?:\.|\b)([\w$]+)\s*(?:<[^<>()]*>)?\s*\(/g)) {
    if (!IN_PAGE_CALLS.has(m[1] ?? '') || inString[m.index]) continue;
    const open = m.index + m[0].length - 1;
    const close = closingParen(code, inString, open);
    const body = code.slice(open, close);
    for (const click of body.matchAll(/\.click\s*\(/g)) add(open + click.index, 'click() in the page');
  }
  return found.sort((a, b) => a.line - b.line);
}

function e2eFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return e2eFiles(file);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [file] : [];
  });
}

describe('the scanner of synthetic clicks', () => {
  const kinds = (source: string) => findSyntheticClicks(source).map((f) => `${f.line} ${f.kind}`);

  it('finds a dispatched click in any quotes, with or without options, and a MouseEvent/PointerEvent click', () => {
    expect(kinds(`await toast.dispatchEvent('click');`)).toEqual(['1 dispatched click']);
    expect(kinds(`await toast.dispatchEvent("click", undefined, { timeout: 200 });`)).toEqual(['1 dispatched click']);
    expect(kinds('x;\nawait el.dispatchEvent(`click`)')).toEqual(['2 dispatched click']);
    expect(kinds(`await page.evaluate(() => el.dispatchEvent(new MouseEvent('click', { bubbles: true })));`)).toEqual([
      '1 dispatched click',
    ]);
    expect(kinds(`const e = new PointerEvent("pointerdown");`)).toEqual(['1 dispatched click']);
    expect(kinds(`await locator.dispatchEvent( 'mousedown' )`)).toEqual(['1 dispatched click']);
  });

  it('finds force: true in an action’s options, inline or in an options object passed on', () => {
    expect(kinds(`await button.click({ force: true });`)).toEqual(['1 force: true']);
    expect(kinds(`await box.check({ timeout: 5, force:true })`)).toEqual(['1 force: true']);
    expect(kinds(`await input.fill('x', {\n  force: true,\n});`)).toEqual(['2 force: true']);
    expect(kinds(`await row.tap({ force: true })`)).toEqual(['1 force: true']);
    expect(kinds(`const options = { force: true };\nawait b.click(options);`)).toEqual(['1 force: true']);
  });

  it('finds .click() in code run in the page: a callback of evaluate, $eval, $$eval, evaluateAll, or a string', () => {
    expect(kinds(`await page.evaluate(() => document.querySelector('button')?.click());`)).toEqual(['1 click() in the page']);
    expect(kinds(`await page.$eval('#b', (el) => (el as HTMLElement).click());`)).toEqual(['1 click() in the page']);
    expect(kinds(`await page.$$eval('li', (els) => {\n  for (const el of els) {\n    (el as HTMLElement).click();\n  }\n});`)).toEqual([
      '3 click() in the page',
    ]);
    expect(kinds(`await locator.evaluate((el: HTMLElement) => el.click())`)).toEqual(['1 click() in the page']);
    expect(kinds(`await list.evaluateAll((els) => els.forEach((e) => (e as HTMLElement).click()))`)).toEqual(['1 click() in the page']);
    expect(kinds(`await page.evaluate("document.getElementById('x').click()")`)).toEqual(['1 click() in the page']);
    expect(kinds(`await page.evaluate<void>(() => { (document.body as HTMLElement).click(); })`)).toEqual(['1 click() in the page']);
  });

  it('lets real clicks, file-system force and mere mentions pass', () => {
    expect(kinds(`await page.getByRole('button', { name: 'Yes' }).click();`)).toEqual([]);
    expect(kinds(`await locator.click({ timeout: 5000, modifiers: ['Control'] });`)).toEqual([]);
    expect(kinds(`rmSync(dataDir, { recursive: true, force: true });`)).toEqual([]);
    expect(kinds(`if (dir) fs.rmSync(join(a, b), { recursive: true, force: true });`)).toEqual([]);
    expect(kinds(`await rm(dir, { force: true, recursive: true });`)).toEqual([]);
    expect(kinds(`expect(call.postDataJSON()).toEqual({ tradeId, force: true });`)).toEqual([]);
    expect(kinds(`await api('POST', '/txs/refund', JSON.stringify({ tradeId, force: true }));`)).toEqual([]);
    expect(kinds(`// never dispatchEvent('click') nor { force: true }\n/* el.click() in evaluate */`)).toEqual([]);
    expect(kinds(`document.dispatchEvent(new Event('visibilitychange'));`)).toEqual([]);
    // Code of the page that reads, then a real click after the evaluate closed.
    expect(kinds(`const w = await page.evaluate(() => document.body.scrollWidth);\nawait page.getByText('a (b)').click();`)).toEqual([]);
    expect(kinds(`await page.evaluate(() => ")");\nawait link.click();`)).toEqual([]);
    expect(kinds(`const force = true; const label = 'force: true';`)).toEqual([]);
  });

  it('names the line and its text', () => {
    expect(findSyntheticClicks(`a;\n  await b.click({ force: true });\n`)).toEqual([{ line: 2, kind: 'force: true', text: 'await b.click({ force: true });' }]);
  });
});

describe('browser tests click like a person (no synthetic click under tests/e2e)', () => {
  const files = e2eFiles(E2E_DIR);

  it('reads the browser tests (the check below would pass on nothing)', () => {
    expect(files).toContain('tests/e2e/controls.e2e.ts');
    expect(files).toContain('tests/e2e/browser.ts');
    expect(files.length).toBeGreaterThan(10);
  });

  it('no dispatchEvent click, no force: true on a control, no el.click() in evaluate', () => {
    const found = files.flatMap((file) =>
      findSyntheticClicks(readFileSync(path.join(ROOT, file), 'utf8')).map((f) => `${file}:${f.line} ${f.kind}: ${f.text}`),
    );
    expect(found, 'press controls with Playwright’s locator.click() (its actionability checks are what a person’s click meets)').toEqual([]);
  });
});
