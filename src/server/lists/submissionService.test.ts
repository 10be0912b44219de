import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { dayStartIso, findForm, listSubmissions, submissionsCsv, valuesOf } from './submissionService';

describe('submissionService', () => {
  let t: TestDb;
  const time = TEST_TIME.toISOString();
  const submit = (id: string, createdAt: string, state: 'pending' | 'submitted', answers: object | null) =>
    t.db
      .insertInto('reward_form_submissions')
      .values({
        id,
        project_id: 'p1',
        form_id: 'f1',
        campaign_id: null,
        participant: `player-${id}`,
        state,
        answers: answers ? JSON.stringify(answers) : null,
        created_at: createdAt,
        submitted_at: state === 'submitted' ? createdAt : null,
      })
      .execute();

  beforeEach(async () => {
    t = await testDb();
    await t.db
      .insertInto('reward_forms')
      .values({
        id: 'f1',
        project_id: 'p1',
        name: 'Address',
        config: JSON.stringify({ items: [{ label: 'Phone' }, { label: 'City' }] }),
        created_by: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('reads answers as text and days of a time zone as their local midnight', async () => {
    expect(valuesOf(null)).toEqual({});
    expect(valuesOf('{"Phone":"123","Count":2}')).toEqual({ Phone: '123', Count: '2' });
    expect(dayStartIso('2026-03-02', 'start_time', 'Asia/Shanghai')).toBe('2026-03-01T16:00:00.000Z');
    expect(dayStartIso('2026-03-02', 'end_time', 'UTC', 1)).toBe('2026-03-03T00:00:00.000Z');
    expect(() => dayStartIso('2026-02-30', 'end_time', 'UTC')).toThrow(AppError);
    await expect(findForm(t.db, 'p2', 'f1')).rejects.toThrow(AppError);
  });

  it('lists a form’s submissions newest first, by state', async () => {
    await submit('s1', '2026-03-01T10:00:00.000Z', 'submitted', { Phone: '1' });
    await submit('s2', '2026-03-02T10:00:00.000Z', 'pending', null);
    const page = await listSubmissions(t.db, 'f1', { page: 1, pageSize: 20 });
    expect(page.items.map((i) => [i.id, i.state, i.values])).toEqual([
      ['s2', 'pending', {}],
      ['s1', 'submitted', { Phone: '1' }],
    ]);
    expect((await listSubmissions(t.db, 'f1', { state: 'pending', page: 1, pageSize: 20 })).total).toBe(1);
  });

  it('exports the days of the project’s zone, oldest first, in the caller’s language', async () => {
    // 2026-03-01T20:00Z is already 2 March in Shanghai.
    await submit('s1', '2026-03-01T10:00:00.000Z', 'submitted', { Phone: '1', City: 'Lyon' });
    await submit('s2', '2026-03-01T20:00:00.000Z', 'pending', null);
    const lines = async (q: object, lang: 'zh-CN' | 'en-US' = 'en-US') =>
      (await submissionsCsv(t.db, await findForm(t.db, 'p1', 'f1'), q, 'Asia/Shanghai', lang))
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
    expect(await lines({})).toEqual([
      'Participant,Campaign,State,Created,Submitted,Phone,City',
      'player-s1,,Submitted,2026-03-01T18:00:00+08:00,2026-03-01T18:00:00+08:00,1,Lyon',
      'player-s2,,Pending,2026-03-02T04:00:00+08:00,,,',
    ]);
    expect((await lines({ start_time: '2026-03-02' })).slice(1)).toHaveLength(1);
    expect((await lines({ end_time: '2026-03-01', state: 'submitted' })).slice(1)).toHaveLength(1);
    expect((await lines({}, 'zh-CN'))[0]).toBe('参与者,活动,状态,创建时间,提交时间,Phone,City');
  });
});
