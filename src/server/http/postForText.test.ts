import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postJson } from '../attribution/postJson';
import { postForText } from './postForText';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A receiver on this machine; `drip` answers 200 and then one byte every `everyMs`, never ending. */
async function receiver(kind: 'drip' | 'ok' | 'hangUp', everyMs = 50): Promise<URL> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (kind === 'ok') return void res.end('{"code":0}');
      if (kind === 'hangUp') {
        res.writeHead(200, { 'content-length': '100' });
        res.write('{"co');
        return void setTimeout(() => res.socket?.destroy(), 20);
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), everyMs);
      res.on('close', () => clearInterval(timer));
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
}

describe('a callback attempt has a total deadline', () => {
  it('a receiver that answers a byte at a time is cut off at the deadline, not held while it drips', async () => {
    const url = await receiver('drip', 50);
    const started = Date.now();
    await expect(postForText({ url }, '{}', { timeoutMs: 400, userAgent: 't' })).rejects.toThrow(
      'timed out after 400 ms',
    );
    const took = Date.now() - started;
    // An idle timeout of 400 ms would never fire: a byte comes every 50 ms.
    expect(took).toBeGreaterThanOrEqual(390);
    expect(took).toBeLessThan(5000);
  });

  it('postJson (the attribution callback) has the same deadline', async () => {
    const url = await receiver('drip', 50);
    await expect(postJson({ url }, { a: 1 }, { timeoutMs: 300 })).rejects.toThrow('timed out after 300 ms');
  });

  it('a whole answer within the deadline is read as before', async () => {
    const url = await receiver('ok');
    await expect(postForText({ url }, '{}', { timeoutMs: 2000, userAgent: 't' })).resolves.toEqual({
      status: 200,
      text: '{"code":0}',
    });
    await expect(postJson({ url }, {}, { timeoutMs: 2000 })).resolves.toBe(200);
  });

  it('an answer cut off by the receiver is a failure, not a short success', async () => {
    const url = await receiver('hangUp');
    await expect(postForText({ url }, '{}', { timeoutMs: 2000, userAgent: 't' })).rejects.toThrow();
    await expect(postJson({ url }, {}, { timeoutMs: 2000 })).rejects.toThrow();
  });
});
