import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { httpClient, type TestApi } from './app.js';
import { newPostgresDatabase } from './databases.js';

/**
 * Voltin as a supplier runs it: separate `node src/server.ts` operating-system processes on one database, each
 * migrating and seeding it at start-up, each free to die in the middle of a request.
 */

const apiRoot = path.resolve(import.meta.dirname, '../..');

export interface ApiNode {
  process: ChildProcess;
  pid: number;
  call: TestApi['call'];
  exited: Promise<void>;
  /** What the process wrote so far (its error log and stderr): the reason when it died or answered 500. */
  output(): string;
}

export interface EmptyDatabase {
  url: string;
  drop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const onPostgres = () => process.env.DATABASE_URL?.startsWith('postgres') === true;

/** A database nobody has used yet: a new PostgreSQL database when DATABASE_URL names a server, else a new SQLite file. */
export async function emptyDatabase(): Promise<EmptyDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl?.startsWith('postgres')) {
    const dir = mkdtempSync(path.join(tmpdir(), 'voltin-nodes-'));
    return {
      url: `sqlite:${path.join(dir, 'voltin.sqlite')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  return newPostgresDatabase(serverUrl);
}

/** Starts one API process on `databaseUrl` and resolves once its health check answers 200. */
export async function startNode(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiNode> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      // The console's port too is the system's choice: several nodes run on one machine here.
      CONSOLE_PORT: '0',
      LOG_LEVEL: 'error',
      PASSWORD_HASH_COST: '12',
      LOGIN_ATTEMPTS_PER_MINUTE: '10000',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const call = httpClient(`http://127.0.0.1:${port}`);
  const node = { process: child, pid: child.pid!, call, exited, output: () => output };
  for (;;) {
    if (!isRunning(node)) throw new Error(`node exited at start-up: ${output}`);
    const health = await call('GET', '/health').catch(() => undefined);
    if (health?.status === 200) return node;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts `count` nodes together; a node that did start is stopped again when another one failed. */
export async function startNodes(
  count: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ApiNode[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startNode(databaseUrl, env)));
  const nodes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(nodes.map((node) => stopNode(node)));
    throw failed.reason;
  }
  return nodes;
}

export const isRunning = (node: ApiNode) =>
  node.process.exitCode === null && node.process.signalCode === null;

export async function stopNode(node: ApiNode | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!node || !isRunning(node)) return;
  node.process.kill(signal);
  await node.exited;
}

/** The resident set size of a process in bytes, as the kernel counts it (Linux /proc). */
export function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}
