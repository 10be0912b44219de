// Copyable examples of the HTTP protocol for native apps (iOS/Android) and servers: an event
// batch, an attribution report and the signed participant hand-off (docs/sdk-and-analytics.md,
// docs/play-runtime.md and docs/integration-guide.md). Pure text builders.

/** The fixed SDK paths. */
export const EVENTS_PATH = '/api/sdk/v1/events';
export const ATTRIBUTION_PATH = '/api/sdk/v1/attribution';
/** The OpenAPI UI of the server. */
export const API_DOCS_PATH = '/api/docs';
/** The environment variable the hand-off examples read the project's API secret from. */
export const API_SECRET_VARIABLE = 'GC_API_SECRET';
/** Placeholder for the campaign id in the hand-off examples. */
export const CAMPAIGN_PLACEHOLDER = 'YOUR_CAMPAIGN_ID';

export interface SampleIds {
  eventId: string;
  deviceId: string;
  /** ISO time of the sample event. */
  time: string;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Random lowercase letters and digits (crypto.getRandomValues: also on plain-http LAN consoles). */
export function randomToken(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** A fresh event id and device id and the current time, for one sample event. */
export function freshSample(now = new Date()): SampleIds {
  return { eventId: `evt-${randomToken(20)}`, deviceId: `curl-${randomToken(12)}`, time: now.toISOString() };
}

/** A value quoted for POSIX shells: single quotes, an inner quote written as '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function curlPost(url: string, accessKey: string, body: unknown): string {
  return [
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H ${shellQuote(`X-Access-Key: ${accessKey}`)} \\`,
    `  -d ${shellQuote(JSON.stringify(body, null, 2))}`,
  ].join('\n');
}

/** The body of the sample event batch: one `open` on Android. */
export function sampleEventBatch(sample: SampleIds) {
  return {
    events: [
      {
        eventId: sample.eventId,
        name: 'open',
        deviceId: sample.deviceId,
        platform: 'android',
        time: sample.time,
      },
    ],
  };
}

/** `POST /api/sdk/v1/events` with one `open` event. */
export function eventsCurl(base: string, accessKey: string, sample: SampleIds): string {
  return curlPost(`${base}${EVENTS_PATH}`, accessKey, sampleEventBatch(sample));
}

/** `POST /api/sdk/v1/attribution`: the install of the same device (answers the deferred deep link). */
export function attributionCurl(base: string, accessKey: string, sample: SampleIds): string {
  return curlPost(`${base}${ATTRIBUTION_PATH}`, accessKey, {
    type: 'install',
    deviceId: sample.deviceId,
    platform: 'android',
  });
}

/**
 * A server signs a participant hand-off in Node.js: sig = base64url(HMAC-SHA256(API secret,
 * `campaignId.userId.exp`)), then opens `{base}/p/:campaignId?u=&exp=&sig=`.
 */
export function handoffNode(base: string): string {
  return [
    `import { createHmac } from 'node:crypto';`,
    ``,
    `const apiSecret = process.env.${API_SECRET_VARIABLE};`,
    `const campaignId = '${CAMPAIGN_PLACEHOLDER}';`,
    `const userId = 'user-42';`,
    `const exp = Math.floor(Date.now() / 1000) + 600;`,
    `const sig = createHmac('sha256', apiSecret)`,
    `  .update(\`\${campaignId}.\${userId}.\${exp}\`)`,
    `  .digest('base64url');`,
    `const url = \`${base}/p/\${encodeURIComponent(campaignId)}?u=\${encodeURIComponent(userId)}&exp=\${exp}&sig=\${sig}\`;`,
    `console.log(url);`,
  ].join('\n');
}

/** The same hand-off with openssl in a POSIX shell. */
export function handoffShell(base: string): string {
  return [
    `CAMPAIGN_ID=${CAMPAIGN_PLACEHOLDER}`,
    `USER_ID=user-42`,
    `EXP=$(( $(date +%s) + 600 ))`,
    `SIG=$(printf '%s' "$CAMPAIGN_ID.$USER_ID.$EXP" \\`,
    `  | openssl dgst -sha256 -hmac "$${API_SECRET_VARIABLE}" -binary \\`,
    `  | openssl base64 -A | tr '+/' '-_' | tr -d '=')`,
    `echo "${base}/p/$CAMPAIGN_ID?u=$USER_ID&exp=$EXP&sig=$SIG"`,
  ].join('\n');
}
