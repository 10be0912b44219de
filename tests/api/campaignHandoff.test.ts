import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { apiSecretOf, type PlaySession } from './helpers/play';
import type { Envelope } from './helpers/api';
import {
  API_SECRET_VARIABLE,
  HANDOFF_FILES,
  HANDOFF_LANGUAGES,
  handoffSnippet,
  participantBase,
  type HandoffLanguage,
} from '../../src/web/features/campaigns/handoffSnippets';
import { readLaunch } from '../../src/participant/session/readLaunch';

// The server programs of the campaign's "Get link" dialog, exactly as the console shows them
// (one module builds the text for both), run as real subprocesses against the server: each signs
// a user into a live campaign, prints the participant address, and the session call the page makes
// with that address's parameters opens a session as that user; a wrong secret is refused. Node and
// Python always run; Go, Java and PHP run where their binary is on the machine, else the test says
// it is skipped and why.

/** How each program is run from its file; `node` is this process's own binary. */
const RUNNERS: Record<HandoffLanguage, { bin: string; args: (file: string) => string[] }> = {
  node: { bin: process.execPath, args: (file) => [file] },
  python: { bin: 'python3', args: (file) => [file] },
  go: { bin: 'go', args: (file) => ['run', file] },
  java: { bin: 'java', args: (file) => [file] },
  php: { bin: 'php', args: (file) => [file] },
};
// Node and Python are always required: a missing binary fails their tests instead of skipping.
const REQUIRED: readonly HandoffLanguage[] = ['node', 'python'];

function installed(bin: string): boolean {
  const probe = spawnSync(bin, bin === 'go' ? ['version'] : ['--version'], { encoding: 'utf8' });
  return !probe.error;
}
const available = Object.fromEntries(
  HANDOFF_LANGUAGES.map((language) => [
    language,
    REQUIRED.includes(language) || installed(RUNNERS[language].bin),
  ]),
) as Record<HandoffLanguage, boolean>;

for (const language of HANDOFF_LANGUAGES.filter((l) => !available[l]))
  console.warn(
    `campaignHandoff: ${RUNNERS[language].bin} is not installed, the ${language} program is not run`,
  );

const HOUR = 3_600_000;
const dir = mkdtempSync(join(tmpdir(), 'gc-handoff-'));

/** Runs a program with the API secret in its environment; answers the address it printed. */
function runSnippet(language: HandoffLanguage, code: string, secret: string): string {
  const folder = mkdtempSync(join(dir, `${language}-`));
  const file = join(folder, HANDOFF_FILES[language]);
  writeFileSync(file, code);
  const { bin, args } = RUNNERS[language];
  const run = spawnSync(bin, args(file), {
    cwd: folder,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, [API_SECRET_VARIABLE]: secret },
  });
  if (run.error) throw run.error;
  expect(run.status, `${language} exited ${run.status}: ${run.stderr}`).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines, `${language} printed ${JSON.stringify(run.stdout)}`).toHaveLength(1);
  return lines[0];
}

describe("the campaign link dialog's hand-off programs, run against the server", () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let campaignId: string;
  let link: string;

  beforeAll(async () => {
    // The programs read the real time, so the server does too (a hand-off may be 24 h ahead at most).
    t = await createTestApp({ now: () => new Date() });
    owner = await signUpOwner(t.app, 'handoff@example.com');
    projectId = await createProject(t.app, owner, 'Handoff', 'handoff');
    secret = await apiSecretOf(t.app, projectId);
    const wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'lucky-wheel',
      config: withTimes(wheel, new Date(Date.now() - HOUR)),
    });
    const online = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(online.status, JSON.stringify(online.body)).toBe(200);
    campaignId = created.id;
    link = created.link;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** POST /api/play/v1/sessions with what the page reads from the address (as the page does). */
  async function openAs(address: string) {
    const launch = readLaunch(address);
    expect(launch.handoff, address).toBeDefined();
    return t.app.inject({
      method: 'POST',
      url: '/api/play/v1/sessions',
      payload: { campaignId, ...launch.handoff },
    });
  }

  for (const language of HANDOFF_LANGUAGES) {
    const missing = available[language] ? '' : ` (skipped: ${RUNNERS[language].bin} is not installed here)`;
    it.skipIf(!available[language])(
      `${language}: the printed address signs the user in; a wrong secret is refused${missing}`,
      async () => {
        // A user id with an @, which each program must URL-encode and the page decode.
        const userId = `buyer-${language}@shop.example`;
        const code = handoffSnippet(language, { base: participantBase(link), campaignId, userId });
        expect(code).toContain(campaignId);
        expect(code).not.toContain(secret);

        const address = runSnippet(language, code, secret);
        const url = new URL(address);
        expect(`${url.origin}${url.pathname}`).toBe(link);
        expect([...url.searchParams.keys()]).toEqual(['u', 'exp', 'sig']);
        const exp = Number(url.searchParams.get('exp'));
        const ahead = exp - Date.now() / 1000;
        expect(ahead).toBeGreaterThan(0);
        expect(ahead).toBeLessThanOrEqual(24 * 3600);
        // The signature is the rule's: base64url without padding, keyed with the secret's text.
        expect(url.searchParams.get('sig')).toBe(
          createHmac('sha256', secret).update(`${campaignId}.${userId}.${exp}`).digest('base64url'),
        );

        const opened = await openAs(address);
        expect(opened.statusCode, opened.body).toBe(200);
        const session = (opened.json() as Envelope<PlaySession>).data;
        expect(session.participant).toMatchObject({ userId, anonymous: false });
        // The page, with that session, plays as that user.
        const page = await t.app.inject({
          method: 'GET',
          url: `/api/play/v1/campaigns/${campaignId}`,
          headers: { authorization: `Participant ${session.token}` },
        });
        expect(page.statusCode, page.body).toBe(200);
        // One session per signature: the same address again is refused.
        expect((await openAs(address)).statusCode).toBe(401);

        // Signed with another secret (here: the right one read as base64 and re-encoded in
        // base64url, a plausible slip), the address is refused.
        const wrong = Buffer.from(secret, 'base64').toString('base64url');
        expect(wrong).not.toBe(secret);
        const refused = await openAs(runSnippet(language, code, wrong));
        expect(refused.statusCode, refused.body).toBe(401);
        expect(refused.json().data.error).toBe('play.unauthorized');
      },
      180_000,
    );
  }

  it("the HMAC key is the secret's text: a signature keyed with its base64-decoded bytes is refused", async () => {
    const now = Math.floor(Date.now() / 1000);
    const sign = (key: string | Buffer, userId: string, exp: number) =>
      createHmac('sha256', key).update(`${campaignId}.${userId}.${exp}`).digest('base64url');
    const decoded = Buffer.from(secret, 'base64');
    expect(decoded).toHaveLength(32);
    const asBytes = await openAs(
      `${link}?u=decoded&exp=${now + 600}&sig=${sign(decoded, 'decoded', now + 600)}`,
    );
    expect(asBytes.statusCode).toBe(401);
    const asText = await openAs(`${link}?u=text&exp=${now + 601}&sig=${sign(secret, 'text', now + 601)}`);
    expect(asText.statusCode, asText.body).toBe(200);
  });
});
