import type { Kysely } from 'kysely';
import type { RegistryEntry } from '../../engine/registry/registryTypes';
import type { SchemaEngine } from '../../engine/createSchemaEngine';
import { mechanicOf, playOf } from '../../engine/play/mechanics';
import { AppError, errorMessage } from '../errors';
import type { Database } from '../db/tables';
import type { CampaignArea, CampaignKind } from '../db/campaignTables';
import type { CampaignConfig } from './campaignColumns';

const at = (
  key:
    | 'campaign.goalNotOffered'
    | 'campaign.parentInvalid'
    | 'campaign.linkInvalid'
    | 'campaign.chanceParentInvalid',
  path: string,
) => new AppError(key, { errors: (lang) => [{ path, message: errorMessage(key, lang) }] });

/**
 * Checks only the server makes on a gameplay's goal: it must be one the gameplay serves
 * (`meta.goals`), and web-to-app in the ads area.
 */
export function assertGoalOffered(entry: RegistryEntry, area: CampaignArea, config: CampaignConfig): void {
  if (entry.kind !== 'gameplay') return;
  const goal = config.goal;
  const goals = entry.meta.goals;
  if (typeof goal === 'string' && goals && !goals.includes(goal as never))
    throw at('campaign.goalNotOffered', '/goal');
  if (area === 'ads' && goal !== 'web-to-app') throw at('campaign.goalNotOffered', '/goal');
}

/**
 * The bound campaign of a sub-activity: `parentId` (or the config's `boundCampaignId`) must name
 * a gameplay campaign of the same project. Gameplays have no parent. Returns the parent id.
 */
export async function resolveParent(
  db: Kysely<Database>,
  projectId: string,
  kind: CampaignKind,
  parentId: string | null | undefined,
  config: CampaignConfig,
): Promise<string | null> {
  const bound = typeof config.boundCampaignId === 'string' ? config.boundCampaignId : undefined;
  if (kind === 'gameplay') {
    if (parentId) throw at('campaign.parentInvalid', '/parentId');
    return null;
  }
  if (parentId && bound && parentId !== bound) throw at('campaign.parentInvalid', '/boundCampaignId');
  const id = parentId ?? bound;
  if (!id) return null;
  const parent = await db
    .selectFrom('campaigns')
    .select('id')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('kind', '=', 'gameplay')
    .executeTakeFirst();
  if (!parent) throw at('campaign.parentInvalid', parentId ? '/parentId' : '/boundCampaignId');
  return id;
}

/**
 * A daily sub-activity spending its bound campaign's chances (`chanceSource: parent`) needs that
 * campaign (resolved by `resolveParent`: a gameplay of the project) and a mechanic that has chances.
 */
export async function assertChanceParent(
  db: Kysely<Database>,
  schemas: SchemaEngine,
  projectId: string,
  parentId: string | null,
  config: CampaignConfig,
): Promise<void> {
  if (config.chanceSource !== 'parent') return;
  const parent = parentId
    ? await db
        .selectFrom('campaigns')
        .select(['kind', 'mark'])
        .where('id', '=', parentId)
        .where('project_id', '=', projectId)
        .executeTakeFirst()
    : undefined;
  const entry = parent ? schemas.get(parent.kind, parent.mark) : undefined;
  const play = entry ? playOf(entry) : null;
  if (!play || !mechanicOf(play.mechanic)?.usesChances)
    throw at('campaign.chanceParentInvalid', '/boundCampaignId');
}

/** The title of a copy: titles hold no spaces and at most 30 characters. */
export function copyTitle(title: string): string {
  const suffix = '-copy';
  return `${[...title].slice(0, 30 - suffix.length).join('')}${suffix}`;
}

/** A referral's invite deep link (`inviteLinkId`) must be a link of the same project. */
export async function assertInviteLink(
  db: Kysely<Database>,
  projectId: string,
  config: CampaignConfig,
): Promise<void> {
  const id = config.inviteLinkId;
  if (typeof id !== 'string' || !id) return;
  const link = await db
    .selectFrom('links')
    .select('id')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!link) throw at('campaign.linkInvalid', '/inviteLinkId');
}
