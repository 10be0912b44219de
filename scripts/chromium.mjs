// Makes sure Debian's chromium is on the machine (browser tests drive it through playwright-core;
// `npx playwright install` cannot download here). Installs it with apt when missing and root.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM} is missing; install Debian's chromium package (apt-get install chromium).`);
  }
  console.log('[chromium] installing Debian chromium (apt-get install chromium) ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM)) throw new Error(`apt installed chromium but ${CHROMIUM} is still missing`);
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
