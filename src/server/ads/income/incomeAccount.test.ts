import { describe, expect, it } from 'vitest';
import { projectTestDb } from '../../db/projectTestDb';
import { AppError } from '../../errors';
import { incomeAccountOf, loadIncomeAccount, projectIncomeAccount } from './incomeAccount';

const row = (config: unknown) => ({
  id: 'a1',
  project_id: 'p1',
  secret: 's',
  config: JSON.stringify(config),
});

describe('incomeAccountOf', () => {
  it('reads the currency, allowed addresses and offer rewards of an account config', () => {
    const account = incomeAccountOf(
      row({
        currency: 'EUR',
        allowedIps: ['10.0.0.0/8', ' ', 3],
        offers: [
          { id: 'a', rewardMicros: 500_000 },
          { id: 'b', rewardMicros: 0 },
          { id: 'c', rewardMicros: 1.5 },
          { rewardMicros: 7 },
        ],
      }),
    );
    expect(account).toMatchObject({
      id: 'a1',
      projectId: 'p1',
      secret: 's',
      currency: 'EUR',
      allowedIps: ['10.0.0.0/8'],
    });
    expect([...account.offerRewards]).toEqual([['a', 500_000]]);
  });

  it('falls back to USD, any address and no offers', () => {
    for (const config of [{}, { currency: 'eur', allowedIps: 'x', offers: {} }]) {
      const account = incomeAccountOf(row(config));
      expect(account.currency).toBe('USD');
      expect(account.allowedIps).toEqual([]);
      expect(account.offerRewards.size).toBe(0);
    }
    expect(incomeAccountOf({ id: 'a', project_id: 'p', secret: 's', config: 'not json' }).currency).toBe(
      'USD',
    );
  });
});

describe('projectIncomeAccount', () => {
  it('finds an account of the project; another project’s or an unknown id is notFound', async () => {
    const db = await projectTestDb();
    try {
      await db
        .insertInto('ad_accounts')
        .values({
          id: 'a1',
          project_id: 'p1',
          name: 'Net',
          config: JSON.stringify({ currency: 'EUR' }),
          network: '',
          secret: 's',
          created_by: null,
          created_at: '2026-03-01T00:00:00.000Z',
          updated_at: '2026-03-01T00:00:00.000Z',
        })
        .execute();
      expect(await projectIncomeAccount(db, 'p1', 'a1')).toMatchObject({ id: 'a1', currency: 'EUR' });
      for (const [project, id] of [
        ['p2', 'a1'],
        ['p1', 'nope'],
      ])
        await expect(projectIncomeAccount(db, project, id)).rejects.toEqual(new AppError('notFound'));
      // Without a project (the public postback), the id alone.
      expect(await loadIncomeAccount(db, 'a1')).toMatchObject({ projectId: 'p1' });
    } finally {
      await db.destroy();
    }
  });
});
