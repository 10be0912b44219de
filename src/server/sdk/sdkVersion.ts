/** SPEC 8: an SDK below v2.0 is too low (it gates the integration preview). */
export const MIN_SDK_VERSION = '2.0';

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

/** True when the version is readable and below 2.0. */
export function isSdkTooLow(version: string | null | undefined): boolean {
  if (!version) return false;
  return compareVersions(version, MIN_SDK_VERSION) === -1;
}
