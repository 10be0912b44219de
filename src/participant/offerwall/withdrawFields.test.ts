import { describe, expect, it } from 'vitest';
import { localProblems, serverProblems } from './withdrawFields';

const t = (key: string) => `text of ${key}`;

describe('withdrawal form problems', () => {
  it('asks for an account and a positive amount before sending', () => {
    expect(localProblems('alice@example.com', 1_000_000, t)).toEqual({});
    expect(localProblems('  ', 1, t)).toEqual({ account: 'text of withdraw.accountRequired' });
    expect(localProblems('a', 0, t)).toEqual({ amount: 'text of withdraw.amountInvalid' });
    expect(localProblems('', null, t)).toEqual({
      account: 'text of withdraw.accountRequired',
      amount: 'text of withdraw.amountInvalid',
    });
  });

  it("puts the server's field problems under their fields and drops the others", () => {
    expect(
      serverProblems({
        '/amountMicros': 'Below the minimum',
        '/account': 'Too long',
        '/method': 'Unknown method',
        '/currency': 'Not this one',
        constructor: 'x',
      }),
    ).toEqual({ amount: 'Below the minimum', account: 'Too long', method: 'Unknown method' });
    expect(serverProblems({})).toEqual({});
  });
});
