export type AppPlatform = 'ios' | 'android';

const STORES = ['huawei', 'xiaomi', 'samsung', 'oppo', 'vivo', 'google-play'];

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const filled = (value: unknown) => typeof value === 'string' && value.replaceAll(';', '').trim() !== '';

/**
 * The platforms a link template (entity/link-template config) offers an app on: iOS with an App
 * Store address or a bundle / team id, Android with package names or known stores. The server's
 * public banner names them (the SDK shows a banner only there) and the console's banner snippet
 * reserves the banner's space only for visitors on them: one rule for both.
 */
export function templateAppPlatforms(templateConfig: unknown): AppPlatform[] {
  const config = record(templateConfig);
  const ios = record(config.ios);
  const android = record(config.android);
  const stores = Array.isArray(android.stores)
    ? android.stores.filter((s) => STORES.includes(String(s)))
    : [];
  const platforms: AppPlatform[] = [];
  if (['appStoreUrl', 'bundleId', 'teamId'].some((key) => filled(ios[key]))) platforms.push('ios');
  if (filled(android.packageNames) || stores.length > 0) platforms.push('android');
  return platforms;
}
