import { describe, expect, it } from 'vitest';
import { csvCell, csvText, escapeCsvFormula, recordsToCsv } from '../../src/domain/csv.ts';

/**
 * A spreadsheet's reading of one CSV line with the separator it is set to: RFC 4180 quotes hold
 * separators, and "" is a quote. Written here, apart from the writer, to read what it wrote.
 */
function cellsAsASpreadsheetReads(line: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** A cell a spreadsheet would run: it starts, after spaces, with a formula character. */
const runsAsFormula = (cell: string) => /^\s*[=+\-@\t\r]/.test(cell);
const isNumber = (cell: string) => /^-?\d+(\.\d+)?$/.test(cell);

const ATTACKS = [
  '=HYPERLINK("http://evil.example","x")',
  "x;=SUM(1+1);=cmd|' /C calc'!A0",
  'x,=SUM(1+1),@SUM(A1)',
  ' =1+1',
  '   +1+1',
  '\t=1',
  '\r=1',
  '-2+3',
  '@SUM(A1)',
  'a;b,"c";-d',
];

describe('CSV exports: CSV cells never run as spreadsheet formulas', () => {
  it('prefixes a leading = + - @, tab or carriage return with an apostrophe, after any leading spaces', () => {
    for (const text of ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', ' =1+1', '   -1', ' \t@x']) {
      expect(escapeCsvFormula(text)).toBe(`'${text}`);
    }
  });

  it('leaves other text, and a formula character that is not first, as it is', () => {
    for (const text of ['USDC', 'a=b', '1-2', 'x@y.example', '', ' a=1']) expect(escapeCsvFormula(text)).toBe(text);
  });

  it('writes numbers as numbers (a negative amount is not a formula) and quotes every text per RFC 4180', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell('-5')).toBe(`"'-5"`);
    expect(csvCell('USDC')).toBe('"USDC"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('A,"B"')).toBe('"A,""B"""');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell("x;=SUM(1+1);=cmd|' /C calc'!A0")).toBe(`"x;=SUM(1+1);=cmd|' /C calc'!A0"`);
    expect(csvCell({ cmd: '=1' })).toBe('"{""cmd"":""=1""}"');
    expect(csvText(['a', 'b'], [['=x', 1]])).toBe(`"a","b"\r\n"'=x",1\r\n`);
  });

  for (const separator of [',', ';'] as const) {
    it(`read with the separator "${separator}", every cell holds its whole text and none starts a formula`, () => {
      const csv = csvText(['note', 'amount'], ATTACKS.map((text, i) => [text, -i]));
      const lines = csv.split('\r\n').slice(1, -1);
      // \r inside a quoted cell is kept whole by RFC 4180; a reader splitting lines on CRLF only is enough here.
      expect(lines).toHaveLength(ATTACKS.length);
      lines.forEach((line, i) => {
        const cells = cellsAsASpreadsheetReads(line, separator);
        const text = ATTACKS[i] ?? '';
        const shown = runsAsFormula(text) ? `'${text}` : text;
        // Split on ";", the comma between the cells is text: the quoted cell still keeps its separators whole.
        expect(cells).toEqual(separator === ',' ? [shown, String(-i)] : [`${shown},${-i}`]);
        // A number (-3) is a number to a spreadsheet, not a formula.
        for (const cell of cells.filter((c) => !isNumber(c))) expect(runsAsFormula(cell), `${JSON.stringify(cell)} of line ${i + 1}`).toBe(false);
      });
    });
  }

  it("flattens records to dotted columns like react-admin's default exporter, escaped", () => {
    const csv = recordsToCsv([
      { id: '1', user: 'op', action: 'command', details: { to: 'sim', cmd: '=HYPERLINK("http://evil.example","x")' } },
      { id: '2', user: '@admin', action: 'token.update', details: { name: 'USDC' }, tags: ['+a'] },
    ]);
    expect(csv.split('\r\n')).toEqual([
      '"id","user","action","details.to","details.cmd","details.name","tags"',
      `"1","op","command","sim","'=HYPERLINK(""http://evil.example"",""x"")",,`,
      `"2","'@admin","token.update",,,"USDC","[""+a""]"`,
      '',
    ]);
  });
});
