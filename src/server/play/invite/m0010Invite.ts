import type { Kysely, Migration } from 'kysely';

// Referral and the invite contest: one row per invitee and campaign (the unique key
// makes an invitee count for one inviter once), the steps the server received for it (install,
// register, task), its decision (qualified, or refused with the reason), and a counter of inviter
// rewards per campaign taken with a conditional update, so the total is never exceeded by several
// servers at once.
export const m0010Invite: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('play_invites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('inviter_id', 'text', (c) => c.notNull().references('participants.id').onDelete('cascade'))
      .addColumn('invitee_key', 'text', (c) => c.notNull())
      .addColumn('invitee_participant_id', 'text')
      .addColumn('invitee_user_id', 'text')
      .addColumn('invitee_device_id', 'text')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('click_id', 'text')
      .addColumn('invited_at', 'text', (c) => c.notNull())
      .addColumn('installed_at', 'text')
      .addColumn('registered_at', 'text')
      .addColumn('task_at', 'text')
      .addColumn('device_seen_before', 'integer')
      .addColumn('opened_before', 'integer')
      .addColumn('account_before', 'integer')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('refusal', 'text')
      .addColumn('decided_at', 'text')
      .addColumn('rewards', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('over_budget', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('play_invites_invitee_uq', ['campaign_id', 'invitee_key'])
      .execute();
    // SDK events find the pending invites of their device or user.
    await db.schema
      .createIndex('play_invites_device_idx')
      .on('play_invites')
      .columns(['project_id', 'invitee_device_id'])
      .execute();
    await db.schema
      .createIndex('play_invites_user_idx')
      .on('play_invites')
      .columns(['project_id', 'invitee_user_id'])
      .execute();
    await db.schema
      .createIndex('play_invites_inviter_idx')
      .on('play_invites')
      .columns(['campaign_id', 'inviter_id', 'status'])
      .execute();
    // Whether the SDK knew an invitee's account before the invite (new-account definition).
    await db.schema
      .createIndex('sdk_devices_user_idx')
      .on('sdk_devices')
      .columns(['project_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('play_invite_totals')
      .addColumn('campaign_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('inviter_rewards', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('play_invite_totals').execute();
    await db.schema.dropIndex('sdk_devices_user_idx').execute();
    await db.schema.dropTable('play_invites').execute();
  },
};
