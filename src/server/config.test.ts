import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/console.db',
      linkHost: 'localhost',
      publicUrl: 'http://localhost:3000',
      sessionTtlHours: 168,
      smtpUrl: undefined,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads the environment and rejects nonsense numbers', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db/console',
      PUBLIC_URL: 'https://console.example.com/',
      SESSION_TTL_HOURS: '12',
      SMTP_URL: 'smtp://mail:25',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db/console',
      publicUrl: 'https://console.example.com',
      sessionTtlHours: 12,
      smtpUrl: 'smtp://mail:25',
    });
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_TTL_HOURS: '-1' })).toThrow(/SESSION_TTL_HOURS/);
  });

  it('reads the scheduler interval (0 turns the timer off)', () => {
    expect(loadConfig({}).schedulerIntervalMs).toBe(5000);
    expect(loadConfig({ SCHEDULER_INTERVAL_MS: '0' }).schedulerIntervalMs).toBe(0);
    expect(loadConfig({ SCHEDULER_INTERVAL_MS: '250' }).schedulerIntervalMs).toBe(250);
    expect(() => loadConfig({ SCHEDULER_INTERVAL_MS: '-5' })).toThrow(/SCHEDULER_INTERVAL_MS/);
  });

  it('reads the trusted proxies (none by default) and refuses an entry it cannot read', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' loopback, 10.0.0.0/8 ,' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(/TRUST_PROXY/);
  });
});
