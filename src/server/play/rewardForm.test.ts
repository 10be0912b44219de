import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAction } from './playActions';
import { playTestDb, type PlayTestDb } from './playTestDb';
import type { PlayCampaign } from './playCampaign';
import type { ParticipantRow } from './playTables';
import { submitRewardForm } from './rewardForm';

// Reward forms over one migrated in-memory database holding two campaigns whose prize asks for the
// same form, and participants who won in both.
const NOW = new Date('2026-03-01T08:00:00.000Z');

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

async function addressForm(): Promise<string> {
  const at = NOW.toISOString();
  await t.db
    .insertInto('reward_forms')
    .values({
      id: 'address',
      project_id: t.projectId,
      name: 'Address',
      config: JSON.stringify({ items: [{ label: 'Name', type: 'text', required: true }] }),
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return 'address';
}

const wheel = (formId: string) =>
  t.addCampaign('draw', {
    chances: { initialCount: 3 },
    prizes: [
      { id: 'box', name: 'Box', deliveryType: 'system', odds: 100, unlimitedStock: true, formId },
      { id: 'thanks', name: 'Thanks', isThank: true },
    ],
  });

let keys = 0;
/** A draw the participant wins (odds 100): its reward id. */
async function win(campaign: PlayCampaign, participant: ParticipantRow): Promise<string> {
  const key = `d${++keys}`;
  const outcome = await runAction(t.db, {
    campaign,
    participant,
    action: 'draw',
    key,
    body: {},
    now: NOW,
    dbKind: 'sqlite',
  });
  return outcome.result.rewardId as string;
}

const submit = (campaign: PlayCampaign, participant: ParticipantRow, rewardId: string, name: string) =>
  submitRewardForm(t.db, campaign, participant, rewardId, { Name: name }, NOW);

/** The state and answers of each reward's form submission, by reward id. */
async function submissions() {
  const rows = await t.db
    .selectFrom('reward_records as r')
    .innerJoin('reward_form_submissions as s', 's.id', 'r.form_submission_id')
    .select(['r.id', 's.state', 's.answers'])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, `${r.state} ${r.answers}`]));
}

describe('submitRewardForm', () => {
  it("takes a reward's form from its winner in its campaign only", async () => {
    const formId = await addressForm();
    const [a, b] = [await wheel(formId), await wheel(formId)];
    const [ann, bob] = [await t.addParticipant('ann'), await t.addParticipant('bob')];
    const annInA = await win(a, ann);
    const bobInA = await win(a, bob);
    const annInB = await win(b, ann);

    const refused = { key: 'play.rewardNotFound' };
    // Another participant of the campaign.
    await expect(submit(a, bob, annInA, 'Bob')).rejects.toMatchObject(refused);
    // The winner, through another campaign (both ways), and a participant of that campaign.
    await expect(submit(b, ann, annInA, 'Ann')).rejects.toMatchObject(refused);
    await expect(submit(a, ann, annInB, 'Ann')).rejects.toMatchObject(refused);
    await expect(submit(b, bob, annInA, 'Bob')).rejects.toMatchObject(refused);
    expect(await submissions()).toEqual({
      [annInA]: 'pending null',
      [bobInA]: 'pending null',
      [annInB]: 'pending null',
    });

    expect(await submit(a, ann, annInA, 'Ann')).toMatchObject({ id: annInA, participant_id: ann.id });
    expect(await submit(a, bob, bobInA, 'Bob')).toMatchObject({ id: bobInA, participant_id: bob.id });
    expect(await submissions()).toEqual({
      [annInA]: 'submitted {"Name":"Ann"}',
      [bobInA]: 'submitted {"Name":"Bob"}',
      [annInB]: 'pending null',
    });
  });
});
