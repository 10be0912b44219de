import type { CampaignsTable } from '../db/campaignTables';

export type CampaignConfig = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function utc(value: string | null): string {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

/** Whether the config turns the whitelist on (gameplays have `whitelist.enabled`). */
export function whitelistOn(config: CampaignConfig): boolean {
  const whitelist = config.whitelist as { enabled?: unknown } | undefined;
  return whitelist?.enabled === true;
}

/** The config with the whitelist turned off (after going online or disabling it). */
export function withWhitelistOff(configText: string): string {
  const config = JSON.parse(configText) as CampaignConfig;
  if (!whitelistOn(config)) return configText;
  return JSON.stringify({ ...config, whitelist: { ...(config.whitelist as object), enabled: false } });
}

/**
 * The columns read from a (validated) config on every write: title, goal, the activity time as
 * written and as UTC, the timezone. The engine has checked the times are date-times.
 */
export function campaignColumns(
  config: CampaignConfig,
): Pick<
  CampaignsTable,
  'title' | 'goal' | 'start_time' | 'end_time' | 'start_text' | 'end_text' | 'timezone'
> {
  const start = text(config.startTime);
  const end = text(config.endTime);
  return {
    title: text(config.title) ?? '',
    goal: text(config.goal),
    start_time: utc(start),
    end_time: utc(end),
    start_text: start ?? '',
    end_text: end ?? '',
    timezone: text(config.timezone),
  };
}
