import {
  PostgresAdapter,
  sql,
  type Kysely,
  type Migration,
  type QueryExecutorProvider,
  type RawBuilder,
} from 'kysely';

// Link rollups: per link, UTC quarter hour (`slot` = ms since the epoch / 900 000) and dimension
// (`all`, `platform`, `channel`, `source` with its value in `dim_value`), the human clicks, the
// robots' hits (`all` only) and the matched installs, opens and registrations; the breakdowns per
// UTC day too (`platform:day`, ... at the day's first quarter hour); per link of all time its
// `total` row (slot 0). The link report,
// the links list's click counts and the link analytics read them instead of the raw clicks and
// attributions; the click writers and attribution add to them in the transactions that insert the
// rows. Filled here from the rows already stored.

type Kind = 'sqlite' | 'postgres';

/** The UTC quarter hour of an ISO time column, on either database. */
function slotOf(column: string, kind: Kind): RawBuilder<number> {
  return kind === 'postgres'
    ? sql<number>`cast(floor(extract(epoch from cast(${sql.ref(column)} as timestamptz)) / 900) as integer)`
    : sql<number>`cast(strftime('%s', ${sql.ref(column)}) as integer) / 900`;
}

/** `banner`, `script` or `other` from a click's `params` (JSON text). */
function sourceOf(column: string, kind: Kind): RawBuilder<string> {
  const value =
    kind === 'postgres'
      ? sql`(cast(${sql.ref(column)} as jsonb) ->> 'gc_src')`
      : sql`json_extract(${sql.ref(column)}, '$.gc_src')`;
  return sql<string>`case when ${value} in ('banner', 'script') then ${value} else 'other' end`;
}

/**
 * Recounts the rollups of links from their stored clicks and attributions: of every link, or
 * those of `linkIds`. Their rows are replaced, so running it again changes nothing.
 */
export async function backfillLinkRollups(db: QueryExecutorProvider, kind: Kind, linkIds?: string[]) {
  const only = (column: string) =>
    linkIds ? sql`${sql.ref(column)} in (${sql.join(linkIds)})` : sql`${sql.ref(column)} is not null`;
  await sql`delete from link_rollups where ${only('link_id')}`.execute(db);
  const slot = slotOf('created_at', kind);
  const attributionSlot = slotOf('a.created_at', kind);
  const installs = sql`case when a.type = 'install' then 1 else 0 end`;
  const opens = sql`case when a.type = 'open' then 1 else 0 end`;
  const registrations = sql`case when a.type = 'register' then 1 else 0 end`;
  const attributed = (
    dim: string,
    value: RawBuilder<unknown>,
    at: RawBuilder<unknown> = attributionSlot,
  ) => sql`
    select a.link_id, ${sql.lit(dim)} as dim, ${at} as slot, ${value} as dim_value,
      0 as clicks, 0 as bots, ${installs} as installs, ${opens} as opens, ${registrations} as registrations
    from attributions a left join clicks c on c.id = a.click_id
    where a.matched = 1 and ${only('a.link_id')} and a.type in ('install', 'open', 'register')`;
  const clicked = (dim: string, value: RawBuilder<unknown>) => sql`
    select link_id, ${sql.lit(dim)} as dim, ${slot} as slot, ${value} as dim_value,
      1 as clicks, 0 as bots, 0 as installs, 0 as opens, 0 as registrations
    from clicks where is_bot = 0 and ${only('link_id')}`;
  await sql`insert into link_rollups (link_id, dim, slot, dim_value, clicks, bots, installs, opens, registrations)
    select link_id, dim, slot, dim_value, sum(clicks), sum(bots), sum(installs), sum(opens), sum(registrations)
    from (
      select link_id, 'all' as dim, ${slot} as slot, '' as dim_value,
        1 - is_bot as clicks, is_bot as bots, 0 as installs, 0 as opens, 0 as registrations
      from clicks where ${only('link_id')}
      union all
      select link_id, 'total' as dim, 0 as slot, '' as dim_value,
        1 - is_bot as clicks, is_bot as bots, 0 as installs, 0 as opens, 0 as registrations
      from clicks where ${only('link_id')}
      union all ${clicked('platform', sql`platform`)}
      union all ${clicked('channel', sql`channel`)}
      union all ${clicked('source', sourceOf('params', kind))}
      union all ${attributed('all', sql`''`)}
      union all ${attributed('total', sql`''`, sql`0`)}
      union all ${attributed('platform', sql`a.platform`)}
      union all ${attributed('channel', sql`coalesce(a.channel, 'direct')`)}
      union all ${attributed('source', sourceOf('c.params', kind))}
    ) events
    group by link_id, dim, slot, dim_value`.execute(db);
  // The breakdowns per UTC day (slot: the day's first quarter hour), from their quarter hours.
  await sql`insert into link_rollups (link_id, dim, slot, dim_value, clicks, bots, installs, opens, registrations)
    select link_id, dim || ':day', day, dim_value, sum(clicks), sum(bots), sum(installs), sum(opens), sum(registrations)
    from (select link_rollups.*, slot / 96 * 96 as day from link_rollups
      where dim in ('platform', 'channel', 'source') and ${only('link_id')}) quarters
    group by link_id, dim, day, dim_value`.execute(db);
}

export const m0024LinkRollups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('link_rollups')
      .ifNotExists()
      .addColumn('link_id', 'text', (c) => c.notNull().references('links.id').onDelete('cascade'))
      .addColumn('dim', 'text', (c) => c.notNull())
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('dim_value', 'text', (c) => c.notNull())
      .addColumn('clicks', 'integer', (c) => c.notNull())
      .addColumn('bots', 'integer', (c) => c.notNull())
      .addColumn('installs', 'integer', (c) => c.notNull())
      .addColumn('opens', 'integer', (c) => c.notNull())
      .addColumn('registrations', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('link_rollups_pk', ['link_id', 'dim', 'slot', 'dim_value'])
      .execute();
    const kind: Kind = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    await backfillLinkRollups(db, kind);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('link_rollups').ifExists().execute();
  },
};
