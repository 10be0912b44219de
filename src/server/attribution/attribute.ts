import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { readLinkConfig } from '../links/linkConfig';
import { templateSettings, windowMs, type TemplateSettings } from '../links/templateSettings';
import type { ClickRow } from '../links/linkTables';
import { deviceOf } from '../redirect/deviceOf';
import { deviceFingerprint, ipHash } from './fingerprint';
import { addLinkRollups, attributionRollups } from '../links/linkRollups';

export type AttributionType = 'install' | 'open' | 'register';

/** What an SDK reports (docs/deep-links.md, "Attribution"). */
export interface AttributionReport {
  type: AttributionType;
  deviceId: string;
  platform: 'ios' | 'android' | 'web';
  os?: string;
  osVersion?: string;
  model?: string;
  ip: string;
  userAgent?: string;
  clickId?: string;
  linkId?: string;
}

export interface AttributionAnswer {
  matched: boolean;
  linkId: string | null;
  clickId: string | null;
  deferredData: Record<string, string>;
  deeplink: string | null;
  params: Record<string, string>;
  ua?: string;
}

export interface AttributionResult {
  answer: AttributionAnswer;
  /** The stored attribution (undefined when an earlier install of the device was answered again). */
  attributionId?: string;
  template?: TemplateSettings;
}

// How far back a fingerprint is looked for before the templates' own windows apply.
const CANDIDATES = 200;

const ATTRIBUTION_PARAMS: Record<string, string> = {
  utmSource: 'utm_source',
  utmCampaign: 'utm_campaign',
  utmMedium: 'utm_medium',
  keywords: 'utm_term',
  adClickId: 'ad_click_id',
  param1: 'param1',
  param2: 'param2',
  param3: 'param3',
  param4: 'param4',
  param5: 'param5',
  custom: 'custom',
};

interface Candidate {
  click: ClickRow;
  publicLinkId: string;
  linkConfig: string;
  template: TemplateSettings;
}

async function candidates(
  db: Kysely<Database>,
  projectId: string,
  where: { clickId?: string; fingerprint?: string; linkRowId?: string },
): Promise<Candidate[]> {
  let query = db
    .selectFrom('clicks')
    .innerJoin('links', 'links.id', 'clicks.link_id')
    .innerJoin('link_templates', 'link_templates.id', 'links.template_id')
    .selectAll('clicks')
    .select([
      'links.link_id as publicLinkId',
      'links.config as linkConfig',
      'link_templates.config as templateConfig',
    ])
    .where('clicks.project_id', '=', projectId)
    .where('clicks.is_bot', '=', 0);
  if (where.clickId) query = query.where('clicks.id', '=', where.clickId);
  if (where.fingerprint) query = query.where('clicks.fingerprint', '=', where.fingerprint);
  if (where.linkRowId) query = query.where('clicks.link_id', '=', where.linkRowId);
  const rows = await query.orderBy('clicks.created_at', 'desc').limit(CANDIDATES).execute();
  return rows.map((row) => {
    const { publicLinkId, linkConfig, templateConfig, ...click } = row;
    return { click, publicLinkId, linkConfig, template: templateSettings(JSON.parse(templateConfig)) };
  });
}

function answerOf(candidate: Candidate, type: AttributionType): AttributionAnswer {
  const config = readLinkConfig(candidate.linkConfig);
  const deferredData: Record<string, string> = {};
  for (const item of config.deferredData) deferredData[item.key] = item.value;
  const params: Record<string, string> = {};
  for (const [field, key] of Object.entries(ATTRIBUTION_PARAMS)) {
    const value = config.attribution[field];
    if (value) params[key] = value;
  }
  const clickParams = candidate.click.params
    ? (JSON.parse(candidate.click.params) as Record<string, string>)
    : {};
  Object.assign(params, clickParams, {
    channel: candidate.click.channel,
    link_id: candidate.publicLinkId,
    click_id: candidate.click.id,
  });
  return {
    matched: true,
    linkId: candidate.publicLinkId,
    clickId: candidate.click.id,
    deferredData,
    deeplink: config.address ?? null,
    params,
    ...(type === 'open' && candidate.template.returnUa && candidate.click.user_agent
      ? { ua: candidate.click.user_agent }
      : {}),
  };
}

const UNMATCHED: AttributionAnswer = {
  matched: false,
  linkId: null,
  clickId: null,
  deferredData: {},
  deeplink: null,
  params: {},
};

