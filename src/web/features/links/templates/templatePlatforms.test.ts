import { describe, expect, it } from 'vitest';
import { templatePlatforms } from './templatePlatforms';

describe('templatePlatforms', () => {
  it('lists the platforms with any setting', () => {
    expect(
      templatePlatforms({
        name: 'App',
        android: { stores: ['huawei'] },
        ios: { appStoreUrl: '', teamId: ' ' },
        pcHomepage: 'https://example.com',
      }),
    ).toEqual(['android', 'web']);
  });

  it('ignores empty objects, lists and blank strings', () => {
    expect(templatePlatforms({ name: 'Empty', android: { stores: [] }, ios: {} })).toEqual([]);
  });
});
