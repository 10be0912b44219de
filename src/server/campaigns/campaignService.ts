import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { AppError, errorMessage, fieldError, type FieldError } from '../errors';
import { randomId } from '../db/randomId';
import type { Database } from '../db/tables';
import type { CampaignRow, ChannelType } from '../db/campaignTables';
import { campaignColumns, whitelistOn, type CampaignConfig } from './campaignColumns';
import { isLive, shownActions, shownStatus } from './campaignState';
import { campaignSummary } from './campaignViews';
import { recordCampaignEvent } from './campaignEvents';
import { lockedChanges } from './lockedChanges';
import { planOfflineJob } from './planOfflineJob';
import { copyTitle } from './campaignRules';
import type { CampaignListQuery, ChannelsBody } from './campaignSchemas';

type Db = Kysely<Database>;

/** `YYYY-MM-DD` (a whole UTC day; `to` includes it) or an ISO time; undefined when absent. */
export function parseBound(value: string | undefined, name: 'from' | 'to'): number | undefined {
  if (!value) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms))
    throw fieldError((lang) => [
      { path: `/querystring/${name}`, message: validationMessage('format.date-time', lang) },
    ]);
  return day && name === 'to' ? ms + 86_400_000 : ms;
}

/** The campaign id a pasted participant link (or id) names. */
export function linkNeedle(link: string): string {
  const match = /\/p\/([^/?#]+)/.exec(link);
  return decodeURIComponent(match ? match[1] : link.trim());
}

/** One page of the project's campaigns, newest first, with the status computed at `now`. */
export async function listCampaigns(
  db: Db,
  projectId: string,
  q: Static<typeof CampaignListQuery>,
  publicUrl: string,
  now: Date,
) {
  const from = parseBound(q.from, 'from');
  const to = parseBound(q.to, 'to');
  let query = db
    .selectFrom('campaigns')
    .select([
      'id',
      'project_id',
      'area',
      'kind',
      'mark',
      'template_mark',
      'title',
      'goal',
      'phase',
      'start_time',
      'end_time',
      'start_text',
      'end_text',
      'timezone',
      'online_at',
      'whitelist_enabled',
      'parent_id',
      'download_page_id',
      'created_by',
      'updated_by',
      'created_at',
      'updated_at',
      'revision',
    ])
    .where('project_id', '=', projectId)
    .where('area', '=', q.area ?? 'growth');
  if (q.kind) query = query.where('kind', '=', q.kind);
  if (q.mark) query = query.where('mark', '=', q.mark);
  if (q.parentId) query = query.where('parent_id', '=', q.parentId);
  if (from !== undefined) query = query.where('end_time', '>=', new Date(from).toISOString());
  if (to !== undefined) query = query.where('start_time', '<', new Date(to).toISOString());
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  const title = q.title?.trim().toLowerCase();
  const needle = q.link ? linkNeedle(q.link) : undefined;
  const matching = rows
    .filter((row) => !title || row.title.toLowerCase().includes(title))
    .filter((row) => !needle || row.id.includes(needle))
    .map((row) => campaignSummary(row, publicUrl, now))
    .filter((summary) => !q.status || summary.status === q.status);
  const start = (q.page - 1) * q.pageSize;
  return { items: matching.slice(start, start + q.pageSize), total: matching.length };
}

export interface NewCampaign {
  projectId: string;
  userId: string;
  area: CampaignRow['area'];
  kind: CampaignRow['kind'];
  mark: string;
  templateMark: string | null;
  parentId: string | null;
  /** Validated by the caller (engine, callbacks, goal, parent, invite link). */
  config: CampaignConfig;
}

/** The row of a new campaign: a draft whose columns and whitelist come from the config. */
export function newCampaignRow(input: NewCampaign, now: Date): CampaignRow {
  const time = now.toISOString();
  return {
    id: randomId(),
    project_id: input.projectId,
    area: input.area,
    kind: input.kind,
    mark: input.mark,
    template_mark: input.templateMark,
    revision: 0,
    ...campaignColumns(input.config),
    config: JSON.stringify(input.config),
    phase: 'draft',
    online_at: null,
    whitelist_enabled: whitelistOn(input.config) ? 1 : 0,
    parent_id: input.parentId,
    download_page_id: null,
    created_by: input.userId,
    updated_by: input.userId,
    created_at: time,
    updated_at: time,
  };
}

/**
 * Stores a new campaign with its `create` event; saving ends the creator's wizard, so their
 * unsaved progress of a new campaign of this kind is deleted.
 */
export async function insertCampaign(db: Db, row: CampaignRow, now: Date): Promise<void> {
  const userId = row.created_by;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('campaigns').values(row).execute();
    await recordCampaignEvent(trx, {
      campaignId: row.id,
      projectId: row.project_id,
      action: 'create',
      fromPhase: null,
      toPhase: 'draft',
      fromStatus: null,
      toStatus: 'draft',
      actorId: userId,
      via: 'user',
      now,
    });
    await trx
      .deleteFrom('campaign_drafts')
      .where('user_id', '=', userId)
      .where('project_id', '=', row.project_id)
      .where('area', '=', row.area)
      .where('kind', '=', row.kind)
      .where('mark', '=', row.mark)
      .where('campaign_key', '=', '')
      .execute();
  });
}

