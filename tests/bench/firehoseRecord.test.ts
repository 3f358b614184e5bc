/**
 * The firehose bench's guard against slipping back reads the recorded figures from bench/README.md
 * and prints this run's p95 against them: a misread record would make the guard say nothing true,
 * so the parsing and the ratio lines are pinned here without a browser.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareWithRecorded, parseRecorded, rowKey } from '../../bench/lib/firehoseRecord.ts';
import { decodeMappings, shortSource } from '../../bench/lib/traceSummary.ts';

const readme = (block: string) =>
  ['# Benchmarks', '', '## bundle', '', 'Recorded figures elsewhere:', '', '```json', '{ "10": 1 }', '```', '', '## firehose', '', 'Prose, | 10 | 38 ms |.', '', block, '', '## sparklines', '', '```json', '{ "10": 999 }', '```'].join('\n');

describe('parseRecorded', () => {
  it('reads the json block after the marker under "## firehose", not other sections\' blocks', () => {
    const recorded = parseRecorded(readme('Recorded figures (p95 ms):\n\n```json\n{ "10": 38, "100": 165, "baseline 100": 439, "phone 10 x4": 120.5 }\n```'));
    expect([...recorded]).toEqual([['10', 38], ['100', 165], ['baseline 100', 439], ['phone 10 x4', 120.5]]);
  });

  it('is empty when the section, the marker or the block is missing', () => {
    expect(parseRecorded('# nothing here').size).toBe(0);
    // The marker and the blocks of the sections around it do not count.
    expect(parseRecorded(readme('No figures kept.')).size).toBe(0);
    expect(parseRecorded(readme('```json\n{ "10": 38 }\n```')).size).toBe(0);
  });

  it('refuses a broken record instead of comparing with nothing', () => {
    expect(() => parseRecorded(readme('Recorded figures:\n```json\n{ "10": 38,\n```'))).toThrow(/not JSON/);
    expect(() => parseRecorded(readme('Recorded figures:\n```json\n[38]\n```'))).toThrow(/object/);
    expect(() => parseRecorded(readme('Recorded figures:\n```json\n{ "10": "38 ms" }\n```'))).toThrow(/"10"/);
    expect(() => parseRecorded(readme('Recorded figures:\n```json\n{ "10": -1 }\n```'))).toThrow(/"10"/);
    expect(() => parseRecorded('## firehose\nRecorded figures:\n```json\n{ "10": 38 }')).toThrow(/not closed/);
  });

  it('reads the block bench/README.md really has', () => {
    const recorded = parseRecorded(readFileSync(new URL('../../bench/README.md', import.meta.url), 'utf8'));
    expect(recorded.get('100')).toBeGreaterThan(0);
    expect(recorded.get('baseline 100')).toBeGreaterThan(0);
  });
});

describe('rowKey', () => {
  it('names console, baseline and phone-class rows apart', () => {
    expect(rowKey(100)).toBe('100');
    expect(rowKey(100, { baseline: true })).toBe('baseline 100');
    expect(rowKey(10, { throttle: 4 })).toBe('phone 10 x4');
    expect(rowKey(10, { throttle: 4, baseline: true })).toBe('baseline phone 10 x4');
  });
});

describe('compareWithRecorded', () => {
  const recorded = new Map([['100', 165], ['10', 38], ['phone 10 x4', 200], ['200', 2900], ['50', 0]]);

  it('prints this run / recorded, slower above 1', () => {
    expect(compareWithRecorded([{ key: '100', p95: 182 }], recorded)).toEqual(['rate 100: p95 182 ms, recorded 165 ms: 1.10x slower']);
    expect(compareWithRecorded([{ key: '10', p95: 38 }], recorded)).toEqual(['rate 10: p95 38 ms, recorded 38 ms: 1.00x slower']);
  });

  it('marks a faster run as a ratio below 1', () => {
    expect(compareWithRecorded([{ key: 'phone 10 x4', p95: 150 }], recorded)).toEqual(['phone 10 x4: p95 150 ms, recorded 200 ms: 0.75x (faster)']);
  });

  it('writes seconds for long latencies', () => {
    expect(compareWithRecorded([{ key: '200', p95: 14_500 }], recorded)).toEqual(['rate 200: p95 14.5 s, recorded 2900 ms: 5.00x slower']);
  });

  it('says so when there is nothing to compare', () => {
    expect(compareWithRecorded([{ key: '20', p95: 50 }, { key: '100', p95: Number.NaN }, { key: '50', p95: 10 }], recorded)).toEqual([
      'rate 20: p95 50 ms, no recorded figure',
      'rate 100: no paint measured',
      'rate 50: p95 10 ms, recorded 0 ms: no ratio',
    ]);
  });
});

describe('the profile summary\'s source-map decoding', () => {
  it('decodes VLQ mappings with relative fields carried across segments and lines', () => {
    // "AAAA" maps column 0 to source 0, line 0, column 0; "EAAEA" moves 2 columns and 2 original
    // columns and names names[0]; ";AACA" is the next generated line, one original line down: the
    // generated column starts again at 0 there, the original column (2) carries over.
    expect(decodeMappings('AAAA,EAAEA;AACA')).toEqual([
      [
        [0, 0, 0, 0, -1],
        [2, 0, 0, 2, 0],
      ],
      [[0, 0, 1, 2, -1]],
    ]);
    // Negative values ("D" is -1) and a one-field segment that maps to nothing.
    expect(decodeMappings('AAAA,CADD,C')).toEqual([
      [
        [0, 0, 0, 0, -1],
        [1, 0, -1, -1, -1],
        [2, -1, -1, -1, -1],
      ],
    ]);
  });

  it('shortens sources to src/ paths and package names', () => {
    expect(shortSource('../../src/widgets/BlockHeads/BlockHeads.tsx')).toBe('src/widgets/BlockHeads/BlockHeads.tsx');
    expect(shortSource('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(shortSource('../../node_modules/@mui/material/esm/Box/Box.js')).toBe('@mui/material');
  });
});
