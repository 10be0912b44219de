// npm run simulate -- [--project <id or domain prefix>] [--days 30] [--devices 5000]
//   [--url http://127.0.0.1:$PORT] [--email <e>] [--key <access key>] [--seed n] [--link-host localhost]
// The password comes from SIMULATE_PASSWORD (or is asked for on a terminal; --password still
// works); see simulateOptions.ts for every flag and variable.
// Drives a running console over HTTP only (never the database): SDK event batches for devices
// that install over the last N days and come back with decaying retention, deep-link clicks on
// the redirector with real mobile user agents (Host: {prefix}.{LINK_HOST}), and attribution
// reports for today's installs and link opens. Prints a short summary.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  promptHidden,
  SIMULATE_USAGE,
  simulateOptions,
  SimulateUsageError,
  type SimulateOptions,
} from './simulateOptions';
import { newDevice, seededRandom, type Device } from './simulateDevices';

function fail(message: string): never {
  console.error(message);
  console.error(SIMULATE_USAGE);
  process.exit(2);
}

function readOptions(): SimulateOptions {
  try {
    return simulateOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof SimulateUsageError) fail(error.message);
    throw error;
  }
}
const options = readOptions();
if (options.help) {
  console.log(SIMULATE_USAGE);
  process.exit(0);
}
const { days, devices: deviceCount, url: base, seed, linkHost } = options;
const runTag = seed.toString(36);

const rng = seededRandom(seed);
const { random, pick } = rng;

