import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession } from './helpers/play';
import { accessKey, sdkEvent, sendServerEvents } from './helpers/sdk';

// The dice board through the SDK and the participant API: rolls are the initial dice plus the
// dice tasks grant (the app's events, within each task's daily limit), the server throws, the
// player walks round the board (laps when passing the start), a prize cell gives its prize, and
// concurrent rolls never spend more dice than the player has, also on two servers.

const HOUR = 3_600_000;
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });

interface RollResult {
  roll: number;
  from: number;
  position: number;
  laps: number;
  lapsAdded: number;
  cellPrizeId: string | null;
  outcome: string;
}

describe('participant API: dice', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let key: string;
  let base: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'dice@example.com');
    projectId = await createProject(t.app, owner, 'Dice', 'dice');
    secret = await apiSecretOf(t.app, projectId);
    key = await accessKey(t.app, owner, projectId);
    const defined = await call(t.app, 'POST', '/api/events', {
      token: owner.token,
      projectId,
      body: { key: 'order_paid', name: 'Order paid' },
    });
    expect(defined.status).toBe(200);
    base = await templateConfig(t.app, 'gameplay', 'dice', 'classic');
  });
  afterAll(async () => t.close());

  async function liveBoard(initialDice: number) {
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'dice',
      config: {
        ...withTimes(base, new Date(t.clock.now().getTime() - HOUR), 3),
        boardSize: 8,
        initialDice,
        tasks: [{ id: 'order', title: text('Order'), event: 'order_paid', dice: 2, dailyLimit: 2 }],
        // Every cell but the start holds a prize, so every roll but one landing on the start wins.
        cells: Array.from({ length: 7 }, (_, i) => ({ index: i + 1, prizeId: 'coins' })),
        prizes: [
          {
            id: 'coins',
            name: text('Coins'),
            deliveryType: 'system',
            isThank: false,
            unlimitedStock: true,
            stock: 0,
          },
        ],
      },
    });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    return created.id;
  }

  it('rolls the initial dice and the dice tasks grant, walks the board and gives the cells’ prizes', async () => {
    const id = await liveBoard(3);
    const amy = await signedSession(t.app, id, 'amy', secret);
    // Three app orders: the task's daily limit (2) grants 2 x 2 dice.
    await sendServerEvents(
      t.app,
      key,
      ['a', 'b', 'c'].map((n) =>
        sdkEvent({
          eventId: `o-${n}`,
          name: 'order_paid',
          userId: 'amy',
          deviceId: 'amy-phone',
          time: t.clock.now().toISOString(),
        }),
      ),
    );
    const page = await playPage<{
      me: { chances: { left: number }; progress: { tasks: { id: string; done: { day: number } }[] } };
    }>(t.app, id, amy.token);
    expect(page.body.data.me.chances.left).toBe(7);
    expect(page.body.data.me.progress.tasks).toMatchObject([{ id: 'order', done: { day: 2 } }]);
    let total = 0;
    for (let i = 0; i < 7; i++) {
      const rolled = await act<{ result: RollResult }>(t.app, id, amy.token, 'roll');
      expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
      const r = rolled.body.data.result;
      expect(r.roll).toBeGreaterThanOrEqual(1);
      expect(r.roll).toBeLessThanOrEqual(6);
      expect(r.from).toBe(total % 8);
      total += r.roll;
      expect([r.position, r.laps]).toEqual([total % 8, Math.floor(total / 8)]);
      expect(r.outcome).toBe(r.position === 0 ? 'move' : 'win');
    }
    const none = await act(t.app, id, amy.token, 'roll', { lang: 'en' });
    expect(none.status).toBe(409);
    const wins = await t.app.ctx.db
      .selectFrom('reward_records')
      .select('id')
      .where('campaign_id', '=', id)
      .execute();
    const landed = await t.app.ctx.db
      .selectFrom('play_actions')
      .select(['outcome'])
      .where('campaign_id', '=', id)
      .where('action', '=', 'roll')
      .execute();
    expect(wins).toHaveLength(landed.filter((a) => a.outcome === 'win').length);
    const place = await playPage<{
      me: { progress: { dice: { position: number; laps: number; rolls: number } } };
    }>(t.app, id, amy.token);
    expect(place.body.data.me.progress.dice).toEqual({
      position: total % 8,
      laps: Math.floor(total / 8),
      rolls: 7,
    });
  });

  it('concurrent rolls never spend more dice than the player holds, on every server', async () => {
    const id = await liveBoard(4);
    const ben = await signedSession(t.app, id, 'ben', secret);
    const { servers, close } = await appServers(t);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => act(servers[i % servers.length], id, ben.token, 'roll')),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(6);
    } finally {
      await close();
    }
    const place = await t.app.ctx.db
      .selectFrom('play_dice_positions')
      .select(['rolls'])
      .where('campaign_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(place.rolls).toBe(4);
  });
});
