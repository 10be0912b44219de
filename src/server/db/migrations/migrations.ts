import type { Migration } from 'kysely';
import { MECHANIC_MODULES } from '../../play/mechanicModules';
import { m0001Foundation } from './m0001Foundation';
import { m0002Campaigns } from './m0002Campaigns';
import { m0003Links } from './m0003Links';
import { m0004Sdk } from './m0004Sdk';
import { m0005SdkActivity } from './m0005SdkActivity';
import { m0006ProjectTimeZones } from './m0006ProjectTimeZones';
import { m0007Play } from './m0007Play';
import { m0014CheckInTasks } from './m0014CheckInTasks';
import { m0015ProjectTasks } from './m0015ProjectTasks';
import { m0018Turbo } from './m0018Turbo';
import { m0019Ads } from './m0019Ads';
import { m0020PlayActionFingerprints } from './m0020PlayActionFingerprints';
import { m0021ServerEvents } from './m0021ServerEvents';
import { m0022RiskBlocklist } from '../../risk/m0022RiskBlocklist';
import { m0023PlayRisk } from '../../play/risk/m0023PlayRisk';
import { m0024LinkRollups } from '../../links/m0024LinkRollups';
import { m0026CampaignRevisions } from '../../campaigns/m0026CampaignRevisions';
import '../../play/risk/riskTables';

/**
 * The migrations outside the mechanics: the console's tables, the play runtime every mechanic
 * shares (m0007, with the request fingerprints of its action rows in m0020), the sign-in's and
 * tasks' tables shipped as one (m0014, listed by both modules too), the project's task center
 * (m0015), which door each SDK event came through (m0021) and risk control (m0022 and m0023, in
 * their domain folders), the link rollups (m0024, in the links folder) and the campaigns' revisions
 * (m0026, in the campaigns folder).
 */
const COMMON: Record<string, Migration> = {
  '0001_foundation': m0001Foundation,
  '0002_campaigns': m0002Campaigns,
  '0003_links': m0003Links,
  '0004_sdk': m0004Sdk,
  '0005_sdk_activity': m0005SdkActivity,
  '0006_project_time_zones': m0006ProjectTimeZones,
  '0007_play': m0007Play,
  '0014_check_in_tasks': m0014CheckInTasks,
  '0015_project_tasks': m0015ProjectTasks,
  '0018_turbo': m0018Turbo,
  '0019_ads': m0019Ads,
  '0020_play_action_fingerprints': m0020PlayActionFingerprints,
  '0021_server_events': m0021ServerEvents,
  '0022_risk_blocklist': m0022RiskBlocklist,
  '0023_play_risk': m0023PlayRisk,
  '0024_link_rollups': m0024LinkRollups,
  '0026_campaign_revisions': m0026CampaignRevisions,
};

/** The common migrations and each module's, by name in name order; one name is one migration. */
export function allMigrations(
  common: Readonly<Record<string, Migration>>,
  modules: readonly { mechanic: string; migrations?: Readonly<Record<string, Migration>> }[],
): Record<string, Migration> {
  const all = new Map(Object.entries(common));
  for (const module of modules)
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      const known = all.get(name);
      if (known && known !== migration)
        throw new Error(`migration ${name} of ${module.mechanic} is another migration of that name`);
      all.set(name, migration);
    }
  return Object.fromEntries([...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

// Static provider: migrations are imported, not read from disk, so they run the same under tsx,
// vitest and any bundler. Names sort in order; never rename or edit one that has shipped.
export const migrations: Record<string, Migration> = allMigrations(COMMON, MECHANIC_MODULES);