/** The status shown now, when the status machine allows editing; otherwise the 409 it answers. */
export function assertEditable(row: CampaignRow, now: Date) {
  const status = shownStatus(row, now);
  if (!shownActions(row, now).includes('edit'))
    throw new AppError(status === 'ended' ? 'campaign.ended' : 'campaign.illegalTransition');
  return status;
}

export interface CampaignEdit {
  config: CampaignConfig;
  parentId: string | null;
  userId: string;
  now: Date;
  /** The config schema's properties (which fields lock while the campaign is live). */
  schemaProperties: Record<string, unknown> | undefined;
}

/**
 * The campaign after saving a new config, or the 409 the save answers: fields locked by the
 * status (`campaign.locked`, or `campaign.endPassed` when only past ends changed), or an end
 * before the time it went online. The whitelist switch follows the config only while a draft.
 */
export function editedCampaign(row: CampaignRow, edit: CampaignEdit): CampaignRow {
  const { config, now } = edit;
  const draft = shownStatus(row, now) === 'draft';
  const locked = lockedChanges(JSON.parse(row.config) as CampaignConfig, config, {
    draft,
    live: isLive(row, now),
    now,
    schemaProperties: edit.schemaProperties,
  });
  if (locked.length) {
    const key = locked.every((c) => c.key === 'campaign.endPassed')
      ? 'campaign.endPassed'
      : 'campaign.locked';
    throw new AppError(key, {
      errors: (lang) => locked.map((c) => ({ path: c.path, message: errorMessage(c.key, lang) })),
    });
  }
  const columns = campaignColumns(config);
  if (row.online_at && Date.parse(columns.end_time) < Date.parse(row.online_at)) {
    throw new AppError('campaign.onlineAfterEnd', {
      errors: (lang) => [{ path: '/endTime', message: errorMessage('campaign.onlineAfterEnd', lang) }],
    });
  }
  return {
    ...row,
    ...columns,
    config: JSON.stringify(config),
    whitelist_enabled: draft ? (whitelistOn(config) ? 1 : 0) : row.whitelist_enabled,
    parent_id: edit.parentId,
    updated_by: edit.userId,
    updated_at: now.toISOString(),
  };
}

/**
 * Writes an edited campaign if nobody moved or saved it since `before` was read (409
 * `campaign.illegalTransition` otherwise), plans its offline job and deletes the editor's
 * unsaved wizard progress of it.
 */
export async function saveCampaign(
  db: Db,
  before: CampaignRow,
  after: CampaignRow,
  now: Date,
): Promise<void> {
  const { title, goal, start_time, end_time, start_text, end_text, timezone } = after;
  const columns = { title, goal, start_time, end_time, start_text, end_text, timezone };
  await db.transaction().execute(async (trx) => {
    const written = await trx
      .updateTable('campaigns')
      .set({
        ...columns,
        config: after.config,
        whitelist_enabled: after.whitelist_enabled,
        parent_id: after.parent_id,
        updated_by: after.updated_by,
        updated_at: after.updated_at,
      })
      .where('id', '=', before.id)
      .where('updated_at', '=', before.updated_at)
      .where('phase', '=', before.phase)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) !== 1) throw new AppError('campaign.illegalTransition');
    await planOfflineJob(trx, after, now, after.updated_by);
    await trx
      .deleteFrom('campaign_drafts')
      .where('user_id', '=', after.updated_by)
      .where('project_id', '=', before.project_id)
      .where('campaign_key', '=', before.id)
      .execute();
  });
}

/** Deletes a campaign with its jobs and wizard drafts, where the status machine allows it (409). */
export async function deleteCampaign(db: Db, row: CampaignRow, now: Date): Promise<void> {
  if (!shownActions(row, now).includes('delete')) throw new AppError('campaign.illegalTransition');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('scheduled_jobs').where('subject_id', '=', row.id).execute();
    await trx
      .deleteFrom('campaign_drafts')
      .where('project_id', '=', row.project_id)
      .where('campaign_key', '=', row.id)
      .execute();
    await trx.deleteFrom('campaigns').where('id', '=', row.id).execute();
  });
}

