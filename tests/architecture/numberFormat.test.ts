/**
 * §2 Numbers of one kind read one way on every screen, in en-US whatever the browser's locale:
 * src/domain/numberFormat.ts is the one place a number becomes text. A formatter made anywhere else
 * drifts (trailing zeros dropped on one screen, the browser's "1.192,6" on the next): this test
 * parses every file of src/ (TypeScript's own parser, so comments and strings never count) and
 * fails, naming each `file:line: code`, on `Intl.NumberFormat`, `.toFixed(` or `.toLocaleString(`
 * outside that module. What must stay is allowed below, each with why.
 *
 * `.toLocaleString(` on a Date formats a date, which this rule is not about; the console formats
 * dates in domain/time.ts and none is called so today. One that comes would be listed here.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { describeFinding, findingsIn, findingsUnder, isAllowed, staleAllowances, type Allowance, type Finding } from './codeFindings.ts';
const HOME = 'src/domain/numberFormat.ts';

/**
 * Uses outside the module, by file and code, each with the reason. One that no longer matches
 * anything fails the test too, so this list never outlives its code.
 */
const ALLOWED: readonly Allowance[] = [
  {
    file: 'src/screens/bridges/columns.tsx',
    code: 'fee.toFixed(20)',
    why: 'a conversion, not display: a fee in exponent notation (1e-7) becomes a plain decimal string, then cut to its digits',
  },
  {
    file: 'src/domain/amounts.ts',
    code: '(0).toFixed(decimals)',
    why: 'the quote\'s difference from the best route (§2 "-0.35%", 2 places): quote text stays as the quote rules fix it; toFixed follows no locale',
  },
  {
    file: 'src/domain/amounts.ts',
    code: 'percent.toFixed(decimals)',
    why: 'the same quote difference: a percent under 100 in magnitude, so grouping never enters and toFixed follows no locale',
  },
];

/** Every number formatter in a file: `Intl.NumberFormat` (made or called), a `.toFixed(` or `.toLocaleString(` call. */
function numberFormatters(file: string, text: string): Finding[] {
  return findingsIn(file, text, function visit(node, report) {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'NumberFormat' && ts.isIdentifier(node.expression) && node.expression.text === 'Intl') {
      report(node);
      return;
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && (node.expression.name.text === 'toFixed' || node.expression.name.text === 'toLocaleString')) {
      report(node);
      return;
    }
    ts.forEachChild(node, (child) => visit(child, report));
  });
}

const FINDINGS = findingsUnder(['src'], numberFormatters);

describe('§2 a number becomes text only in src/domain/numberFormat.ts', () => {
  it('reads the sources (the check below would pass on nothing): the module\'s own formatters are found', () => {
    expect(FINDINGS.filter((f) => f.file === HOME).length).toBeGreaterThan(3);
  });

  it('§2 outside the module, Intl.NumberFormat, toFixed and toLocaleString appear only where allowed, with a reason', () => {
    expect(FINDINGS.filter((f) => f.file !== HOME && !isAllowed(ALLOWED, f)).map(describeFinding)).toEqual([]);
  });

  it('every allowance still matches code and says why (one nothing needs any more goes)', () => {
    expect(staleAllowances(ALLOWED, FINDINGS)).toEqual([]);
    for (const allowance of ALLOWED) expect(allowance.why.length, `${allowance.file}: ${allowance.code}`).toBeGreaterThan(20);
  });

  it('the detector catches each way of formatting a number (checked on code written for the purpose)', () => {
    const sample = [
      "const a = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });",
      "const b = Intl.NumberFormat('en-US').format(1);",
      "const c = `$${value.toFixed(2)}`;",
      "const d = n.toLocaleString('en-US', { maximumFractionDigits: 6 });",
      "const e = (1).toLocaleString(undefined);",
      "// value.toFixed(2) in a comment, and 'x.toLocaleString()' in a string, do not count",
      "const f = Intl.DateTimeFormat('en-US');",
    ].join('\n');
    expect(numberFormatters('sample.ts', sample).map((f) => f.code)).toEqual([
      'Intl.NumberFormat',
      'Intl.NumberFormat',
      'value.toFixed(2)',
      "n.toLocaleString('en-US', { maximumFractionDigits: 6 })",
      '(1).toLocaleString(undefined)',
    ]);
  });
});
