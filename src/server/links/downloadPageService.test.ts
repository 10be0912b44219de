import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { createPage, findPage, listPages, pageConfig, publicPage, replacePage } from './downloadPageService';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';

describe('downloadPageService', () => {
  let t: TestDb;
  const time = TEST_TIME.toISOString();
  beforeEach(async () => {
    t = await testDb();
    await t.db
      .insertInto('link_templates')
      .values({
        id: 't1',
        project_id: 'p1',
        name: 'App',
        config: JSON.stringify({
          ios: { appStoreUrl: 'https://apps.apple.com/app/id1' },
          android: { stores: ['google-play'], packageNames: 'com.example.app' },
        }),
        created_by: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('stores known fields trimmed, and refuses a platform twice, unsafe addresses and another template', async () => {
    const config = await pageConfig(t.db, 'p1', {
      name: ' Get it ',
      title: ' Our app ',
      description: '  ',
      templateId: 't1',
      buttons: [{ platform: 'ios', label: ' iPhone ' }],
    });
    expect(config).toEqual({
      name: 'Get it',
      title: 'Our app',
      description: undefined,
      logoUrl: undefined,
      backgroundUrl: undefined,
      themeColor: undefined,
      templateId: 't1',
      buttons: [{ platform: 'ios', label: 'iPhone', url: undefined }],
    });
    expect(
      await refusal(() =>
        pageConfig(t.db, 'p1', {
          name: 'N',
          title: 'T',
          logoUrl: '//other.example.com/logo.png',
          templateId: 'elsewhere',
          buttons: [
            { platform: 'ios', url: 'javascript:alert(1)' },
            { platform: 'ios', url: 'https://example.com' },
          ],
        }),
      ),
    ).toEqual({
      key: 'validation',
      paths: ['/buttons/0/url', '/buttons/1/platform', '/logoUrl', '/templateId'],
    });
  });

  it('creates, lists, replaces pages of the project only', async () => {
    const base = { name: 'A', title: 'T', buttons: [{ platform: 'pc' as const }] };
    const row = await createPage(t.db, 'p1', await pageConfig(t.db, 'p1', base), TEST_TIME);
    const replaced = await replacePage(
      t.db,
      row,
      await pageConfig(t.db, 'p1', { ...base, name: 'B' }),
      new Date(TEST_TIME.getTime() + 1000),
    );
    expect(await findPage(t.db, 'p1', row.id)).toEqual(replaced);
    expect((await listPages(t.db, 'p1', { q: 'b' })).rows.map((r) => r.name)).toEqual(['B']);
    expect(await refusal(() => findPage(t.db, 'p2', row.id))).toMatchObject({ key: 'notFound' });
  });

  it('leads buttons to their own address, else the template’s store, else the redirect settings; the visitor’s first', async () => {
    await t.db
      .insertInto('redirect_settings')
      .values({
        project_id: 'p1',
        default_url: 'https://example.com/home',
        android_url: null,
        ios_url: null,
        windows_url: null,
        updated_at: time,
      })
      .execute();
    const config = await pageConfig(t.db, 'p1', {
      name: 'N',
      title: 'T',
      templateId: 't1',
      logoUrl: 'https://example.com/logo.png',
      buttons: [
        { platform: 'ios' },
        { platform: 'android' },
        { platform: 'pc', url: 'https://example.com/pc' },
      ],
    });
    const row = await createPage(t.db, 'p1', config, TEST_TIME);
    const onAndroid = await publicPage(t.db, row, ANDROID);
    expect(onAndroid.buttons.map((b) => [b.platform, b.href])).toEqual([
      ['android', expect.stringContaining('com.example.app')],
      ['ios', 'https://apps.apple.com/app/id1'],
      ['pc', 'https://example.com/pc'],
    ]);
    expect((await publicPage(t.db, row, IPHONE)).buttons[0].platform).toBe('ios');
    expect(onAndroid.config.logoUrl).toBe('https://example.com/logo.png');
    // Without the template the project's redirect settings answer.
    const plain = await createPage(t.db, 'p1', { ...config, templateId: undefined }, TEST_TIME);
    expect((await publicPage(t.db, plain, IPHONE)).buttons[0]).toMatchObject({
      platform: 'ios',
      href: 'https://example.com/home',
    });
    // A page saved before the image rule shows no outside image.
    const old = await createPage(t.db, 'p1', { ...config, logoUrl: '//evil.example.com/x.png' }, TEST_TIME);
    expect((await publicPage(t.db, old, IPHONE)).config.logoUrl).toBeUndefined();
  });
});
