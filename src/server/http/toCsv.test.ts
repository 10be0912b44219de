import { describe, expect, it } from 'vitest';
import { toCsv } from './toCsv';
import { csvFileName } from './csvFileName';

describe('toCsv', () => {
  it('prefixes cells a spreadsheet would run as formulas with a single quote', () => {
    const csv = toCsv(
      ['a'],
      [['=1+1'], ['+SUM(A1)'], ['-2+3'], ['@cmd'], ['\tx'], ['\rx'], ['plain'], ['a=b']],
    );
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2+3",
      "'@cmd",
      "'\tx",
      `"'\rx"`,
      'plain',
      'a=b',
    ]);
  });

  it('quotes commas, quotes and line breaks, keeps numbers as numbers', () => {
    expect(
      toCsv(
        ['x', 'y'],
        [
          ['a,b', 'say "hi"'],
          ['line\nbreak', -5],
          [null, true],
        ],
      ),
    ).toBe('x,y\r\n"a,b","say ""hi"""\r\n"line\nbreak",-5\r\n,true\r\n');
  });

  it('escapes a formula that also needs quoting', () => {
    expect(toCsv(['h'], [['=HYPERLINK("http://x","y")']])).toBe(
      'h\r\n"\'=HYPERLINK(""http://x"",""y"")"\r\n',
    );
  });
});

describe('csvFileName', () => {
  it('names a range start--end.csv, otherwise output.csv', () => {
    expect(csvFileName('2026-03-01', '2026-03-10')).toBe('2026-03-01--2026-03-10.csv');
    expect(csvFileName(undefined, '2026-03-10')).toBe('output.csv');
    expect(csvFileName('../x', '2026-03-10')).toBe('output.csv');
  });
});
