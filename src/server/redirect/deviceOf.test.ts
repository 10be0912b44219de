import { describe, expect, it } from 'vitest';
import { deviceOf } from './deviceOf';
import { IN_APP_UA } from '../../../tests/fixtures/inAppUserAgents';

describe('deviceOf', () => {
  it('tells platform, brand and store from real user agents', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 12; NOH-AN00 Build/HUAWEINOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
      ),
    ).toMatchObject({ platform: 'android', brand: 'huawei', store: 'huawei', bot: false, inApp: false });
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 11; PEGM00 Build/RKQ1.200903.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/90.0.4430.210 Mobile Safari/537.36',
      ),
    ).toMatchObject({ brand: 'oppo', store: 'oppo' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 12; ANY-AN00 Build/HONORANY-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      ),
    ).toMatchObject({ brand: 'honor', store: 'huawei' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      ),
    ).toMatchObject({ platform: 'android', brand: 'google', store: null });
    expect(
      deviceOf(
        'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toMatchObject({ platform: 'ios', osVersion: '17.4' });
  });

  it('knows in-app browsers and link-preview robots', () => {
    const qq =
      'Mozilla/5.0 (Linux; Android 10; V1938T Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/83.0.4103.106 Mobile Safari/537.36 V1_AND_SQ_8.8.68_2538_YYB_D A_8086800 QQ/8.8.68.7265 NetType/WIFI WebP/0.3.0 Pixel/1080';
    expect(deviceOf(qq)).toMatchObject({ inApp: true, bot: false, brand: 'vivo' });
    for (const ua of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'TelegramBot (like TwitterBot)',
      'WhatsApp/2.23.20.0',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    ]) {
      expect(deviceOf(ua).bot, ua).toBe(true);
    }
    // A phone brand that merely contains "bot" is not a robot.
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 11; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      ).bot,
    ).toBe(false);
    expect(deviceOf(undefined)).toMatchObject({ platform: 'other', bot: false });
  });

  it('a plain Android WebView is no in-app browser; named apps are', () => {
    for (const ua of [
      'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 12; 2201123C Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/96.0.4664.104 Mobile Safari/537.36',
    ])
      expect(deviceOf(ua), ua).toMatchObject({ platform: 'android', inApp: false, bot: false });
    for (const ua of Object.values(IN_APP_UA)) expect(deviceOf(ua).inApp, ua).toBe(true);
  });
});
