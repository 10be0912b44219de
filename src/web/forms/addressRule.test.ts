import { describe, expect, it } from 'vitest';
import { addressRule } from './addressRule';

async function messageOf(kind: Parameters<typeof addressRule>[0], value: string, lang = 'en-US') {
  const rule = addressRule(kind, lang) as { validator: (rule: unknown, value: unknown) => Promise<void> };
  try {
    await rule.validator(rule, value);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('addressRule', () => {
  it('passes public addresses and leaves blanks and wrong shapes to the other rules', async () => {
    expect(await messageOf('http', 'https://example.com/x')).toBe('ok');
    expect(await messageOf('http', '')).toBe('ok');
    expect(await messageOf('http', 'ftp://example.com')).toBe('ok');
  });

  it("refuses internal hosts and outside images in the engine's words, in both languages", async () => {
    expect(await messageOf('http', 'http://2130706433/x')).toMatch(/^Must be a public address/);
    expect(await messageOf('http', 'www.localhost/x', 'zh-CN')).toMatch(/^必须是公网地址/);
    expect(await messageOf('image', '/uploads/../x.png')).toMatch(/^Image addresses/);
  });
});
