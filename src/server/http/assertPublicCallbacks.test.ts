import { describe, expect, it } from 'vitest';
import { assertPublicCallbacks, callbackUrlsOf } from './assertPublicCallbacks';
import { AppError } from '../errors';

describe('callbackUrlsOf', () => {
  it('finds every callbackUrl of a config with its JSON pointer', () => {
    const config = {
      delivery: { mode: 'customer-service', callbackUrl: 'https://a.example.com/d' },
      prizes: [{ id: 'x' }, { id: 'y', callbackUrl: 'https://a.example.com/p' }, { callbackUrl: '' }],
      'odd/key': { callbackUrl: 'https://a.example.com/o' },
      callbackUrl: 42,
    };
    expect(callbackUrlsOf(config)).toEqual([
      { path: '/delivery/callbackUrl', url: 'https://a.example.com/d' },
      { path: '/prizes/1/callbackUrl', url: 'https://a.example.com/p' },
      { path: '/odd~1key/callbackUrl', url: 'https://a.example.com/o' },
    ]);
  });
});

describe('assertPublicCallbacks', () => {
  const ctx = {
    resolveHost: async (host: string) => {
      if (host === 'inside.test') return ['192.168.0.9'];
      if (host === 'public.test') return ['93.184.215.14'];
      throw new Error('ENOTFOUND');
    },
  };

  it('passes public names and refuses each field that resolves inside or nowhere', async () => {
    await expect(
      assertPublicCallbacks(ctx, [{ path: '/a', url: 'https://public.test/x' }]),
    ).resolves.toBeUndefined();
    const refusal = await assertPublicCallbacks(ctx, [
      { path: '/b', url: 'https://nowhere.test/x' },
      { path: '/a', url: 'https://inside.test/x' },
      { path: '/c', url: 'https://public.test/x' },
    ]).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).key).toBe('callback.notPublic');
    expect((refusal as AppError).options.errors?.('en-US')).toEqual([
      {
        path: '/a',
        message: expect.stringMatching(
          /^The callback address must be a public http\(s\) address\. To test callbacks on your own machine, start the server with ALLOW_PRIVATE_CALLBACKS=1/,
        ) as string,
      },
      {
        path: '/b',
        message: expect.stringMatching(
          /^The host of the callback address could not be resolved: check the name\./,
        ) as string,
      },
    ]);
  });
});
