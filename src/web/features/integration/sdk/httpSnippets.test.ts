import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  API_SECRET_VARIABLE,
  attributionCurl,
  CAMPAIGN_PLACEHOLDER,
  eventsCurl,
  freshSample,
  handoffNode,
  handoffShell,
  shellQuote,
} from './httpSnippets';

const BASE = 'https://growth.example.com';
const SECRET = 'q1W+e/r7=T8y9u0iOpAsDfGhJkLzXcVbNm12345678=';
const dir = mkdtempSync(join(tmpdir(), 'gc-snippets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();

/** The arguments a shell passes to curl for the command (curl replaced by a printer). */
function curlArguments(command: string): string[] {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${command}\n`;
  return execFileSync('sh', ['-c', script], { encoding: 'utf8' }).split('\0').slice(0, -1);
}

/** A hand-off URL checked against the server's rule (src/server/play/participants.ts). */
function expectSigned(url: string) {
  const parsed = new URL(url);
  expect(parsed.origin + parsed.pathname).toBe(`${BASE}/p/${CAMPAIGN_PLACEHOLDER}`);
  const userId = parsed.searchParams.get('u')!;
  const exp = Number(parsed.searchParams.get('exp'));
  expect(userId).toBe('user-42');
  expect(exp - Date.now() / 1000).toBeGreaterThan(500);
  expect(exp - Date.now() / 1000).toBeLessThanOrEqual(601);
  const expected = createHmac('sha256', SECRET)
    .update(`${CAMPAIGN_PLACEHOLDER}.${userId}.${exp}`)
    .digest('base64url');
  expect(parsed.searchParams.get('sig')).toBe(expected);
}

describe('HTTP snippets', () => {
  it('a fresh sample each time: new ids, the current time', () => {
    const a = freshSample(new Date('2026-03-01T10:00:00Z'));
    const b = freshSample();
    expect(a.time).toBe('2026-03-01T10:00:00.000Z');
    expect(a.eventId).toMatch(/^evt-[a-z0-9]{20}$/);
    expect(a.deviceId).toMatch(/^curl-[a-z0-9]{12}$/);
    expect(b.eventId).not.toBe(a.eventId);
    expect(b.deviceId).not.toBe(a.deviceId);
  });

  it('the events curl posts one open event with the access key, quoted for the shell', () => {
    const sample = freshSample();
    const key = "ab'c$(x)";
    expect(curlArguments(eventsCurl(BASE, key, sample))).toEqual([
      '-X',
      'POST',
      `${BASE}/api/sdk/v1/events`,
      '-H',
      'Content-Type: application/json',
      '-H',
      `X-Access-Key: ${key}`,
      '-d',
      expect.any(String),
    ]);
    const body = JSON.parse(curlArguments(eventsCurl(BASE, key, sample))[8]) as unknown;
    expect(body).toEqual({
      events: [
        {
          eventId: sample.eventId,
          name: 'open',
          deviceId: sample.deviceId,
          platform: 'android',
          time: sample.time,
        },
      ],
    });
  });

  it('the attribution curl reports the install of the same device', () => {
    const sample = freshSample();
    const args = curlArguments(attributionCurl(BASE, 'key', sample));
    expect(args[2]).toBe(`${BASE}/api/sdk/v1/attribution`);
    expect(args[6]).toBe('X-Access-Key: key');
    expect(JSON.parse(args[8])).toEqual({ type: 'install', deviceId: sample.deviceId, platform: 'android' });
  });

  it('shellQuote keeps every character', () => {
    expect(
      execFileSync('sh', ['-c', `printf '%s' ${shellQuote(`it's "$HOME"`)}`], { encoding: 'utf8' }),
    ).toBe(`it's "$HOME"`);
  });

  it('the Node hand-off signs as the server checks', () => {
    const file = join(dir, 'handoff.mjs');
    writeFileSync(file, handoffNode(BASE));
    const url = execFileSync(process.execPath, [file], {
      encoding: 'utf8',
      env: { ...process.env, [API_SECRET_VARIABLE]: SECRET },
    }).trim();
    expectSigned(url);
  });

  it.runIf(hasOpenssl)('the openssl hand-off signs as the server checks', () => {
    const url = execFileSync('sh', ['-c', handoffShell(BASE)], {
      encoding: 'utf8',
      env: { ...process.env, [API_SECRET_VARIABLE]: SECRET },
    }).trim();
    expectSigned(url);
  });
});
