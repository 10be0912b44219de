import { parseArgs } from 'node:util';

/** What `npm run simulate` runs with, from its flags and the environment. */
export interface SimulateOptions {
  /** Project id or domain prefix; without it, the login's only project. */
  project?: string;
  days: number;
  devices: number;
  /** The console's address, without a trailing slash. */
  url: string;
  key?: string;
  email?: string;
  password?: string;
  seed: number;
  linkHost: string;
  help: boolean;
}

export const SIMULATE_USAGE = `usage: npm run simulate -- [--project <id or domain prefix>] [--days 30] [--devices 5000]
         [--url http://127.0.0.1:$PORT] [--email <e>] [--key <access key>] [--seed n] [--link-host localhost]
  Sign in with --email (or SIMULATE_EMAIL) and the password in SIMULATE_PASSWORD; on a terminal
  it is asked for when unset. --password <p> works too, but shows the password to other users of
  the machine (process list, shell history). With --key (or SIMULATE_ACCESS_KEY) alone only
  events and attribution are sent. --project may be left out when the login has one project.`;

/** A mistake in the flags or environment: the message, then the usage. */
export class SimulateUsageError extends Error {}

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

function wholeNumber(name: string, raw: string, min: number, max: number, hint = ''): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max)
    throw new SimulateUsageError(`${name} must be a whole number ${min}..${max}${hint}, got "${raw}"`);
  return value;
}

const OPTIONS = {
  project: { type: 'string' },
  days: { type: 'string', default: '30' },
  devices: { type: 'string', default: '5000' },
  url: { type: 'string' },
  key: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  seed: { type: 'string' },
  'link-host': { type: 'string' },
  help: { type: 'boolean', default: false },
} as const;

/**
 * `--key -Ab3...` as `--key=-Ab3...`: access keys and passwords may start with a dash, which
 * parseArgs would otherwise refuse as an ambiguous value. A following flag of ours stays a flag.
 */
function joinDashValues(argv: readonly string[]): string[] {
  const flags = new Set(Object.keys(OPTIONS).map((name) => `--${name}`));
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const name = arg.slice(2) as keyof typeof OPTIONS;
    const next = argv[i + 1];
    const takesValue = flags.has(arg) && OPTIONS[name].type === 'string';
    if (takesValue && next !== undefined && next.startsWith('-') && !flags.has(next.split('=')[0])) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/**
 * Reads the flags and the environment (PORT for the default address; SIMULATE_EMAIL,
 * SIMULATE_PASSWORD and SIMULATE_ACCESS_KEY for the credentials, flags winning). The password
 * may stay unset here: the caller asks for it on a terminal.
 */
export function simulateOptions(
  argv: string[],
  env: NodeJS.ProcessEnv,
  now: () => number = Date.now,
): SimulateOptions {
  let values;
  try {
    ({ values } = parseArgs({ args: joinDashValues(argv), options: OPTIONS }));
  } catch (error) {
    throw new SimulateUsageError((error as Error).message);
  }
  const port = nonEmpty(env.PORT) ? wholeNumber('PORT', env.PORT!.trim(), 1, 65535) : 3000;
  const url = (nonEmpty(values.url) ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  try {
    if (!/^https?:$/.test(new URL(url).protocol)) throw new Error('not http');
  } catch {
    throw new SimulateUsageError(
      `--url must be an http(s) address such as http://127.0.0.1:3000, got "${url}"`,
    );
  }
  const email = nonEmpty(values.email) ?? nonEmpty(env.SIMULATE_EMAIL);
  // A password is taken as typed (spaces may belong to it), only an empty one counts as unset.
  const password = values.password || env.SIMULATE_PASSWORD || undefined;
  if (values.password && !email) throw new SimulateUsageError('--password needs --email (or SIMULATE_EMAIL)');
  const key = nonEmpty(values.key) ?? nonEmpty(env.SIMULATE_ACCESS_KEY);
  if (!values.help && !key && !email)
    throw new SimulateUsageError(
      'give --email (or SIMULATE_EMAIL) to sign in, or --key (or SIMULATE_ACCESS_KEY) to send events only',
    );
  if (!values.help && !email && !nonEmpty(values.project))
    throw new SimulateUsageError('--project is required with --key alone (the key belongs to one project)');
  return {
    project: nonEmpty(values.project),
    days: wholeNumber('--days', values.days, 1, 90, ' (the server refuses events older than 90 days)'),
    devices: wholeNumber('--devices', values.devices, 1, 1_000_000),
    url,
    key,
    email,
    password,
    seed: values.seed === undefined ? now() % 2 ** 31 : wholeNumber('--seed', values.seed, 0, 2 ** 31 - 1),
    linkHost: nonEmpty(values['link-host']) ?? nonEmpty(env.LINK_HOST) ?? 'localhost',
    help: values.help,
  };
}

/** Reads a line from the terminal without echoing it (the password prompt). */
export function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new SimulateUsageError('cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdout.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
