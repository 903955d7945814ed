/**
 * Real Redis and PostgreSQL of a test's or the bench's own [issue 55], Debian's (`.ci/run` installs them), each
 * started by the test on a free loopback port in a folder of its own and stopped by its PID. A service that
 * cannot start fails the test with the reason (never skips it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const PG_BIN = '/usr/lib/postgresql/15/bin';

/** Resolves once something listens on 127.0.0.1:`port`; fails after `ms`. */
async function listening(port: number, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`${what} did not listen on port ${port} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Service {
  url: string;
  port: number;
  /** Stop it (its data stays, for `start`). */
  stop(): Promise<void>;
  /** Start it again on the same port (after `stop`). */
  start(): Promise<void>;
  /** Stop it for good and remove its folder. */
  remove(): Promise<void>;
}

/** A Redis that can also hang: `pause` stops the process (SIGSTOP) with its connections open, so its clients
 * find nothing wrong until their requests go unanswered; `resume` lets it go on. */
export interface RedisService extends Service {
  pause(): void;
  resume(): void;
}

/** A Redis of the test's own: no persistence (`--save ''`), as a matchmaking store needs none. */
export async function startRedis(): Promise<RedisService> {
  if (spawnSync('redis-server', ['--version']).status !== 0) throw new Error('redis-server is not installed (Debian: apt-get install redis-server; .ci/run does)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'gu-redis-'));
  const pidFile = join(dir, 'redis.pid');
  const start = async () => {
    execFileSync('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes', '--pidfile', pidFile, '--dir', dir, '--logfile', join(dir, 'log')]);
    await listening(port, 'redis-server');
  };
  const signal = (name: NodeJS.Signals) => process.kill(Number(readFileSync(pidFile, 'utf8')), name);
  const stop = async () => {
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      return;
    }
    for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 25));
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    remove: async () => (await stop(), rmSync(dir, { recursive: true, force: true })),
  };
}

/**
 * A PostgreSQL cluster of the test's own, made by initdb as the `postgres` user (PostgreSQL refuses to run
 * as root) in a temporary folder that user owns; trust authentication on the loopback address only.
 */
export async function startPostgres(): Promise<Service> {
  if (!existsSync(`${PG_BIN}/initdb`)) throw new Error(`PostgreSQL 15 is not installed at ${PG_BIN} (Debian: apt-get install postgresql; .ci/run does)`);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'gu-postgres-'));
  chmodSync(dir, 0o700);
  const asPostgres = (command: string) => {
    const root = process.getuid?.() === 0;
    const result = root ? spawnSync('su', ['postgres', '-c', command], { encoding: 'utf8' }) : spawnSync('sh', ['-c', command], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command.split(' ')[0]} failed: ${result.stderr || result.stdout}`);
  };
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  // fsync stays on: the store's durability is what the tests rely on
  asPostgres(`${PG_BIN}/initdb -D ${dir}/data -A trust -U gu --no-instructions -E UTF8 > ${dir}/initdb.log 2>&1`);
  const start = async () => {
    asPostgres(`${PG_BIN}/pg_ctl -D ${dir}/data -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1" -l ${dir}/log -w start > /dev/null`);
    await listening(port, 'PostgreSQL');
  };
  const stop = async () => {
    if (!existsSync(`${dir}/data/postmaster.pid`)) return;
    asPostgres(`${PG_BIN}/pg_ctl -D ${dir}/data -m fast -w stop > /dev/null`);
  };
  await start();
  return { url: `postgres://gu@127.0.0.1:${port}/postgres`, port, start, stop, remove: async () => (await stop(), rmSync(dir, { recursive: true, force: true })) };
}

/**
 * Whether process `pid` still runs. A daemonized Redis that has exited stays a zombie until whoever adopted it
 * reaps it, which on this machine's init took 1.5-2 s after Redis had said "bye bye": a zombie has ended.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (name) state ..."; the name may hold spaces and parentheses, the state follows the last ')'
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc: the signal's answer
  }
}
