import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './api';
import type { SignedIn } from './accounts';

/** Real user agents, as browsers and robots send them. */
export const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  huaweiChrome:
    'Mozilla/5.0 (Linux; Android 12; NOH-AN00 Build/HUAWEINOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  xiaomiChrome:
    'Mozilla/5.0 (Linux; Android 12; Redmi Note 11 Build/SKQ1.211103.001) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.6045.163 Mobile Safari/537.36',
  wechat:
    'Mozilla/5.0 (Linux; Android 13; 22081212C Build/TKQ1.220829.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5061 MMWEBSDK/20230504 MicroMessenger/8.0.37.2380(0x2800253D) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  twitterbot: 'Twitterbot/1.0',
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
} as const;

export const SHA256 = Array.from({ length: 32 }, () => 'AB').join(':');

/** A template with stores, an App Link and a Universal Link (no schemes: straight to stores). */
export function storeTemplate(name = 'main'): Record<string, unknown> {
  return {
    name,
    android: { stores: ['huawei', 'google-play'], packageNames: 'com.example.app', sha256: SHA256 },
    ios: {
      appStoreUrl: 'https://apps.apple.com/app/id123456789',
      teamId: 'ABCDE12345',
      bundleId: 'com.example.app',
    },
    webFirst: false,
    wechatLanding: true,
    clickAttribution: 'last',
    attributionWindowDays: 7,
  };
}

export async function createTemplate(
  app: FastifyInstance,
  by: SignedIn,
  projectId: string,
  body: Record<string, unknown> = storeTemplate(),
): Promise<string> {
  const answer = await call<{ id: string }>(app, 'POST', '/api/link-templates', {
    token: by.token,
    projectId,
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id;
}

export interface CreatedLink {
  id: string;
  linkId: string;
  url: string;
}

export async function createLink(
  app: FastifyInstance,
  by: SignedIn,
  projectId: string,
  body: Record<string, unknown>,
): Promise<CreatedLink> {
  const answer = await call<CreatedLink>(app, 'POST', '/api/links', { token: by.token, projectId, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

export interface LinkHit {
  status: number;
  location?: string;
  body: string;
  headers: Record<string, unknown>;
}

/** Opens a link the way a browser would: Host `{prefix}.localhost:3000`. */
export async function openLink(
  app: FastifyInstance,
  prefix: string,
  path: string,
  userAgent: string,
  options: {
    ip?: string;
    lang?: string;
    method?: 'GET' | 'HEAD' | 'POST';
    headers?: Record<string, string>;
  } = {},
): Promise<LinkHit> {
  const response = await app.inject({
    method: options.method ?? 'GET',
    url: path,
    headers: {
      host: `${prefix}.localhost:3000`,
      'user-agent': userAgent,
      ...(options.lang ? { 'accept-language': options.lang } : {}),
      ...(options.headers ?? {}),
    },
    remoteAddress: options.ip ?? '203.0.113.10',
  });
  return {
    status: response.statusCode,
    location: response.headers.location as string | undefined,
    body: response.body,
    headers: response.headers,
  };
}

/** The project's SDK access key (shown in the console's access key card). */
export async function accessKeyOf(app: FastifyInstance, projectId: string): Promise<string> {
  const row = await app.ctx.db
    .selectFrom('projects')
    .select('access_key')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  expect(row.access_key).toBeTruthy();
  return row.access_key as string;
}
