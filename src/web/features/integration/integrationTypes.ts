// Answer shapes of the integration API (docs/sdk-and-analytics.md; the TypeBox schemas of
// src/server/sdk/{accessKey,devConfig,requestLogs,testDevices,integration}Routes.ts and
// src/server/insights/eventLogsRoutes.ts).

/** `GET /api/access-key`. */
export interface AccessKeyInfo {
  accessKey: string;
  /** Last refresh; null = the key the project was created with. */
  rotatedAt: string | null;
  /** Only the owner (super administrator) may rotate the key. */
  canRefresh: boolean;
  /** The server-side API secret (hand-offs, reward callbacks); null unless the caller manages the project. */
  apiSecret: string | null;
  apiSecretRotatedAt: string | null;
}

/** `GET/PUT /api/dev-config`. */
export interface DevConfig {
  tokenCallbackUrl: string;
  ipWhitelist: string[];
}

/**
 * What went wrong with a logged SDK or server API call: a code and parameters the console says in
 * its own language (`callProblemText`). `warning`: a batch stored except some refused events.
 */
export interface CallProblem {
  level: 'error' | 'warning';
  /** `sdk.batchRefused`, `sdk.eventsRefused`, the answer's error key, or `http`. */
  code: string;
  params: Record<string, unknown>;
}

/** One SDK or server API request (`GET /api/request-logs`). */
export interface RequestLog {
  id: string;
  time: string;
  method: string;
  path: string;
  ip: string;
  status: number;
  durationMs: number;
  /** Request body, secrets masked, truncated by the server. */
  request: string | null;
  /** Answer body, truncated by the server. */
  response: string | null;
  problem: CallProblem | null;
  /** The text of calls logged before problems were coded (shown as it is). */
  error: string | null;
  /** Request headers with secrets masked. */
  headers: Record<string, string>;
}

/** A test device (`/api/test-devices`). */
export interface TestDevice {
  id: string;
  name: string;
  deviceId: string;
  /** Last event received from the device. */
  lastSeenAt: string | null;
  platform: string | null;
  createdAt: string;
  updatedAt: string;
}

export type EventCategory = 'standard' | 'custom';

/** One reported event as the event logs show it. */
export interface EventLogRow {
  /** The client's event id (retries carry the same one). */
  eventId: string;
  /** The campaign (activity) the event belongs to, when the app reports one. */
  activityId: string | null;
  /** Report time: when the event happened on the device. */
  time: string;
  receivedAt: string;
  deviceId: string;
  data: Record<string, unknown> | null;
  name: string;
  category: EventCategory;
  linkId: string | null;
  platform: string;
  source: string | null;
  userId: string | null;
  testDevice: boolean;
  sdkVersion: string | null;
  appVersion: string | null;
  os: string | null;
  osVersion: string | null;
  country: string | null;
}

/** `GET /api/event-logs`. */
export interface EventLogAnswer {
  from: string;
  to: string;
  limit: number;
  items: EventLogRow[];
}

/** A list answer: one page of items and the total count. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export const sdkStatuses = [
  'notIntegrated',
  'partial',
  'inProgress',
  'complete',
  'noData',
  'failed',
] as const;
export type SdkStatus = (typeof sdkStatuses)[number];

/** `GET /api/integration/status`: progress computed from what the project actually received. */
export interface IntegrationStatus {
  status: SdkStatus;
  /** `missing:<platform>:<event>` or `sdkVersionTooLow`. */
  reasons: string[];
  appConfig: {
    templates: number;
    android: { configured: boolean; packageNames: string[] };
    ios: { configured: boolean; bundleIds: string[] };
    web: { configured: boolean };
  };
  deepLinkConfig: { links: number; universalLinks: boolean; appLinks: boolean; uriSchemes: boolean };
  events: Array<{
    name: string;
    category: string;
    seen: boolean;
    count: number;
    lastDate: string | null;
    platforms: string[];
  }>;
  customEvents: number;
  platforms: Array<{ platform: string; events: number; missing: string[] }>;
  testDevices: Array<{ id: string; name: string; deviceId: string; lastSeenAt: string | null }>;
  launchRecords: Array<{
    eventId: string;
    name: string;
    deviceId: string;
    platform: string;
    time: string;
    sdkVersion: string | null;
    appVersion: string | null;
    linkId: string | null;
    testDevice: boolean;
  }>;
  sdk: {
    minVersion: string;
    latestVersion: string | null;
    latestPlatform: string | null;
    tooLow: boolean;
    versions: Array<{
      platform: string;
      version: string;
      events: number;
      lastSeenAt: string;
      tooLow: boolean;
    }>;
  };
  lastRequest: {
    time: string;
    path: string;
    status: number;
    /** `error`: refused (the status is `failed`); `warning`: stored except some refused events. */
    outcome: 'ok' | 'warning' | 'error';
    problem: CallProblem | null;
    /** The text of calls logged before problems were coded. */
    error: string | null;
  } | null;
}
