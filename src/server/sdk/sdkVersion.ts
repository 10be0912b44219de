/** An SDK below v2.0 is too low (it gates the integration preview): the app SDKs' line. */
export const MIN_SDK_VERSION = '2.0';

/**
 * The lowest supported version per platform. The web SDK (src/sdk/web) is its own line, whose
 * first release is 1.0, so only the app SDKs are held to 2.0.
 */
export const MIN_SDK_VERSIONS: Record<string, string> = {
  ios: MIN_SDK_VERSION,
  android: MIN_SDK_VERSION,
  web: '1.0',
};

/** Compares dotted versions numerically ("2.10" > "2.9"); undefined when either is not one. */
export function compareVersions(a: string, b: string): number | undefined {
  const parse = (v: string) => {
    const m = /^v?(\d+(?:\.\d+)*)/i.exec(v.trim());
    return m ? m[1].split('.').map(Number) : undefined;
  };
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return undefined;
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** A platform's lowest supported version (2.0 when the platform is unknown). */
export const minSdkVersion = (platform?: string | null): string =>
  MIN_SDK_VERSIONS[platform ?? ''] ?? MIN_SDK_VERSION;

/** True when the version is readable and below its platform's minimum. */
export function isSdkTooLow(version: string | null | undefined, platform?: string | null): boolean {
  if (!version) return false;
  return compareVersions(version, minSdkVersion(platform)) === -1;
}
