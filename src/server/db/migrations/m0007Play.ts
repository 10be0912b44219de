import type { Kysely, Migration } from 'kysely';

// The participant runtime: who plays (participants, their sessions, used hand-off
// signatures), what they did (one row per action, the idempotency key unique per participant and
// campaign), the per-participant counters that serialise their actions (chances, per-prize wins),
// stock and budget counters per campaign, reward records, the delivery outbox with every attempt,
// and coupon code pools. The project's API secret signs hand-offs. Dialect-neutral like m0001:
// text ids and ISO times, integer counters and flags. Every row carries `project_id` with
// ON DELETE CASCADE.
const TABLES = [
  'coupon_codes',
  'reward_delivery_attempts',
  'reward_deliveries',
  'reward_records',
  'play_chance_grants',
  'play_prize_wins',
  'play_actions',
  'play_entries',
  'play_budgets',
  'play_prize_stock',
  'participant_handoffs',
  'participant_sessions',
  'participants',
];

export const m0007Play: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('projects').addColumn('api_secret', 'text').execute();
    await db.schema.alterTable('projects').addColumn('api_secret_rotated_at', 'text').execute();

    await db.schema
      .createTable('participants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      // `u:<userId>` or `d:<deviceId>`: one participant per identity and project.
      .addColumn('identity', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('device_id', 'text')
      .addColumn('user_type', 'text')
      .addColumn('via', 'text', (c) => c.notNull())
      .addColumn('os', 'text')
      .addColumn('country', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('participants_identity_uq', ['project_id', 'identity'])
      .addUniqueConstraint('participants_code_uq', ['project_id', 'code'])
      .execute();

    await db.schema
      .createTable('participant_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();

    // A signed hand-off is accepted once: its signature's hash is kept until it expires.
    await db.schema
      .createTable('participant_handoffs')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('sig_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('participant_handoffs_pk', ['project_id', 'sig_hash'])
      .execute();

    // Stock counters: `issued` grows by one per win; a win needs issued < the configured stock,
    // checked in the same UPDATE, so concurrent draws never oversell.
    await db.schema
      .createTable('play_prize_stock')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('prize_id', 'text', (c) => c.notNull())
      .addColumn('issued', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('play_prize_stock_pk', ['campaign_id', 'prize_id'])
      .execute();

    // Budget spent, in micros of the campaign's currency.
    await db.schema
      .createTable('play_budgets')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.primaryKey().references('campaigns.id').onDelete('cascade'))
      .addColumn('spent_micros', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    // One row per participant and campaign: the row every action of that participant locks first.
    await db.schema
      .createTable('play_entries')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('channel', 'text')
      .addColumn('inviter_id', 'text')
      .addColumn('is_new_user', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pool_used', 'integer', (c) => c.notNull().defaultTo(0))
      // Chances earned (shares, invites, tasks): the sum of this participant's play_chance_grants.
      .addColumn('granted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('daily_period', 'text')
      .addColumn('daily_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('actions', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('wins', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('joined_at', 'text', (c) => c.notNull())
      .addColumn('last_action_at', 'text')
      .addPrimaryKeyConstraint('play_entries_pk', ['campaign_id', 'participant_id'])
      .execute();
    await db.schema
      .createIndex('play_entries_project_idx')
      .on('play_entries')
      .columns(['project_id', 'campaign_id'])
      .execute();

    await db.schema
      .createTable('play_actions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      // The answer given, replayed for a repeated key.
      .addColumn('result', 'text', (c) => c.notNull())
      // Draw audit: the odds used (JSON [{ prizeId, hundredths }]) and the random value 0..9999.
      .addColumn('odds', 'text')
      .addColumn('random_value', 'integer')
      .addColumn('prize_id', 'text')
      .addColumn('reward_id', 'text')
      .addColumn('chance_bucket', 'text')
      .addColumn('outcome', 'text')
      .addColumn('channel', 'text')
      .addColumn('inviter_id', 'text')
      .addColumn('os', 'text')
      .addColumn('country', 'text')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('play_actions_idem_uq', ['campaign_id', 'participant_id', 'idempotency_key'])
      .execute();
    await db.schema
      .createIndex('play_actions_campaign_idx')
      .on('play_actions')
      .columns(['campaign_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('play_prize_wins')
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('prize_id', 'text', (c) => c.notNull())
      .addColumn('wins', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('play_prize_wins_pk', ['campaign_id', 'participant_id', 'prize_id'])
      .execute();

    // Chances earned beyond the initial and daily ones (share, invite, task), each once per `ref`.
    await db.schema
      .createTable('play_chance_grants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('play_chance_grants_ref_uq', ['campaign_id', 'participant_id', 'source', 'ref'])
      .execute();

    await db.schema
      .createTable('reward_records')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('participant_id', 'text', (c) =>
        c.notNull().references('participants.id').onDelete('cascade'),
      )
      .addColumn('action_id', 'text', (c) => c.notNull())
      .addColumn('prize_id', 'text', (c) => c.notNull())
      .addColumn('prize_name', 'text', (c) => c.notNull())
      // The prize as configured when it was won (JSON): names, image, delivery, keys, form.
      .addColumn('prize', 'text', (c) => c.notNull())
      .addColumn('delivery_type', 'text', (c) => c.notNull())
      .addColumn('award_status', 'text', (c) => c.notNull())
      .addColumn('status_detail', 'text')
      .addColumn('value_micros', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('coupon_code', 'text')
      .addColumn('form_id', 'text')
      .addColumn('form_submission_id', 'text')
      // Reward record fields: user, inviter, new user, channel, method, device, who awarded it and when.
      .addColumn('user_id', 'text')
      .addColumn('superior', 'text')
      .addColumn('is_new_user', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('channel', 'text')
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('os', 'text')
      .addColumn('country', 'text')
      .addColumn('time_zone', 'text')
      .addColumn('awarded_by', 'text')
      .addColumn('awarded_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('reward_records_campaign_idx')
      .on('reward_records')
      .columns(['campaign_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('reward_records_participant_idx')
      .on('reward_records')
      // A participant's latest rewards in a campaign (every page view and action answer) read in order.
      .columns(['participant_id', 'campaign_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('reward_records_project_idx')
      .on('reward_records')
      .columns(['project_id', 'award_status'])
      .execute();

    // The outbox: written in the draw's transaction, sent after the commit.
    await db.schema
      .createTable('reward_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('reward_id', 'text', (c) => c.notNull().references('reward_records.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema
      .createIndex('reward_deliveries_reward_idx')
      .on('reward_deliveries')
      .column('reward_id')
      .execute();
    await db.schema
      .createIndex('reward_deliveries_due_idx')
      .on('reward_deliveries')
      .columns(['state', 'next_at'])
      .execute();

    await db.schema
      .createTable('reward_delivery_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('delivery_id', 'text', (c) =>
        c.notNull().references('reward_deliveries.id').onDelete('cascade'),
      )
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('http_status', 'integer')
      .addColumn('answer', 'text')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer')
      .execute();
    await db.schema
      .createIndex('reward_delivery_attempts_delivery_idx')
      .on('reward_delivery_attempts')
      .column('delivery_id')
      .execute();

    await db.schema
      .createTable('coupon_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
      .addColumn('prize_id', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('reward_id', 'text')
      .addColumn('issued_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('coupon_codes_code_uq', ['campaign_id', 'prize_id', 'code'])
      .execute();
    await db.schema
      .createIndex('coupon_codes_free_idx')
      .on('coupon_codes')
      .columns(['campaign_id', 'prize_id', 'reward_id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
    await db.schema.alterTable('projects').dropColumn('api_secret_rotated_at').execute();
    await db.schema.alterTable('projects').dropColumn('api_secret').execute();
  },
};