/** Picks the click inside its template's window: first or last click, as the newest one's template says. */
function choose(list: Candidate[], type: AttributionType, now: number): Candidate | undefined {
  const eligible = list.filter((c) => {
    const window = type === 'open' ? c.template.lookbackWindow : c.template.attributionWindow;
    const age = now - Date.parse(c.click.created_at);
    return age >= 0 && age <= windowMs(window);
  });
  if (eligible.length === 0) return undefined;
  // Newest first: the newest click's template decides between first and last click.
  return eligible[0].template.clickAttribution === 'first' ? eligible[eligible.length - 1] : eligible[0];
}

type Db = Kysely<Database>;

/** A device's first install report: a second one answers it again. */
async function earlierInstall(db: Db, projectId: string, report: AttributionReport) {
  return db
    .selectFrom('attributions')
    .select(['click_id', 'matched'])
    .where('project_id', '=', projectId)
    .where('device_id', '=', report.deviceId)
    .where('type', '=', 'install')
    .orderBy('created_at')
    .executeTakeFirst();
}

/** The row id of the link a report names in the project (undefined: none named, or unknown). */
async function reportedLinkRow(db: Db, projectId: string, linkId: string | undefined) {
  if (!linkId) return undefined;
  const link = await db
    .selectFrom('links')
    .select('id')
    .where('project_id', '=', projectId)
    .where('link_id', '=', linkId)
    .executeTakeFirst();
  return link?.id;
}

/** The click of the device's matched install, for a registration that names none. */
async function installClick(db: Db, projectId: string, deviceId: string): Promise<Candidate | undefined> {
  const install = await db
    .selectFrom('attributions')
    .select('click_id')
    .where('project_id', '=', projectId)
    .where('device_id', '=', deviceId)
    .where('type', '=', 'install')
    .where('matched', '=', 1)
    .orderBy('created_at')
    .executeTakeFirst();
  if (!install?.click_id) return undefined;
  return (await candidates(db, projectId, { clickId: install.click_id }))[0];
}

/** The device a report describes: its own fields, else what its User-Agent says. */
function reportedDevice(report: AttributionReport) {
  const device = report.userAgent ? deviceOf(report.userAgent) : undefined;
  return {
    os: report.os ?? device?.os ?? report.platform,
    osVersion: report.osVersion ?? device?.osVersion ?? '',
    model: report.model ?? device?.model ?? null,
  };
}

/**
 * Matches an SDK report to a recorded click and stores the attribution: an explicit click id,
 * else the device fingerprint (optionally within one link) inside the template's window; a
 * registration without a click reuses the device's install. A device's second install report
 * answers the first one again.
 */
export async function attribute(
  db: Db,
  projectId: string,
  report: AttributionReport,
  now: Date,
): Promise<AttributionResult> {
  if (report.type === 'install') {
    const earlier = await earlierInstall(db, projectId, report);
    if (earlier) {
      const [candidate] = earlier.click_id
        ? await candidates(db, projectId, { clickId: earlier.click_id })
        : [];
      return { answer: candidate ? answerOf(candidate, 'install') : UNMATCHED };
    }
  }
  const linkRowId = await reportedLinkRow(db, projectId, report.linkId);
  let chosen: Candidate | undefined;
  if (report.clickId) {
    // An explicit click id (from the launch URL) is exact: no window applies.
    [chosen] = await candidates(db, projectId, { clickId: report.clickId });
  }
  const { os, osVersion, model } = reportedDevice(report);
  if (!chosen && report.ip && (!report.linkId || linkRowId)) {
    const fingerprint = deviceFingerprint(report.ip, os, osVersion);
    chosen = choose(await candidates(db, projectId, { fingerprint, linkRowId }), report.type, now.getTime());
  }
  if (!chosen && report.type === 'register') chosen = await installClick(db, projectId, report.deviceId);

  const id = randomId();
  const createdAt = now.toISOString();
  const channel = chosen?.click.channel ?? null;
  // The attribution and its link's rollups are stored together.
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('attributions')
      .values({
        id,
        project_id: projectId,
        link_id: chosen?.click.link_id ?? null,
        click_id: chosen?.click.id ?? null,
        type: report.type,
        matched: chosen ? 1 : 0,
        device_id: report.deviceId,
        platform: report.platform,
        os: os ?? null,
        os_version: osVersion || null,
        model,
        ip_hash: report.ip ? ipHash(report.ip) : null,
        channel,
        user_agent: report.userAgent?.slice(0, 512) ?? null,
        created_at: createdAt,
      })
      .execute();
    if (chosen)
      await addLinkRollups(
        trx,
        attributionRollups({
          linkRowId: chosen.click.link_id,
          type: report.type,
          createdAt,
          platform: report.platform,
          channel,
          clickParams: chosen.click.params,
        }),
      );
  });
  return {
    answer: chosen ? answerOf(chosen, report.type) : UNMATCHED,
    attributionId: id,
    template: chosen?.template,
  };
}
