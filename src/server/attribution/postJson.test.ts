import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from './postJson';

describe('postJson', () => {
  let server: Server;
  let port: number;
  const seen: { host?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ host: req.headers.host, body });
        res.statusCode = 202;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('connects to the checked addresses, not to a second DNS answer; the Host stays the name', async () => {
    // `pinned.invalid` resolves nowhere: the request can only arrive through the pinned address.
    const url = new URL(`http://pinned.invalid:${port}/cb`);
    const status = await postJson(
      { url, addresses: [{ address: '127.0.0.1', family: 4 }] },
      { a: 1 },
      { timeoutMs: 2000 },
    );
    expect(status).toBe(202);
    expect(seen).toEqual([{ host: `pinned.invalid:${port}`, body: '{"a":1}' }]);
  });

  it('without pinned addresses the name goes to the resolver (private targets allowed)', async () => {
    const url = new URL(`http://pinned.invalid:${port}/cb`);
    await expect(postJson({ url }, {}, { timeoutMs: 2000 })).rejects.toThrow(/ENOTFOUND|EAI_AGAIN/);
  });
});