// ---- HTTP
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function api<T>(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-lang': 'en',
      ...(options.headers ?? {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** A GET to the redirector as a phone browser sends it (Host header of the link domain, no redirect following). */
function openLink(prefix: string, linkId: string, userAgent: string): Promise<number> {
  const target = new URL(base);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const port = target.port ? `:${target.port}` : '';
  return new Promise((resolve, reject) => {
    const req = send(
      {
        host: target.hostname,
        port: target.port || undefined,
        path: `/${linkId}?utm_source=simulator`,
        method: 'GET',
        headers: {
          host: `${prefix}.${linkHost}${port}`,
          'user-agent': userAgent,
          'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

// ---- the run
const DAY_MS = 86_400_000;
const SDK_VERSIONS = { android: '2.4.1', ios: '2.4.0', web: '2.1.3' } as const;
const summary = {
  batches: 0,
  accepted: 0,
  duplicates: 0,
  rejected: 0,
  clicks: 0,
  attributions: 0,
  matched: 0,
  failures: 0,
};

/** The project and its access key: given, or read through the console API with the member's login. */
async function signIn() {
  let accessKey = options.key;
  let token: string | undefined;
  let projectId = options.project;
  if (options.email) {
    let password = options.password;
    if (!password) {
      if (!process.stdin.isTTY)
        fail(`no password for ${options.email}: set SIMULATE_PASSWORD (or give --password)`);
      password = await promptHidden(`password for ${options.email}: `);
    }
    const login = await api<{ token: string }>('POST', '/api/auth/login', {
      body: { email: options.email, password },
    });
    if (login.status !== 200) fail(`login failed: ${login.body.msg}`);
    token = login.body.data.token;
    projectId = await chooseProject(token);
  }
  if (!projectId) fail('--project is required');
  const consoleHeaders = token ? { authorization: `Bearer ${token}`, 'x-project-id': projectId } : undefined;
  if (!accessKey) {
    if (!consoleHeaders) fail('give --key, or sign in with --email to read the access key');
    const key = await api<{ accessKey: string }>('GET', '/api/access-key', { headers: consoleHeaders });
    if (key.status !== 200) fail(`could not read the access key: ${key.body.msg}`);
    accessKey = key.body.data.accessKey;
  }
  return { projectId, consoleHeaders, sdkHeaders: { 'x-access-key': accessKey } };
}

/** --project names a project by id or domain prefix; without it, the login's only project. */
async function chooseProject(token: string): Promise<string> {
  const projects = await api<{ id: string; name: string; domainPrefix: string }[]>('GET', '/api/projects', {
    headers: { authorization: `Bearer ${token}` },
  });
  if (projects.status !== 200) fail(`could not list the projects: ${projects.body.msg}`);
  const wanted = options.project?.toLowerCase();
  const found = wanted
    ? projects.body.data.filter((p) => p.id === options.project || p.domainPrefix === wanted)
    : projects.body.data;
  const listed = projects.body.data.map((p) => `  ${p.id}  ${p.domainPrefix}  ${p.name}`).join('\n');
  if (found.length !== 1)
    fail(
      projects.body.data.length === 0
        ? `${options.email} has no project yet: create one in the console first`
        : `${wanted ? `no project "${options.project}"` : 'several projects'}: choose one with --project <id or domain prefix>\n${listed}`,
    );
  return found[0].id;
}

/** The project's domain prefix, links and custom events, when the console can be read. */
async function readProject(projectId: string, consoleHeaders: Record<string, string> | undefined) {
  let prefix: string | undefined;
  let links: string[] = [];
  let customKeys: string[] = [];
  if (consoleHeaders) {
    const project = await api<{ domainPrefix: string }>('GET', `/api/projects/${projectId}`, {
      headers: consoleHeaders,
    });
    prefix = project.body.data?.domainPrefix;
    const list = await api<{ items: { linkId: string }[] }>('GET', '/api/links?pageSize=100', {
      headers: consoleHeaders,
    });
    links = list.status === 200 ? list.body.data.items.map((l) => l.linkId) : [];
    const events = await api<{ items: { key: string }[] }>('GET', '/api/events?pageSize=100', {
      headers: consoleHeaders,
    });
    customKeys = events.status === 200 ? events.body.data.items.map((e) => e.key) : [];
  }
  return { prefix, links, customKeys };
}

/** The devices, installed over the period: a few more each day (a campaign is working). */
function makeDevices(firstDay: number): Device[] {
  const weights = Array.from({ length: days }, (_, i) => 1 + i / days);
  const total = weights.reduce((a, b) => a + b, 0);
  const devices: Device[] = [];
  for (let d = 0; d < days; d += 1) {
    const n = d === days - 1 ? deviceCount - devices.length : Math.round((deviceCount * weights[d]) / total);
    for (let i = 0; i < n && devices.length < deviceCount; i += 1)
      devices.push(newDevice(rng, runTag, devices.length, firstDay + d));
  }
  return devices;
}

/**
 * The SDK event queue: `push` events, `flush` sends full batches of 500 (up to 4 at once; `force`
 * sends the rest and waits for all). A batch is tried 3 times on a server error; counts go to
 * the summary.
 */
function eventSender(sdkHeaders: Record<string, string>) {
  const queue: Record<string, unknown>[] = [];
  const inFlight = new Set<Promise<void>>();
  const sendBatch = async (events: Record<string, unknown>[]) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        const answer = await api<{ accepted: number; duplicates: number; rejected: unknown[] }>(
          'POST',
          '/api/sdk/v1/events',
          { body: { events }, headers: sdkHeaders },
        );
        if (answer.status === 200) {
          summary.batches += 1;
          summary.accepted += answer.body.data.accepted;
          summary.duplicates += answer.body.data.duplicates;
          summary.rejected += answer.body.data.rejected.length;
          return;
        }
        if (answer.status < 500) {
          summary.failures += 1;
          console.error(`batch refused: ${answer.status} ${answer.body.msg}`);
          return;
        }
      } catch {
        // retried below: the same event ids never count twice
      }
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
    }
    summary.failures += 1;
  };
  const flush = async (force = false) => {
    while (queue.length >= 500 || (force && queue.length > 0)) {
      const batch = queue.splice(0, 500);
      const p = sendBatch(batch).finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= 4) await Promise.race(inFlight);
    }
    if (force) await Promise.all(inFlight);
  };
  return { push: (event: Record<string, unknown>) => queue.push(event), flush };
}

/** What a device does on a day it comes back: its sessions, each a run of named events in time. */
function deviceDay(
  device: Device,
  day: number,
  now: number,
  today: number,
  catalog: { links: string[]; customKeys: string[] },
  push: (event: Record<string, unknown>) => void,
) {
  const { links, customKeys } = catalog;
  const dayStart = day * DAY_MS;
  const age = day - device.installDay;
  const sessions = 1 + Math.floor(random() * (1 + 3 * device.loyalty));
  const latest = day === today ? now - 60_000 : dayStart + DAY_MS - 1;
  for (let s = 0; s < sessions; s += 1) {
    let t = dayStart + Math.floor(random() * Math.max(1, latest - dayStart - 600_000));
    const names: string[] = [];
    if (age === 0 && s === 0) names.push(device.platform === 'web' ? 'open' : 'install');
    names.push(device.platform === 'web' ? 'page_view' : 'open');
    if (age === 0 && s === 0 && random() < 0.45) names.push('register');
    if (age > 0 && s === 0 && random() < 0.3) names.push('login');
    const views = 1 + Math.floor(random() * 6);
    for (let v = 0; v < views; v += 1) names.push('page_view');
    if (random() < 0.08) names.push('share');
    if (random() < 0.04 * (1 + device.loyalty)) names.push('purchase');
    if (customKeys.length && random() < 0.2) names.push(pick(customKeys));
    names.forEach((name, i) => {
      t = Math.min(latest, t + 3_000 + Math.floor(random() * 90_000));
      if (name === 'register') device.userId = `u-${device.id.slice(-8)}`;
      push({
        eventId: `${device.id}-${day}-${s}-${i}`,
        name,
        deviceId: device.id,
        userId: device.userId ?? undefined,
        platform: device.platform,
        time: new Date(t).toISOString(),
        sdkVersion: SDK_VERSIONS[device.platform],
        appVersion: device.appVersion,
        os: device.os,
        osVersion: device.osVersion,
        country: device.country,
        language: device.language,
        ...(device.viaLink && links.length && name === 'install'
          ? { linkId: pick(links), source: 'simulator' }
          : {}),
        ...(name === 'purchase'
          ? { data: { amount: Math.round((1 + random() * 99) * 100) / 100, currency: 'USD' } }
          : {}),
        ...(name === 'page_view'
          ? { data: { page: pick(['home', 'detail', 'cart', 'profile', 'campaign']) } }
          : {}),
      });
    });
  }
}

type RealTime = { device: Device; type: 'install' | 'open' }[];

/**
 * Every day of the period, each device that comes back (day 0 always; then a chance that decays
 * with age and grows with loyalty) sends its events. Answers today's installs and opens of the
 * apps, which happen now.
 */
async function sendHistory(
  devices: Device[],
  firstDay: number,
  now: number,
  catalog: { links: string[]; customKeys: string[] },
  sdkHeaders: Record<string, string>,
): Promise<RealTime> {
  const today = Math.floor(now / DAY_MS);
  const sender = eventSender(sdkHeaders);
  const realTime: RealTime = [];
  for (let day = firstDay; day <= today; day += 1) {
    for (const device of devices) {
      if (device.installDay > day) continue;
      const age = day - device.installDay;
      if (age > 0 && random() > Math.min(0.95, (0.35 + 0.6 * device.loyalty) / Math.sqrt(age))) continue;
      deviceDay(device, day, now, today, catalog, sender.push);
      if (day === today && device.platform !== 'web')
        realTime.push({ device, type: age === 0 ? 'install' : 'open' });
      await sender.flush();
    }
  }
  await sender.flush(true);
  return realTime;
}

/**
 * Today's installs and opens happen now: link clicks on the redirector, then the SDK's
 * attribution report from the same network (the server matches them by fingerprint).
 */
async function attributeToday(
  realTime: RealTime,
  prefix: string | undefined,
  links: string[],
  sdkHeaders: Record<string, string>,
) {
  for (const { device, type } of realTime) {
    const viaLink =
      device.viaLink && prefix !== undefined && links.length > 0 && (type === 'install' || random() < 0.2);
    if (viaLink) {
      try {
        await openLink(prefix as string, pick(links), device.userAgent);
        summary.clicks += 1;
      } catch {
        summary.failures += 1;
      }
    }
    const answer = await api<{ matched: boolean }>('POST', '/api/sdk/v1/attribution', {
      headers: sdkHeaders,
      body: {
        type,
        deviceId: device.id,
        platform: device.platform,
        os: device.os,
        osVersion: device.osVersion,
        model: device.model,
        userAgent: device.userAgent,
      },
    }).catch(() => undefined);
    if (answer?.status === 200) {
      summary.attributions += 1;
      if (answer.body.data.matched) summary.matched += 1;
    } else summary.failures += 1;
  }
}

function printSummary(deviceTotal: number, projectId: string, prefix: string | undefined, links: string[]) {
  console.log(
    `simulated ${deviceTotal} devices over ${days} days against ${base} (project ${projectId}, seed ${seed})`,
  );
  console.log(
    `events: ${summary.accepted} accepted, ${summary.duplicates} duplicates, ${summary.rejected} rejected in ${summary.batches} batches`,
  );
  console.log(
    prefix && links.length
      ? `links: ${summary.clicks} clicks on ${links.length} link(s) via ${prefix}.${linkHost}; attribution: ${summary.attributions} reports, ${summary.matched} matched to a click (every simulated phone shares this machine's address, so fingerprint matching is coarser than in the field)`
      : `links: none clicked (${prefix ? 'the project has no links' : 'sign in with --email so the simulator can read the project links'}); attribution: ${summary.attributions} reports`,
  );
  if (summary.failures) console.log(`failures: ${summary.failures}`);
}

async function main() {
  const { projectId, consoleHeaders, sdkHeaders } = await signIn();
  const catalog = await readProject(projectId, consoleHeaders);
  const now = Date.now();
  const firstDay = Math.floor(now / DAY_MS) - days + 1;
  const devices = makeDevices(firstDay);
  const realTime = await sendHistory(devices, firstDay, now, catalog, sdkHeaders);
  await attributeToday(realTime, catalog.prefix, catalog.links, sdkHeaders);
  printSummary(devices.length, projectId, catalog.prefix, catalog.links);
  process.exit(summary.failures > 0 && summary.accepted === 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
