import { describe, expect, it } from 'vitest';
import { blockLines, blockTextProblem, serverLineProblems } from './blockLines';

describe('blockLines', () => {
  it('takes the non-blank lines with their line numbers, whatever the line ends', () => {
    expect(blockLines('a\r\n\n  \nb\rc\n')).toEqual({ values: ['a', 'b', 'c'], lines: [1, 4, 5] });
    expect(blockLines('')).toEqual({ values: [], lines: [] });
  });
});

describe('blockTextProblem', () => {
  it('names each refused line in the chosen language, as the server would', () => {
    expect(blockTextProblem('address', '203.0.113.0/24\n\n010.0.0.1\nfe80::1%eth0', 'en-US')).toEqual({
      kind: 'lines',
      problems: [
        { line: 3, message: 'No leading zeros in an IPv4 part or a prefix (write 10.0.0.1, not 010.0.0.1)' },
        {
          line: 4,
          message: 'Remove the zone id (the part from %): it names a network interface of one machine',
        },
      ],
    });
    expect(blockTextProblem('address', '10.0.0.0/33', 'zh-CN')).toEqual({
      kind: 'lines',
      problems: [{ line: 1, message: '/ 后的前缀长度须为 0 到 32（IPv4）或 0 到 128（IPv6）' }],
    });
    expect(blockTextProblem('user', `ok\n${'x'.repeat(129)}`, 'en-US')).toEqual({
      kind: 'lines',
      problems: [{ line: 2, message: 'At most 128 characters' }],
    });
  });

  it('lets good text through, and refuses empty text and too many lines', () => {
    expect(blockTextProblem('address', ' 203.0.113.7 \n2001:db8::/64', 'en-US')).toBeUndefined();
    expect(blockTextProblem('device', '010.0.0.1', 'en-US')).toBeUndefined();
    expect(blockTextProblem('user', ' \n ', 'en-US')).toEqual({ kind: 'empty' });
    expect(
      blockTextProblem('user', Array.from({ length: 501 }, (_, i) => `u${i}`).join('\n'), 'en-US'),
    ).toEqual({
      kind: 'tooMany',
      max: 500,
    });
  });
});

describe('serverLineProblems', () => {
  it("puts the server's refusals back on the lines they came from", () => {
    expect(
      serverLineProblems(
        [
          { path: '/values/1', message: 'bad' },
          { path: '/note', message: 'too long' },
          { path: '/values/9', message: 'unknown' },
        ],
        [1, 4],
      ),
    ).toEqual([{ line: 4, message: 'bad' }]);
  });
});
