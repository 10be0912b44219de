import type { Kysely, Migration } from 'kysely';

// Ads monetisation: the module switch and settings per project, the "advanced user"
// flag on project grants, ad accounts (postback secret), strategies and the URLs they served,
// requests / clicks / income (money as signed integer micros with its currency, each network
// transaction once per kind), the postback log, the offerwall's ledger, offer clicks and
// withdrawals, and ad plans / ad campaigns under review. Everything goes with its project.

/** The list-row columns of prizes, tasks and Turbo rows. */
function listRow(db: Kysely<unknown>, table: string) {
  return db.schema
    .createTable(table)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
}

async function index(db: Kysely<unknown>, name: string, table: string, columns: string[], unique = false) {
  const builder = db.schema.createIndex(name).on(table).columns(columns);
  await (unique ? builder.unique() : builder).execute();
}

export const m0019Ads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('project_grants')
      .addColumn('ads_advanced', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('ads_settings')
      .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
      .addColumn('offerwall_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('offerwall_currency', 'text', (c) => c.notNull().defaultTo('USD'))
      .addColumn('min_withdrawal_micros', 'bigint', (c) => c.notNull().defaultTo(1_000_000))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .execute();

    await listRow(db, 'ad_accounts')
      .addColumn('network', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .execute();
    await index(db, 'ad_accounts_project_idx', 'ad_accounts', ['project_id', 'created_at']);

    await listRow(db, 'ads_strategies')
      .addColumn('number', 'integer', (c) => c.notNull())
      .execute();
    await index(db, 'ads_strategies_project_idx', 'ads_strategies', ['project_id', 'created_at']);
    await index(db, 'ads_strategies_number_idx', 'ads_strategies', ['project_id', 'number'], true);

    await listRow(db, 'ad_plans')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('review_note', 'text')
      .addColumn('reviewed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reviewed_at', 'text')
      .execute();
    await index(db, 'ad_plans_project_idx', 'ad_plans', ['project_id', 'created_at']);
    await listRow(db, 'ad_campaigns')
      .addColumn('plan_id', 'text', (c) => c.notNull().references('ad_plans.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('review_note', 'text')
      .addColumn('reviewed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reviewed_at', 'text')
      .execute();
    await index(db, 'ad_campaigns_project_idx', 'ad_campaigns', ['project_id', 'created_at']);
    await index(db, 'ad_campaigns_plan_idx', 'ad_campaigns', ['plan_id']);

    await db.schema
      .createTable('ad_urls')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('strategy_id', 'text', (c) =>
        c.notNull().references('ads_strategies.id').onDelete('cascade'),
      )
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index(db, 'ad_urls_strategy_url_idx', 'ad_urls', ['strategy_id', 'url'], true);

    // Serves as counters: requests and clicks per UTC quarter hour (every zone's day starts on
    // one), strategy, URL ('' = unmatched: no ad to serve) and page domain, added to by the serve
    // queue's batches. A request's own facts travel in its id (see requestIds.ts).
    await db.schema
      .createTable('ad_serves')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('quarter', 'integer', (c) => c.notNull())
      .addColumn('strategy_id', 'text', (c) =>
        c.notNull().references('ads_strategies.id').onDelete('cascade'),
      )
      .addColumn('url_id', 'text', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('requests', 'bigint', (c) => c.notNull())
      .addColumn('clicks', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ad_serves_pk', ['project_id', 'quarter', 'strategy_id', 'url_id', 'domain'])
      .execute();
    await index(db, 'ad_serves_strategy_idx', 'ad_serves', ['strategy_id', 'quarter']);

    // Clicks of API serves (a link-host serve is its click): once per request id.
    await db.schema
      .createTable('ad_clicks')
      .addColumn('request_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('strategy_id', 'text', (c) =>
        c.notNull().references('ads_strategies.id').onDelete('cascade'),
      )
      .addColumn('time', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('ad_income')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull().references('ad_accounts.id').onDelete('cascade'))
      .addColumn('txid', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount_micros', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      // The click's request when the network named one of ours (and what it served).
      .addColumn('request_id', 'text')
      .addColumn('strategy_id', 'text')
      .addColumn('url_id', 'text')
      .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('offer_id', 'text')
      .addColumn('participant_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index(db, 'ad_income_tx_idx', 'ad_income', ['account_id', 'txid', 'kind'], true);
    await index(db, 'ad_income_project_day_idx', 'ad_income', ['project_id', 'day']);
    await index(db, 'ad_income_time_idx', 'ad_income', ['project_id', 'time']);

    await db.schema
      .createTable('ad_postbacks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull().references('ad_accounts.id').onDelete('cascade'))
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('txid', 'text')
      .execute();
    await index(db, 'ad_postbacks_account_idx', 'ad_postbacks', ['account_id', 'time']);

    await db.schema
      .createTable('offerwall_ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount_micros', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('income_id', 'text', (c) => c.references('ad_income.id').onDelete('cascade'))
      .addColumn('withdrawal_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index(db, 'offerwall_ledger_income_idx', 'offerwall_ledger', ['income_id', 'kind'], true);
    await index(db, 'offerwall_ledger_participant_idx', 'offerwall_ledger', ['project_id', 'participant_id']);

    await db.schema
      .createTable('offer_clicks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('account_id', 'text', (c) => c.notNull().references('ad_accounts.id').onDelete('cascade'))
      .addColumn('offer_id', 'text', (c) => c.notNull())
      .addColumn('time', 'text', (c) => c.notNull())
      .execute();
    await index(db, 'offer_clicks_project_idx', 'offer_clicks', ['project_id', 'time']);

    await db.schema
      .createTable('withdrawals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('amount_micros', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('reviewed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reviewed_at', 'text')
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index(db, 'withdrawals_key_idx', 'withdrawals', ['participant_id', 'idempotency_key'], true);
    await index(db, 'withdrawals_project_idx', 'withdrawals', ['project_id', 'status', 'created_at']);
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'withdrawals',
      'offer_clicks',
      'offerwall_ledger',
      'ad_postbacks',
      'ad_income',
      'ad_clicks',
      'ad_serves',
      'ad_urls',
      'ad_campaigns',
      'ad_plans',
      'ads_strategies',
      'ad_accounts',
      'ads_settings',
    ])
      await db.schema.dropTable(table).execute();
    await db.schema.alterTable('project_grants').dropColumn('ads_advanced').execute();
  },
};
