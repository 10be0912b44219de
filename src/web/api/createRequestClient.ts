import { csvFileName, type ExportRange } from './csvFileName';
import { RequestError, type FieldError } from './RequestError';

export const REQUEST_TIMEOUT_MS = 50_000;
export const UNAUTHORIZED_TOAST_INTERVAL_MS = 2_000;

export type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  /** Do not toast the failure; the caller shows it (e.g. under form fields). */
  silent?: boolean;
  signal?: AbortSignal;
}

export interface RequestClientTexts {
  loginExpired: string;
  requestFailed: string;
  networkError: string;
}

export interface RequestClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  /** `zh-cn` or `en`, sent as X-Lang. */
  lang: 'zh-cn' | 'en';
  /** Sent as X-Project-Id when set. */
  projectId?: string | null;
  getToken: () => string | null;
  texts: RequestClientTexts;
  notifyError: (message: string) => void;
  /** Clears token, expired flag and user info and goes to /login. */
  onUnauthorized: () => void;
  getErrorTime: () => number;
  setErrorTime: (time: number) => void;
  now?: () => number;
  fetch?: typeof fetch;
}

export interface CsvDownload {
  blob: Blob;
  fileName: string;
}

export interface RequestClient {
  readonly projectId: string | null;
  readonly lang: 'zh-cn' | 'en';
  get<T>(url: string, params?: QueryParams, options?: RequestOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  downloadCsv(url: string, range?: ExportRange & QueryParams, options?: RequestOptions): Promise<CsvDownload>;
}

interface Envelope {
  code: number;
  msg?: string;
  data?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

/** GET params as a query string; empty values are left out so filters can be passed as they are. */
export function buildQuery(params?: QueryParams): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, String(item)));
    else search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

/**
 * The shared API client: 50 s timeout, Bearer token, X-Lang and X-Project-Id headers,
 * envelope unwrapping, one throttled "login expired" toast on 401 and a toast for other failures.
 */
export function createRequestClient(options: RequestClientOptions): RequestClient {
  const baseUrl = options.baseUrl ?? '';
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function unauthorized(): RequestError {
    const time = now();
    if (time - options.getErrorTime() >= UNAUTHORIZED_TOAST_INTERVAL_MS) {
      options.setErrorTime(time);
      options.notifyError(options.texts.loginExpired);
    }
    options.onUnauthorized();
    return new RequestError(options.texts.loginExpired, { status: 401, code: 401, key: 'unauthorized' });
  }

  function fail(error: RequestError, requestOptions?: RequestOptions): never {
    if (!requestOptions?.silent) options.notifyError(error.message);
    throw error;
  }

  async function send(
    method: string,
    url: string,
    init: { params?: QueryParams; body?: unknown; blob?: boolean },
    requestOptions?: RequestOptions,
  ): Promise<Response> {
    const headers: Record<string, string> = { 'X-Lang': options.lang };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.projectId) headers['X-Project-Id'] = options.projectId;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (!init.blob) headers.Accept = 'application/json';

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const outer = requestOptions?.signal;
    const onOuterAbort = () => controller.abort();
    outer?.addEventListener('abort', onOuterAbort);
    try {
      return await doFetch(`${baseUrl}${url}${buildQuery(init.params)}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: controller.signal,
      });
    } catch (cause) {
      if (outer?.aborted) throw cause;
      return fail(
        new RequestError(options.texts.networkError, { status: 0, code: 0, key: 'network' }),
        requestOptions,
      );
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  async function readEnvelope(response: Response): Promise<Envelope | null> {
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) return null;
    try {
      const body: unknown = await response.json();
      return isEnvelope(body) ? body : null;
    } catch {
      return null;
    }
  }

  function toError(response: Response, envelope: Envelope | null): RequestError {
    const data = (envelope?.data ?? {}) as { error?: string; errors?: FieldError[] };
    const message = envelope?.msg || response.statusText || options.texts.requestFailed;
    return new RequestError(message, {
      status: response.status,
      code: envelope?.code ?? response.status,
      key: typeof data.error === 'string' ? data.error : undefined,
      errors: Array.isArray(data.errors) ? data.errors : [],
    });
  }

  async function json<T>(
    method: string,
    url: string,
    init: { params?: QueryParams; body?: unknown },
    requestOptions?: RequestOptions,
  ): Promise<T> {
    const response = await send(method, url, init, requestOptions);
    const envelope = await readEnvelope(response);
    if (response.status === 401 || envelope?.code === 401) throw unauthorized();
    if (!response.ok || !envelope || envelope.code !== 0) {
      const error = toError(response, envelope);
      // A 2xx without an envelope is not our API (e.g. an HTML fallback page): say so generically.
      if (response.ok && !envelope)
        return fail(new RequestError(options.texts.requestFailed, error), requestOptions);
      return fail(error, requestOptions);
    }
    return envelope.data as T;
  }

  return {
    projectId: options.projectId ?? null,
    lang: options.lang,
    get: (url, params, requestOptions) => json('GET', url, { params }, requestOptions),
    post: (url, body, requestOptions) => json('POST', url, { body: body ?? {} }, requestOptions),
    put: (url, body, requestOptions) => json('PUT', url, { body: body ?? {} }, requestOptions),
    delete: (url, body, requestOptions) => json('DELETE', url, { body }, requestOptions),
    async downloadCsv(url, range, requestOptions) {
      const response = await send('GET', url, { params: range, blob: true }, requestOptions);
      const type = response.headers.get('content-type') ?? '';
      if (response.status === 401) throw unauthorized();
      if (!response.ok || type.includes('json')) {
        const envelope = await readEnvelope(response);
        if (envelope?.code === 401) throw unauthorized();
        return fail(toError(response, envelope), requestOptions);
      }
      return { blob: await response.blob(), fileName: csvFileName(range) };
    },
  };
}
