import { describe, expect, it } from 'vitest';
import { createDb, dbKindOf } from './createDb';

describe('createDb', () => {
  it('tells the database kind from the URL', () => {
    expect(dbKindOf('sqlite:./data/console.db')).toBe('sqlite');
    expect(dbKindOf('sqlite::memory:')).toBe('sqlite');
    expect(dbKindOf('postgres://u:p@h/db')).toBe('postgres');
    expect(dbKindOf('postgresql://u:p@h/db')).toBe('postgres');
    expect(() => dbKindOf('mysql://x')).toThrow(/DATABASE_URL/);
  });

  it('migrates a fresh SQLite database, idempotently, with foreign keys on', async () => {
    const { db, kind } = await createDb('sqlite::memory:');
    expect(kind).toBe('sqlite');
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'organisations',
        'users',
        'sessions',
        'login_failures',
        'password_resets',
        'projects',
        'project_platforms',
        'project_grants',
      ]),
    );
    await expect(
      db
        .insertInto('projects')
        .values({
          id: 'p',
          organisation_id: 'missing',
          name: 'x',
          domain_prefix: 'x',
          created_at: '',
          updated_at: '',
        })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
    await db.destroy();
  });
});
