import { describe, expect, it, vi } from 'vitest';
import { createRequestClient, type RequestClientOptions } from './createRequestClient';
import { RequestError } from './RequestError';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(overrides: Partial<RequestClientOptions> = {}, response: () => Response | Promise<Response>) {
  let errorTime = 0;
  let clock = 10_000;
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  const notifyError = vi.fn();
  const onUnauthorized = vi.fn();
  const client = createRequestClient({
    lang: 'en',
    projectId: 'p1',
    getToken: () => 'tok',
    texts: {
      loginExpired: 'Login expired, please log in again',
      requestFailed: 'Request failed',
      networkError: 'Network error',
    },
    notifyError,
    onUnauthorized,
    getErrorTime: () => errorTime,
    setErrorTime: (time) => (errorTime = time),
    now: () => clock,
    fetch: fetch as unknown as typeof globalThis.fetch,
    ...overrides,
  });
  return { client, fetch, notifyError, onUnauthorized, tick: (ms: number) => (clock += ms) };
}

describe('createRequestClient', () => {
  it('sends the headers, GET params and unwraps the envelope', async () => {
    const { client, fetch } = setup({}, () => jsonResponse(200, { code: 0, msg: 'ok', data: { a: 1 } }));
    await expect(
      client.get('/api/x', { q: 'a b', page: 2, empty: '', none: undefined, ids: [1, 2] }),
    ).resolves.toEqual({ a: 1 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/x?q=a+b&page=2&ids=1&ids=2');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['X-Lang']).toBe('en');
    expect(headers['X-Project-Id']).toBe('p1');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
  });

  it('POSTs a JSON body and leaves out missing token and project', async () => {
    const { client, fetch } = setup({ getToken: () => null, projectId: null, lang: 'zh-cn' }, () =>
      jsonResponse(200, { code: 0, msg: 'ok', data: null }),
    );
    await client.post('/api/auth/login', { email: 'a@b.c' });
    const init = fetch.mock.calls[0][1];
    const headers = init?.headers as Record<string, string>;
    expect(init?.body).toBe('{"email":"a@b.c"}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
    expect(headers['X-Project-Id']).toBeUndefined();
    expect(headers['X-Lang']).toBe('zh-cn');
  });

  it('toasts the server message and rejects with its key and field errors', async () => {
    const { client, notifyError } = setup({}, () =>
      jsonResponse(400, {
        code: 400,
        msg: 'Invalid',
        data: { error: 'validation', errors: [{ path: '/name', message: 'too long' }] },
      }),
    );
    const error = await client.post('/api/projects', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: 400, code: 400, key: 'validation', message: 'Invalid' });
    expect((error as RequestError).errors).toEqual([{ path: '/name', message: 'too long' }]);
    expect(notifyError).toHaveBeenCalledWith('Invalid');
  });

  it('treats a 200 with a non-zero code as a failure and stays quiet when silent', async () => {
    const { client, notifyError } = setup({}, () =>
      jsonResponse(200, { code: 409, msg: 'Exists', data: {} }),
    );
    await expect(client.put('/api/x', {}, { silent: true })).rejects.toMatchObject({
      code: 409,
      message: 'Exists',
    });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('says "Request failed" when there is no message', async () => {
    const { client, notifyError } = setup(
      {},
      () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    await expect(client.get('/api/x')).rejects.toMatchObject({ message: 'Request failed' });
    expect(notifyError).toHaveBeenCalledWith('Request failed');
  });

  it('on 401 (status or body code) toasts at most once per 2 s and signs out every time', async () => {
    let status = 401;
    const { client, notifyError, onUnauthorized, tick } = setup({}, () =>
      jsonResponse(status, { code: 401, msg: 'x', data: {} }),
    );
    await expect(client.get('/api/a')).rejects.toMatchObject({ code: 401 });
    tick(500);
    status = 200; // body code alone counts too
    await expect(client.get('/api/b')).rejects.toMatchObject({ code: 401 });
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('Login expired, please log in again');
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    tick(2_000);
    await expect(client.get('/api/c')).rejects.toMatchObject({ code: 401 });
    expect(notifyError).toHaveBeenCalledTimes(2);
  });

  it('aborts after the 50 s timeout and reports a network error', async () => {
    vi.useFakeTimers();
    try {
      // A server that never answers: the request only ends when its signal aborts.
      const hang = (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      const { client, notifyError } = setup({ fetch: hang as typeof globalThis.fetch }, () => new Response());
      const pending = client.get('/api/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(49_999);
      expect(notifyError).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ key: 'network', message: 'Network error' });
      expect(notifyError).toHaveBeenCalledWith('Network error');
    } finally {
      vi.useRealTimers();
    }
  });

  it('downloads CSV as a blob named after the range', async () => {
    const { client, fetch } = setup(
      {},
      () => new Response('a,b\n1,2\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    const file = await client.downloadCsv('/api/export', {
      start_time: '2026-01-01',
      end_time: '2026-01-02',
    });
    expect(file.fileName).toBe('2026-01-01--2026-01-02.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    expect(fetch.mock.calls[0][0]).toBe('/api/export?start_time=2026-01-01&end_time=2026-01-02');
    const plain = await client.downloadCsv('/api/export');
    expect(plain.fileName).toBe('output.csv');
  });

  it('shows the error message when a download fails', async () => {
    const { client, notifyError } = setup({}, () =>
      jsonResponse(403, { code: 403, msg: 'Forbidden', data: {} }),
    );
    await expect(client.downloadCsv('/api/export')).rejects.toMatchObject({ status: 403 });
    expect(notifyError).toHaveBeenCalledWith('Forbidden');
  });
});
