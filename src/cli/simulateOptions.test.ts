import { describe, expect, it } from 'vitest';
import { simulateOptions, SimulateUsageError } from './simulateOptions';

const now = () => 1234;
const read = (argv: string[], env: Record<string, string> = {}) => simulateOptions(argv, env, now);
const refusal = (argv: string[], env: Record<string, string> = {}) => {
  try {
    read(argv, env);
  } catch (error) {
    expect(error).toBeInstanceOf(SimulateUsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${argv.join(' ')}`);
};

describe('npm run simulate options', () => {
  it('defaults to the server on PORT, or 3000 without it', () => {
    expect(read(['--email', 'a@b.co']).url).toBe('http://127.0.0.1:3000');
    expect(read(['--email', 'a@b.co'], { PORT: '4100' }).url).toBe('http://127.0.0.1:4100');
    expect(read(['--email', 'a@b.co'], { PORT: ' ' }).url).toBe('http://127.0.0.1:3000');
    // --url wins over PORT, without its trailing slash.
    expect(read(['--email', 'a@b.co', '--url', 'https://console.example.com/'], { PORT: '4100' }).url).toBe(
      'https://console.example.com',
    );
    expect(refusal(['--email', 'a@b.co'], { PORT: 'eighty' })).toMatch(/PORT must be a whole number/);
    expect(refusal(['--email', 'a@b.co', '--url', 'ftp://x'])).toMatch(/--url must be an http\(s\) address/);
  });

  it('takes the credentials from the environment, flags winning', () => {
    const fromEnv = read([], { SIMULATE_EMAIL: 'ops@example.com', SIMULATE_PASSWORD: ' s3cret pass ' });
    expect(fromEnv).toMatchObject({ email: 'ops@example.com', password: ' s3cret pass ' });
    const flags = read(['--email', 'me@example.com', '--password', 'typed'], {
      SIMULATE_EMAIL: 'ops@example.com',
      SIMULATE_PASSWORD: 'env',
    });
    expect(flags).toMatchObject({ email: 'me@example.com', password: 'typed' });
    // No password anywhere: left to the terminal prompt.
    expect(read(['--email', 'me@example.com']).password).toBeUndefined();
    expect(read(['--project', 'p1'], { SIMULATE_ACCESS_KEY: 'key-1' })).toMatchObject({
      key: 'key-1',
      project: 'p1',
      email: undefined,
    });
  });

  it('takes an access key or password that starts with a dash as the value it follows', () => {
    // Access keys are base64url: about one in 32 starts with "-".
    expect(read(['--project', 'p1', '--key', '-qNGTOb1tYc1'])).toMatchObject({ key: '-qNGTOb1tYc1' });
    expect(read(['--email', 'a@b.co', '--password', '--pw-'])).toMatchObject({ password: '--pw-' });
    expect(read(['--key=-abc', '--project', 'p1'])).toMatchObject({ key: '-abc', project: 'p1' });
    // A flag of ours after a flag that needs a value is still a flag: the value is missing.
    expect(refusal(['--key', '--project', 'p1'])).toMatch(/--key/);
  });

  it('refuses what cannot work, saying what to give', () => {
    expect(refusal([])).toMatch(/give --email .* or --key/);
    expect(refusal(['--key', 'k'])).toMatch(/--project is required with --key alone/);
    expect(refusal(['--key', 'k', '--project', 'p', '--password', 'x'])).toMatch(/--password needs --email/);
    expect(refusal(['--email', 'a@b.co', '--days', '91'])).toMatch(/--days must be a whole number 1..90/);
    expect(refusal(['--email', 'a@b.co', '--devices', '0'])).toMatch(/--devices/);
    expect(refusal(['--email', 'a@b.co', '--seed', '1.5'])).toMatch(/--seed/);
    expect(refusal(['--email', 'a@b.co', '--nonsense'])).toMatch(/nonsense/);
    // --help needs nothing else.
    expect(read(['--help']).help).toBe(true);
  });

  it('has sensible defaults', () => {
    expect(read(['--email', 'a@b.co'], { LINK_HOST: 'links.test' })).toEqual({
      project: undefined,
      days: 30,
      devices: 5000,
      url: 'http://127.0.0.1:3000',
      key: undefined,
      email: 'a@b.co',
      password: undefined,
      seed: 1234,
      linkHost: 'links.test',
      help: false,
    });
    expect(read(['--email', 'a@b.co', '--link-host', 'l.example', '--seed', '7'])).toMatchObject({
      linkHost: 'l.example',
      seed: 7,
    });
  });
});
