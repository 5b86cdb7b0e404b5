// `npm run bench:plan-prices [-- --baseline <ref>]`: plan shopping before and after plan prices became versions, in
// one run. The baseline commit (default 4de520b, the last before plan versions) is built in a temporary worktree;
// each build serves a fresh sandbox database on SQLite, and GET /plans/for-wizard is loaded with the catalogue cache
// on (the stamp read every request now also reads the moment of the latest version in effect) and off
// (CATALOG_CACHE_MAX_BYTES at its floor: every request joins each plan to its version in effect).
// Writes bench/results/plan-prices.md. See bench/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const baselineArg = process.argv.indexOf('--baseline');
const BASELINE = baselineArg > 0 ? process.argv[baselineArg + 1] : '4de520b';
const SANDBOX = { apiKey: 'vlt_demo_key', apiSecret: 'vlt_demo_secret' };
/** The floor of CATALOG_CACHE_MAX_BYTES: an answer is larger, so it is served but never kept. */
const NO_CACHE = '65536';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' });

/** The baseline's API, built in a worktree that shares this checkout's installed packages. */
function buildBaseline() {
  const dir = mkdtempSync(path.join(tmpdir(), 'voltin-baseline-'));
  const added = git('worktree', 'add', '--detach', dir, BASELINE);
  if (added.status !== 0) throw new Error(`git worktree add ${BASELINE}: ${added.stderr}`);
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const apiModules = path.join(root, 'apps/api/node_modules');
  if (existsSync(apiModules)) symlinkSync(apiModules, path.join(dir, 'apps/api/node_modules'));
  const built = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: path.join(dir, 'apps/api'),
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('the baseline API did not build');
  return {
    dir,
    remove: () => {
      git('worktree', 'remove', '--force', dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startServer(checkout, extraEnv) {
  const [port, consolePort] = [await freePort(), await freePort()];
  const data = mkdtempSync(path.join(tmpdir(), 'voltin-bench-db-'));
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: checkout,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${path.join(data, 'bench.sqlite')}`,
      PORT: String(port),
      CONSOLE_PORT: String(consolePort),
      HOST,
      LOG_LEVEL: 'warn',
      BACKGROUND_TASKS: 'false',
      PASSWORD_HASH_COST: '12',
      LOGIN_ATTEMPTS_PER_MINUTE: '10000',
      NODE_ENV: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://${HOST}:${port}`;
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {}
    if (waited > 300_000) throw new Error('the server did not start in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', () => {
        rmSync(data, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { base, stop };
}

async function wizardUrl(base, zipCodes) {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', SANDBOX.apiSecret)
    .update(`${SANDBOX.apiKey}:${timestamp}`)
    .digest('hex');
  const login = await fetch(
    `${base}/api/v1/auth/login?token=${SANDBOX.apiKey}&timestamp=${timestamp}&signature=${signature}`,
    { method: 'POST' },
  );
  const { token } = (await login.json()).data;
  const headers = { authorization: `Bearer ${token}` };
  const ids = [];
  for (const zipCode of zipCodes) {
    const utilities = (await (await fetch(`${base}/api/v1/utilities?zipCode=${zipCode}`, { headers })).json())
      .data;
    ids.push(...utilities.map((u) => u.id_utility));
  }
  return {
    url: `${base}/api/v1/plans/for-wizard?ids_utilities=${[...new Set(ids)].join(',')}&customer_type=1`,
    headers,
  };
}

const load = (url, headers, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: CONNECTIONS, duration }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

/**
 * Cached: Oncor's residential plans (Dallas), the answer served from the cache, where the stamp's read is most of the
 * work. Not cached: the five Texas utilities' (Dallas, Houston, Corpus Christi, Abilene, Texas City), an answer of
 * about 140 KB, larger than the cache's floor, so every request reads the plans with their versions.
 */
const WORKLOADS = {
  on: ['75201'],
  off: ['75201', '77002', '78401', '79601', '77590'],
};

async function measure(checkout, label, cache) {
  const server = await startServer(checkout, cache ? {} : { CATALOG_CACHE_MAX_BYTES: NO_CACHE });
  try {
    const { url, headers } = await wizardUrl(server.base, WORKLOADS[cache ? 'on' : 'off']);
    const answer = await fetch(url, { headers });
    if (!answer.ok) throw new Error(`${label}: ${answer.status}`);
    await load(url, headers, WARMUP);
    const result = await load(url, headers, DURATION);
    return {
      label,
      cache: cache ? 'on' : 'off',
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok: result['2xx'] / (result['2xx'] + result.non2xx + result.errors),
    };
  } finally {
    await server.stop();
  }
}

if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@voltin/api'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
const baseline = buildBaseline();
const rows = [];
try {
  for (const cache of [true, false])
    for (const [checkout, label] of [
      [baseline.dir, `baseline ${BASELINE}`],
      [root, 'now'],
    ])
      rows.push(await measure(checkout, label, cache));
} finally {
  baseline.remove();
}

const lines = [
  `# Plan shopping before and after plan versions (${new Date().toISOString().slice(0, 19)}Z)`,
  '',
  `Node ${process.version}, ${availableParallelism()} CPUs, SQLite; autocannon, ${CONNECTIONS} connections, ${DURATION} s ` +
    `per measurement after ${WARMUP} s of warm-up; GET /api/v1/plans/for-wizard, residential plans. Cache on: ` +
    "Oncor's plans, served from the catalogue cache. Cache off: the five Texas utilities' plans (about 140 KB) with " +
    'CATALOG_CACHE_MAX_BYTES at its floor, so every request reads the plans (now with their versions).',
  '',
  '| catalogue cache | build | req/s | p50 ms | p99 ms | 2xx | now ÷ baseline |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...rows.map((row) => {
    const before = rows.find((r) => r.cache === row.cache && r.label !== 'now');
    const ratio = row.label === 'now' ? `${((row.rps / before.rps) * 100).toFixed(0)}%` : '';
    return `| ${row.cache} | ${row.label} | ${row.rps} | ${row.p50} | ${row.p99} | ${(row.ok * 100).toFixed(1)}% | ${ratio} |`;
  }),
  '',
];
writeFileSync(path.join(root, 'bench/results/plan-prices.md'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
