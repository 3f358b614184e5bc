import { describe, expect, it } from 'vitest';
import { csvCell, csvText, escapeCsvFormula, recordsToCsv } from '../../src/domain/csv.ts';

describe('CSV exports: CSV cells never run as spreadsheet formulas', () => {
  it('prefixes a leading = + - @, tab or carriage return with an apostrophe', () => {
    for (const text of ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(escapeCsvFormula(text)).toBe(`'${text}`);
    }
  });

  it('leaves other text, and a formula character that is not first, as it is', () => {
    for (const text of ['USDC', 'a=b', '1-2', 'x@y.example', '', ' =1']) expect(escapeCsvFormula(text)).toBe(text);
  });

  it('writes numbers as numbers (a negative amount is not a formula) and quotes per RFC 4180', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('A,"B"')).toBe('"A,""B"""');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell({ cmd: '=1' })).toBe('"{""cmd"":""=1""}"');
    expect(csvText(['a', 'b'], [['=x', 1]])).toBe("a,b\r\n'=x,1\r\n");
  });

  it("flattens records to dotted columns like react-admin's default exporter, escaped", () => {
    const csv = recordsToCsv([
      { id: '1', user: 'op', action: 'command', details: { to: 'sim', cmd: '=HYPERLINK("http://evil.example","x")' } },
      { id: '2', user: '@admin', action: 'token.update', details: { name: 'USDC' }, tags: ['+a'] },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'id,user,action,details.to,details.cmd,details.name,tags',
      `1,op,command,sim,"'=HYPERLINK(""http://evil.example"",""x"")",,`,
      `2,'@admin,token.update,,,USDC,"[""+a""]"`,
      '',
    ]);
  });
});
