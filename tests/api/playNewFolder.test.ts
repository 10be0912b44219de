import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession } from './helpers/play';

/**
 * A product person adds a gameplay that reuses the draw mechanic and the wheel renderer by
 * adding one folder: no code, no rebuild. The folder here is made in a temp copy of schemas/.
 */
export function schemasWithNewFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'growth-schemas-'));
  cpSync('schemas', dir, { recursive: true });
  const folder = join(dir, 'gameplays', 'lucky-spin');
  cpSync(join(dir, 'gameplays', 'lucky-wheel'), folder, { recursive: true });
  const metaPath = join(folder, 'meta.json');
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Record<string, unknown>;
  writeFileSync(
    metaPath,
    JSON.stringify({ ...meta, mark: 'lucky-spin', play: { mechanic: 'draw', renderer: 'wheel' } }, null, 2),
  );
  for (const lang of ['zh-CN', 'en-US']) {
    const path = join(folder, 'locales', `${lang}.json`);
    const strings = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
    strings['meta.title'] = lang === 'zh-CN' ? '幸运转转' : 'Lucky spin';
    writeFileSync(path, JSON.stringify(strings, null, 2));
  }
  return dir;
}

describe('a new gameplay folder reusing the draw mechanic is playable without code', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let dir: string;

  beforeAll(async () => {
    dir = schemasWithNewFolder();
    t = await createTestApp({ schemasDir: dir });
    owner = await signUpOwner(t.app, 'folder@example.com');
    projectId = await createProject(t.app, owner, 'Folder', 'folder');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is listed, configured, put online and played through the participant API', async () => {
    const entry = await call<{ meta: { play: unknown } }>(t.app, 'GET', '/api/schemas/gameplay/lucky-spin');
    expect(entry.status).toBe(200);
    expect(entry.body.data.meta.play).toEqual({ mechanic: 'draw', renderer: 'wheel' });

    const config = withTimes(
      await templateConfig(t.app, 'gameplay', 'lucky-spin', 'classic'),
      new Date(t.clock.now().getTime() - 3_600_000),
    );
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-spin', config });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);

    const view = await playPage<{ campaign: Record<string, unknown> }>(t.app, created.id);
    expect(view.body.data.campaign).toMatchObject({
      mark: 'lucky-spin',
      mechanic: 'draw',
      renderer: 'wheel',
      playable: true,
    });
    const session = await signedSession(t.app, created.id, 'spinner', await apiSecretOf(t.app, projectId));
    const drawn = await act<{ result: { prize: { id: string } } }>(t.app, created.id, session.token, 'draw');
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    const ids = (config.prizes as { id: string }[]).map((p) => p.id);
    expect(ids).toContain(drawn.body.data.result.prize.id);
  });
});
