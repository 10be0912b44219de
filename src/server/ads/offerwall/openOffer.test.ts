import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addTestProject } from '../../db/projectTestDb';
import { refusal, testDb, TEST_TIME, type TestDb } from '../../db/testDb';
import { testCaller, testParticipant } from './offerwallTestCaller';
import { openOffer } from './openOffer';

const time = TEST_TIME.toISOString();
const participant = testParticipant;
const caller = testCaller;
const offer = (
  id: string,
  status: string,
  url = 'https://offers.example.com/go?u={user_id}&o={offer_id}&c={click_id}',
) => ({
  id,
  title: { en: id },
  rewardMicros: 100,
  url,
  status,
});

describe('openOffer', () => {
  let t: TestDb;

  beforeEach(async () => {
    t = await testDb();
    await addTestProject(t.db, { id: 'p2', name: 'Q', prefix: 'q' }, time);
    await t.db.insertInto('participants').values(participant).execute();
    const account = (id: string, projectId: string) => ({
      id,
      project_id: projectId,
      name: id,
      config: JSON.stringify({
        offers: [
          offer('on', 'online'),
          offer('off', 'offline'),
          offer('bad', 'online', 'javascript:alert(1)'),
        ],
      }),
      network: 'n',
      secret: 's',
      created_by: null,
      created_at: time,
      updated_at: time,
    });
    await t.db
      .insertInto('ad_accounts')
      .values([account('a1', 'p1'), account('a2', 'p2')])
      .execute();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('records the click and answers the filled address', async () => {
    const { url, clickId } = await openOffer(t.db, caller, 'a1', 'on');
    expect(url).toBe(`https://offers.example.com/go?u=user-1&o=on&c=${clickId}`);
    expect(await t.db.selectFrom('offer_clicks').selectAll().execute()).toEqual([
      { id: clickId, project_id: 'p1', participant_id: 'pa1', account_id: 'a1', offer_id: 'on', time },
    ]);
  });

  it("refuses offline, unopenable, unknown and another project's offers without recording a click", async () => {
    for (const [accountId, offerId] of [
      ['a1', 'off'],
      ['a1', 'bad'],
      ['a1', 'nope'],
      ['a2', 'on'],
      ['zz', 'on'],
    ])
      expect(await refusal(() => openOffer(t.db, caller, accountId, offerId))).toEqual({
        key: 'ads.offerUnknown',
        paths: undefined,
      });
    expect(await t.db.selectFrom('offer_clicks').selectAll().execute()).toEqual([]);
  });
});
