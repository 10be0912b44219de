import { describe, expect, it } from 'vitest';
import { toCsv } from './toCsv';

describe('toCsv', () => {
  it('writes a BOM, a header and CRLF rows', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa,b\r\n1,x\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['v'], [['a,b'], ['say "hi"'], ['two\nlines']])).toBe(
      '\uFEFFv\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });

  it('escapes text cells that start like a formula', () => {
    const csv = toCsv(['v'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['\tx']]);
    expect(csv.split('\r\n').slice(1, 6)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
    ]);
  });

  it('keeps negative numbers and empty cells as they are', () => {
    expect(toCsv(['n', 'e'], [[-5, null]])).toBe('\uFEFFn,e\r\n-5,\r\n');
  });
});
