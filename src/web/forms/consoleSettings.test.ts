import { afterEach, describe, expect, it } from 'vitest';
import { addressRule } from './addressRule';
import { setConsoleSettings } from './consoleSettings';
import { validateConfig } from '../schema-form/engineValidator';
import type { JsonSchema } from '../schema-form/schemaEntry';

const schema = {
  type: 'object',
  properties: {
    callbackUrl: { type: 'string', urlRule: 'callback' },
    store: { type: 'string', urlRule: 'http' },
  },
} as unknown as JsonSchema;

async function ruleMessage(kind: 'callback' | 'http', value: string): Promise<string> {
  const rule = addressRule(kind, 'en-US') as { validator: (rule: unknown, value: unknown) => Promise<void> };
  return rule.validator(rule, value).then(
    () => 'ok',
    (error: Error) => error.message,
  );
}

describe("the server's private-callback setting in the forms", () => {
  afterEach(() => setConsoleSettings(undefined));

  it('callback addresses may point inside only while the server allows it; redirect targets never', async () => {
    const config = { callbackUrl: 'http://10.0.0.5/hook', store: 'https://10.0.0.5/app' };
    expect(validateConfig(schema, config, 'en-US').map((i) => i.path)).toEqual(['/callbackUrl', '/store']);
    expect(await ruleMessage('callback', 'http://10.0.0.5/hook')).toMatch(
      /^Must be a public address: .*start the server with ALLOW_PRIVATE_CALLBACKS=1: the server then calls addresses inside your network, so never set it on a server others can reach\.$/,
    );

    setConsoleSettings({ privateCallbacks: true });
    expect(validateConfig(schema, config, 'en-US').map((i) => i.path)).toEqual(['/store']);
    expect(await ruleMessage('callback', 'http://10.0.0.5/hook')).toBe('ok');
    expect(await ruleMessage('http', 'https://10.0.0.5/app')).toMatch(/^Must be a public address/);
  });
});
