// Where the app's events reach the mechanics: each module's hooks, in registry order, inside the
// transaction that stored the SDK events (a referral's invites move on, a coin pool's tasks pay,
// tasks move, pets eat), and the attributed installs of invite links.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { CampaignRow } from '../db/campaignTables';
import type { IngestEvent } from '../sdk/validateSdkEvent';
import type { SchemaEngine } from '../../engine/createSchemaEngine';
import type { LinkInstall, SdkBatch } from './mechanicModule';
import { MECHANIC_MODULES, MODULES } from './mechanicModules';
import { runningCampaigns } from './runningCampaigns';

/** SDK events stored for the first time, inside the transaction that stored them. */
export async function playOnSdkEvents(
  trx: Transaction<Database>,
  events: {
    projectId: string;
    events: readonly IngestEvent[];
    now: Date;
    schemas: SchemaEngine;
    dbKind: 'sqlite' | 'postgres';
  },
): Promise<void> {
  let running: Promise<readonly CampaignRow[]> | undefined;
  const batch: SdkBatch = {
    ...events,
    modules: MODULES,
    // The project's running campaigns: read once, by the first hook that asks.
    running: () => (running ??= runningCampaigns(trx, events.projectId, events.now)),
  };
  for (const module of MECHANIC_MODULES)
    if (module.hooks?.sdkEvents) await module.hooks.sdkEvents(trx, batch);
}

/** An app install or open the SDK's attribution tied to a link click. */
export async function playOnLinkInstall(db: Kysely<Database>, install: LinkInstall): Promise<void> {
  for (const module of MECHANIC_MODULES)
    if (module.hooks?.linkInstall) await module.hooks.linkInstall(db, install);
}
