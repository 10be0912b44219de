import { describe, expect, it } from 'vitest';
import { pruneEmptyObjects } from './pruneEmptyObjects';

describe('pruneEmptyObjects', () => {
  it('drops empty groups and unset fields at any depth', () => {
    expect(
      pruneEmptyObjects({
        name: 'App',
        android: {},
        ios: { appStoreUrl: 'https://apps.apple.com/app/id1', teamId: undefined },
        attributionWindow: { unit: undefined },
        nested: { inner: {} },
      }),
    ).toEqual({ name: 'App', ios: { appStoreUrl: 'https://apps.apple.com/app/id1' } });
  });

  it('keeps arrays, falsy values and filled groups as they are', () => {
    const config = { stores: [], webFirst: false, value: 0, text: '', window: { unit: 'cycle' } };
    expect(pruneEmptyObjects(config)).toEqual(config);
  });
});
