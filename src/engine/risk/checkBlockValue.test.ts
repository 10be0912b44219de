import { describe, expect, it } from 'vitest';
import { hasValidationMessage, validationMessage } from '../validation/localizeErrors';
import { LANGS } from '../validation/lang';
import { BLOCK_ID_MAX, checkBlockValue } from './checkBlockValue';

describe('checkBlockValue', () => {
  it('keeps user and device ids as typed, without the white space around them', () => {
    expect(checkBlockValue('user', '  Player-1 ')).toEqual({ ok: true, value: 'Player-1' });
    expect(checkBlockValue('device', 'a'.repeat(BLOCK_ID_MAX))).toEqual({ ok: true, value: 'a'.repeat(128) });
    expect(checkBlockValue('device', '203.0.113.7/24')).toEqual({ ok: true, value: '203.0.113.7/24' });
  });

  it('refuses blank ids, ids over 128 characters and ids on more than one line', () => {
    expect(checkBlockValue('user', '  ')).toEqual({
      ok: false,
      problem: { messageKey: 'required', params: {} },
    });
    expect(checkBlockValue('user', 'a'.repeat(129))).toEqual({
      ok: false,
      problem: { messageKey: 'maxLength', params: { limit: 128 } },
    });
    expect(checkBlockValue('device', 'a\tb')).toEqual({
      ok: false,
      problem: { messageKey: 'singleLine', params: { char: 'U+0009' } },
    });
    expect(checkBlockValue('device', 'a\u0000b')).toEqual({
      ok: false,
      problem: { messageKey: 'controlCharacter', params: { char: 'U+0000' } },
    });
  });

  it('normalizes addresses and names the reason of a refused one', () => {
    expect(checkBlockValue('address', ' 203.0.113.7/24 ')).toEqual({ ok: true, value: '203.0.113.0/24' });
    expect(checkBlockValue('address', '::FFFF:1.2.3.4')).toEqual({ ok: true, value: '1.2.3.4' });
    expect(checkBlockValue('address', 'fe80::1%eth0')).toEqual({
      ok: false,
      problem: { messageKey: 'ipRange.zoneId', params: {} },
    });
    expect(checkBlockValue('address', '')).toEqual({
      ok: false,
      problem: { messageKey: 'required', params: {} },
    });
  });

  it('has a message of its own for every refusal, in both languages', () => {
    for (const reason of ['empty', 'zoneId', 'leadingZero', 'prefix', 'notAddress'])
      for (const lang of LANGS) {
        expect(hasValidationMessage(`ipRange.${reason}`, lang), `${lang} ${reason}`).toBe(true);
        expect(validationMessage(`ipRange.${reason}`, lang)).not.toBe(validationMessage('invalid', lang));
      }
    expect(validationMessage('ipRange.leadingZero', 'en-US')).toMatch(/leading zero/);
    expect(validationMessage('ipRange.leadingZero', 'zh-CN')).toMatch(/前导零/);
  });
});
