import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalParams, hmacHex, postbackSigned, signatureMatches } from './postbackSignature';

const SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I';
const hex = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex');

describe('postback signatures', () => {
  it('signs the parameters but sig, sorted by key, values raw', () => {
    const params = { txid: 'T 1', amount: '1.25', sig: 'x', click_id: 'a&b', Z: 'upper' };
    expect(canonicalParams(params)).toBe('Z=upper&amount=1.25&click_id=a&b&txid=T 1');
    expect(hmacHex(SECRET, 'a=1')).toBe(hex('a=1'));
  });

  it('accepts the right sig in either case and refuses any other', () => {
    const params = { txid: 'T1', amount: '2' };
    const sig = hex('amount=2&txid=T1');
    expect(postbackSigned({ secret: SECRET, params: { ...params, sig } })).toBe(true);
    expect(postbackSigned({ secret: SECRET, params: { ...params, sig: sig.toUpperCase() } })).toBe(true);
    expect(postbackSigned({ secret: SECRET, params: { ...params, amount: '20', sig } })).toBe(false);
    expect(postbackSigned({ secret: 'other', params: { ...params, sig } })).toBe(false);
    expect(postbackSigned({ secret: SECRET, params })).toBe(false);
    expect(postbackSigned({ secret: SECRET, params: { ...params, sig: sig.slice(2) } })).toBe(false);
  });

  it('checks X-Signature over the raw body, and only it when sent', () => {
    const body = '{"txid":"T1","amount":"2"}';
    const header = `sha256=${hex(body)}`;
    expect(postbackSigned({ secret: SECRET, params: {}, rawBody: body, header })).toBe(true);
    expect(postbackSigned({ secret: SECRET, params: {}, rawBody: `${body} `, header })).toBe(false);
    expect(postbackSigned({ secret: SECRET, params: {}, rawBody: body, header: hex(body) })).toBe(false);
    // An empty body signs nothing: the query's parameters are not under the header's signature.
    expect(
      postbackSigned({ secret: SECRET, params: { txid: 'T1' }, rawBody: '', header: `sha256=${hex('')}` }),
    ).toBe(false);
    // A right `sig` does not rescue a wrong header.
    const sig = hex('amount=2&txid=T1');
    expect(
      postbackSigned({
        secret: SECRET,
        params: { txid: 'T1', amount: '2', sig },
        rawBody: body,
        header: 'sha256=00',
      }),
    ).toBe(false);
  });

  it('compares only well-formed 64-digit hex', () => {
    expect(signatureMatches(hex('a'), 'zz')).toBe(false);
    expect(signatureMatches(hex('a'), ` ${hex('a')} `)).toBe(true);
  });
});
