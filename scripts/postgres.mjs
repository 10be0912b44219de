#!/usr/bin/env node
// Makes sure a PostgreSQL server is reachable for the API tests and prints its DATABASE_URL.
// Uses Debian's cluster tools when present and we are root: starts cluster 15/main when it is
// down and creates a throwaway role and database (idempotent). With TEST_POSTGRES_URL already
// set, only checks that it answers. Exit 0 with the URL on stdout; exit 1 with a reason on stderr.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROLE = 'growth_test';
const PASSWORD = 'growth_test';
const DATABASE = 'growth_test';
const CLUSTER_VERSION = process.env.PG_CLUSTER_VERSION ?? '15';
const CLUSTER_NAME = process.env.PG_CLUSTER_NAME ?? 'main';

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args, options = {}) {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

function psql(sql, database = 'postgres') {
  return run('runuser', ['-u', 'postgres', '--', 'psql', '-X', '-q', '-t', '-A', '-d', database, '-c', sql], {
    cwd: '/tmp',
  }).trim();
}

function clusterPort() {
  const out = run('pg_lsclusters', ['--no-header']);
  for (const line of out.split('\n')) {
    const [version, name, port, status] = line.trim().split(/\s+/);
    if (version === CLUSTER_VERSION && name === CLUSTER_NAME) return { port: Number(port), status };
  }
  return undefined;
}

/** Starts the Debian cluster when needed and creates the test role and database. Returns the URL. */
export function ensurePostgres() {
  if (process.env.TEST_POSTGRES_URL) return process.env.TEST_POSTGRES_URL;
  if (!has('pg_ctlcluster') || !has('pg_lsclusters'))
    throw new Error('PostgreSQL cluster tools not installed');
  if (typeof process.getuid === 'function' && process.getuid() !== 0)
    throw new Error('not root: cannot start the cluster');
  if (!existsSync('/usr/sbin/runuser') && !has('runuser')) throw new Error('runuser missing');
  const cluster = clusterPort();
  if (!cluster) throw new Error(`cluster ${CLUSTER_VERSION}/${CLUSTER_NAME} does not exist`);
  if (cluster.status !== 'online') run('pg_ctlcluster', [CLUSTER_VERSION, CLUSTER_NAME, 'start']);
  // The server may need a moment after start before it accepts connections.
  let lastError;
  for (let i = 0; i < 50; i++) {
    try {
      psql('select 1');
      lastError = undefined;
      break;
    } catch (error) {
      lastError = error;
      spawnSync('sleep', ['0.2']);
    }
  }
  if (lastError) throw new Error(`cluster did not accept connections: ${lastError.message}`);
  if (psql(`select 1 from pg_roles where rolname = '${ROLE}'`) !== '1') {
    psql(`create role ${ROLE} login password '${PASSWORD}'`);
  }
  if (psql(`select 1 from pg_database where datname = '${DATABASE}'`) !== '1') {
    psql(`create database ${DATABASE} owner ${ROLE}`);
  }
  // Tests create one schema per test file inside this database.
  psql(`grant create on database ${DATABASE} to ${ROLE}`);
  return `postgres://${ROLE}:${PASSWORD}@127.0.0.1:${cluster.port}/${DATABASE}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.stdout.write(`${ensurePostgres()}\n`);
  } catch (error) {
    process.stderr.write(`postgres: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
