/** A campaign's ads switch (`adsSwitch` in schemas/_defs/campaign.json). */
export type AdsSwitch = 'follow-project' | 'on' | 'off';

/**
 * Whether a campaign shows ads: `follow-project` (also an absent or unknown value) follows the
 * project's ads module switch; `on` and `off` decide alone.
 */
export function effectiveAds(
  adsSwitch: AdsSwitch | string | undefined | null,
  moduleEnabled: boolean,
): boolean {
  if (adsSwitch === 'on') return true;
  if (adsSwitch === 'off') return false;
  return moduleEnabled;
}
