import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { playPage } from './helpers/play';

const HOUR = 3_600_000;

// The schema folders' artwork: served read-only from the folders the registry is read from
// (SCHEMAS_DIR), under /schema-assets/<path below schemas/>, and accepted as an image address.

describe('schema folder artwork', () => {
  let t: TestApp;
  let dir: string;
  let owner: SignedIn;
  let projectId: string;

  beforeAll(async () => {
    // A copy of schemas/ with files that lie in asset folders but must never be served, and a
    // picture outside any asset folder.
    dir = await mkdtemp(path.join(tmpdir(), 'gc-art-'));
    await cp('schemas', dir, { recursive: true });
    await writeFile(path.join(dir, '_assets/notes.txt'), 'not a picture');
    await writeFile(path.join(dir, '_assets/Big Gift.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(
      path.join(dir, 'gameplays/lucky-wheel/loose.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    await mkdir(path.join(dir, 'gameplays/lucky-wheel/assets/deeper'), { recursive: true });
    await writeFile(
      path.join(dir, 'gameplays/lucky-wheel/assets/deeper/x.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    t = await createTestApp({ schemasDir: dir });
    owner = await signUpOwner(t.app, 'art@example.com');
    projectId = await createProject(t.app, owner, 'Art', 'art');
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves shared and folder art as SVG that runs nothing, cached for a year', async () => {
    for (const [url, file] of [
      ['/schema-assets/_assets/prize-gift.svg', '_assets/prize-gift.svg'],
      [
        '/schema-assets/gameplays/card-flipping/assets/card-back.svg',
        'gameplays/card-flipping/assets/card-back.svg',
      ],
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
      expect(res.rawPayload.equals(readFileSync(path.join(dir, file)))).toBe(true);
    }
  });

  it('answers 404 for anything that is not exactly an asset file: unknown, outside, traversal', async () => {
    for (const url of [
      '/schema-assets/_assets/no-such.svg',
      '/schema-assets/_assets/notes.txt',
      '/schema-assets/_assets/Big%20Gift.svg',
      '/schema-assets/gameplays/lucky-wheel/loose.svg',
      '/schema-assets/gameplays/lucky-wheel/assets/deeper/x.svg',
      '/schema-assets/gameplays/lucky-wheel/meta.json',
      '/schema-assets/gameplays/lucky-wheel/templates/classic.json',
      '/schema-assets/_assets/../gameplays/lucky-wheel/meta.json',
      '/schema-assets/_assets/..%2f..%2fpackage.json',
      '/schema-assets/%2e%2e/%2e%2e/package.json',
      '/schema-assets/..%5c..%5cpackage.json',
      '/schema-assets/_assets/',
      '/schema-assets/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
    // A NUL in the path is refused before any route.
    const nul = await get('/schema-assets/_assets/prize-gift.svg%00.json');
    expect(nul.statusCode).toBe(400);
    expect(nul.headers['content-type']).not.toContain('svg');
  });

  it('takes artwork addresses in a config, refuses other paths, and hands them to the player', async () => {
    const wheel = withTimes(
      await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic'),
      new Date(t.clock.now().getTime() - HOUR),
    );
    expect(wheel.backgroundImage).toBe('/schema-assets/_assets/background-festive.svg');
    const save = (config: Record<string, unknown>) =>
      call<{ id: string; errors?: Array<{ path: string; message: string }> }>(
        t.app,
        'POST',
        '/api/campaigns',
        {
          token: owner.token,
          projectId,
          lang: 'en',
          body: { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', config },
        },
      );
    for (const bad of [
      '/schema-assets/../package.json',
      '/schema-assets/_assets/%2e%2e/x.svg',
      '/schema-assets/gameplays/lucky-wheel/meta.json',
      'javascript:alert(1)',
      '/etc/passwd',
      '//evil.example.com/a.svg',
    ]) {
      const answer = await save({ ...wheel, backgroundImage: bad });
      expect(answer.status, bad).toBe(400);
      expect(
        answer.body.data.errors?.map((e) => e.path),
        bad,
      ).toContain('/backgroundImage');
    }

    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config: wheel });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    const page = await playPage<{
      campaign: {
        page: { backgroundImage: string | null };
        game: { wheel: { pointerImage: string | null } };
        prizes: Array<{ id: string; image: string | null }>;
      };
    }>(t.app, created.id);
    expect(page.status).toBe(200);
    const { campaign } = page.body.data;
    expect(campaign.page.backgroundImage).toBe('/schema-assets/_assets/background-festive.svg');
    expect(campaign.game.wheel.pointerImage).toBe('/schema-assets/gameplays/lucky-wheel/assets/pointer.svg');
    expect(campaign.prizes.every((p) => p.image?.startsWith('/schema-assets/_assets/prize-'))).toBe(true);
    // Every picture the page names is served.
    for (const url of [
      campaign.page.backgroundImage,
      campaign.game.wheel.pointerImage,
      ...campaign.prizes.map((p) => p.image),
    ])
      expect((await get(url as string)).statusCode, url as string).toBe(200);
  });
});