/** The config of a copy: the source's, titled `<title>-copy`. */
export function copyConfig(source: CampaignRow): CampaignConfig {
  const sourceConfig = JSON.parse(source.config) as CampaignConfig;
  return { ...sourceConfig, title: copyTitle(String(sourceConfig.title ?? source.title)) };
}

/**
 * Stores a copy of `source` as a new draft with the (validated) copied config, its channels and
 * a `copy` event; a copy starts over, so the whitelist switch is the config's again.
 */
export async function insertCopy(
  db: Db,
  source: CampaignRow,
  config: CampaignConfig,
  userId: string,
  now: Date,
): Promise<CampaignRow> {
  const time = now.toISOString();
  const row: CampaignRow = {
    ...source,
    ...campaignColumns(config),
    id: randomId(),
    config: JSON.stringify(config),
    phase: 'draft',
    online_at: null,
    whitelist_enabled: whitelistOn(config) ? 1 : 0,
    created_by: userId,
    updated_by: userId,
    created_at: time,
    updated_at: time,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('campaigns').values(row).execute();
    const channels = await trx
      .selectFrom('campaign_channels')
      .selectAll()
      .where('campaign_id', '=', source.id)
      .execute();
    if (channels.length)
      await trx
        .insertInto('campaign_channels')
        .values(channels.map((c) => ({ ...c, campaign_id: row.id })))
        .execute();
    await recordCampaignEvent(trx, {
      campaignId: row.id,
      projectId: row.project_id,
      action: 'copy',
      fromPhase: null,
      toPhase: 'draft',
      fromStatus: null,
      toStatus: 'draft',
      actorId: userId,
      via: 'user',
      detail: { from: source.id },
      now,
    });
  });
  return row;
}

export interface ChannelEntry {
  type: ChannelType;
  key: string;
  name: string;
  path: string;
}

/** The channels of both lists in order, names trimmed; a key used twice answers 400 at its path. */
export function channelEntries(body: Static<typeof ChannelsBody>): ChannelEntry[] {
  const entries: ChannelEntry[] = [];
  for (const type of ['inApp', 'offSite'] as const)
    body[type].forEach((channel, index) =>
      entries.push({ type, key: channel.key, name: channel.name.trim(), path: `/${type}/${index}/key` }),
    );
  const seen = new Set<string>();
  const duplicates: { path: string; key: string }[] = [];
  for (const entry of entries) {
    if (seen.has(entry.key)) duplicates.push({ path: entry.path, key: entry.key });
    seen.add(entry.key);
  }
  if (duplicates.length)
    throw fieldError((lang): FieldError[] =>
      duplicates.map((d) => ({
        path: d.path,
        message: validationMessage('duplicateKey', lang, { value: d.key }),
      })),
    );
  return entries;
}

/** Replaces a campaign's channels (positions in order) and marks it updated by `userId`. */
export async function replaceChannels(
  db: Db,
  campaignId: string,
  entries: ChannelEntry[],
  userId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('campaign_channels').where('campaign_id', '=', campaignId).execute();
    if (entries.length)
      await trx
        .insertInto('campaign_channels')
        .values(
          entries.map((entry, position) => ({
            campaign_id: campaignId,
            type: entry.type,
            key: entry.key,
            name: entry.name,
            position,
          })),
        )
        .execute();
    await trx
      .updateTable('campaigns')
      .set({ updated_at: now.toISOString(), updated_by: userId })
      .where('id', '=', campaignId)
      .execute();
  });
}

/**
 * Binds a download page of the campaign's project (or unbinds with null); another project's or
 * an unknown page answers 400 at `/downloadPageId`.
 */
export async function bindDownloadPage(
  db: Db,
  row: CampaignRow,
  pageId: string | null,
  userId: string,
  now: Date,
): Promise<CampaignRow> {
  if (pageId !== null) {
    const page = await db
      .selectFrom('download_pages')
      .select('id')
      .where('id', '=', pageId)
      .where('project_id', '=', row.project_id)
      .executeTakeFirst();
    if (!page)
      throw fieldError((lang) => [{ path: '/downloadPageId', message: validationMessage('enum', lang) }]);
  }
  const updated: CampaignRow = {
    ...row,
    download_page_id: pageId,
    updated_at: now.toISOString(),
    updated_by: userId,
  };
  await db
    .updateTable('campaigns')
    .set({
      download_page_id: updated.download_page_id,
      updated_at: updated.updated_at,
      updated_by: updated.updated_by,
    })
    .where('id', '=', row.id)
    .execute();
  return updated;
}
