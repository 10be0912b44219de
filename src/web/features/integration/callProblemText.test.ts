import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import en from '../../../../locales/en-US/integration.json';
import zh from '../../../../locales/zh-CN/integration.json';
import { callProblemText, namesUnknownEvents } from './callProblemText';
import type { CallProblem } from './integrationTypes';

async function translator(lng: 'en-US' | 'zh-CN'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { 'en-US': { integration: en }, 'zh-CN': { integration: zh } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

const partly: CallProblem = {
  level: 'warning',
  code: 'sdk.eventsRefused',
  params: {
    total: 12,
    refused: 4,
    more: 1,
    events: [
      { reason: 'sdk.unknownEvent', name: 'vip_purchase', count: 2 },
      { reason: 'sdk.eventInvalid', name: 'open', count: 1, paths: ['/platform'] },
      { reason: 'sdk.eventTooOld', name: null, count: 1 },
    ],
  },
};
const CJK = /[\u4e00-\u9fff]/;

describe('callProblemText', () => {
  it('names the refused event keys and why, in English', async () => {
    const t = await translator('en-US');
    const text = callProblemText(t, partly, null);
    expect(text).toBe(
      '4 of 12 events were refused (the others were stored): "vip_purchase" is not a defined event key ×2; ' +
        '"open" has invalid fields (/platform); an event without a valid name happened more than 90 days ago; ' +
        'and 1 more. Define the missing keys on the Events page, or stop sending them.',
    );
    expect(text).not.toMatch(CJK);
    expect(namesUnknownEvents(partly)).toBe(true);
    const whole = callProblemText(
      t,
      {
        level: 'error',
        code: 'sdk.batchRefused',
        params: {
          total: 1,
          refused: 1,
          more: 0,
          events: [{ reason: 'sdk.eventInFuture', name: 'open', count: 1 }],
        },
      },
      null,
    );
    expect(whole).toBe('Every event of the batch was refused: "open" is timed more than a day ahead');
  });

  it('says the same in Chinese', async () => {
    const t = await translator('zh-CN');
    const text = callProblemText(t, partly, null);
    expect(text).toContain('12 个事件中有 4 个被拒绝');
    expect(text).toContain('“vip_purchase” 不是已定义的事件 key ×2');
    expect(text).toContain('“open” 有字段不合法（/platform）');
  });

  it('refused calls by their error key, unknown keys and older texts too', async () => {
    const t = await translator('en-US');
    expect(
      callProblemText(t, { level: 'error', code: 'ipNotWhitelisted', params: { status: 403 } }, null),
    ).toBe("The caller's address is not in the project's IP whitelist (HTTP 403)");
    expect(
      callProblemText(
        t,
        { level: 'error', code: 'validation', params: { status: 400, paths: ['/deviceId', '/type'] } },
        null,
      ),
    ).toBe('The request body does not match the API (HTTP 400, fields: /deviceId, /type)');
    expect(callProblemText(t, { level: 'error', code: 'play.newThing', params: { status: 409 } }, null)).toBe(
      'The call was refused: play.newThing (HTTP 409)',
    );
    expect(callProblemText(t, null, 'all events rejected: sdk.unknownEvent: 未知')).toBe(
      'all events rejected: sdk.unknownEvent: 未知',
    );
    expect(callProblemText(t, null, null)).toBe('');
    const zh = await translator('zh-CN');
    expect(callProblemText(zh, { level: 'error', code: 'http', params: { status: 502 } }, null)).toBe(
      '调用被拒绝（HTTP 502）',
    );
  });

  it('every message key exists in both languages', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, v]) => keys(v, `${prefix}${key}.`))
        : [prefix];
    expect(keys(zh.sdk.callProblem).sort()).toEqual(keys(en.sdk.callProblem).sort());
  });
});
