import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/server/db/tables';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface ErrorData {
  error: string;
  errors?: { path: string; message: string }[];
  retryAfterMinutes?: number;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  lang?: 'en' | 'zh-cn';
  projectId?: string;
  headers?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
}

/** One API call through app.inject(), answer parsed. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['x-lang'] = options.lang;
  if (options.projectId) headers['x-project-id'] = options.projectId;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
}

/** The field paths of a validation answer. */
export function paths(answer: Answer): string[] {
  return ((answer.body.data as ErrorData | null)?.errors ?? []).map((e) => e.path);
}

/** Row counts of every table, to prove a rejected write changed nothing. */
export async function countRows(app: FastifyInstance): Promise<Record<keyof Database, number>> {
  const tables: (keyof Database)[] = [
    'organisations',
    'users',
    'sessions',
    'login_failures',
    'password_resets',
    'projects',
    'project_platforms',
    'project_grants',
    // m0002 (campaigns)
    'campaigns',
    'campaign_channels',
    'campaign_events',
    'scheduled_jobs',
    'preview_tokens',
    'campaign_drafts',
    'prizes',
    'user_types',
    'callback_addresses',
    'reward_forms',
    'question_banks',
    'questions',
    'reward_form_submissions',
    'uploads',
  ];
  const out = {} as Record<keyof Database, number>;
  for (const table of tables) {
    const row = await app.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}
