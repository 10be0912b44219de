import type { Migration } from 'kysely';
import { m0001Foundation } from './m0001Foundation';
import { m0002Campaigns } from './m0002Campaigns';
import { m0003Links } from './m0003Links';
import { m0004Sdk } from './m0004Sdk';
import { m0005SdkActivity } from './m0005SdkActivity';
import { m0006ProjectTimeZones } from './m0006ProjectTimeZones';
import { m0007Play } from './m0007Play';
import { m0008Quiz } from './m0008Quiz';
import { m0009Predict } from './m0009Predict';
import { m0010Invite } from './m0010Invite';
import { m0011Contest } from './m0011Contest';
import { m0012Collect } from './m0012Collect';
import { m0013Pool } from './m0013Pool';
import { m0014CheckInTasks } from './m0014CheckInTasks';
import { m0015ProjectTasks } from './m0015ProjectTasks';
import { m0016Dice } from './m0016Dice';
import { m0017Raise } from './m0017Raise';
import { m0018Turbo } from './m0018Turbo';
import { m0019Ads } from './m0019Ads';

// Static provider: migrations are imported, not read from disk, so they run the same under tsx,
// vitest and any bundler. Names sort in order; never rename or edit one that has shipped.
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001Foundation,
  '0002_campaigns': m0002Campaigns,
  '0003_links': m0003Links,
  '0004_sdk': m0004Sdk,
  '0005_sdk_activity': m0005SdkActivity,
  '0006_project_time_zones': m0006ProjectTimeZones,
  '0007_play': m0007Play,
  '0008_quiz': m0008Quiz,
  '0009_predict': m0009Predict,
  '0010_invite': m0010Invite,
  '0011_contest': m0011Contest,
  '0012_collect': m0012Collect,
  '0013_pool': m0013Pool,
  '0014_check_in_tasks': m0014CheckInTasks,
  '0015_project_tasks': m0015ProjectTasks,
  '0016_dice': m0016Dice,
  '0017_raise': m0017Raise,
  '0018_turbo': m0018Turbo,
  '0019_ads': m0019Ads,
};
