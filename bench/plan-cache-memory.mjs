// `npm run bench:plan-cache`: memory of one API process under many distinct plan-shopping queries, with the catalogue
// cache unbounded (CATALOG_CACHE_MAX_BYTES = 1 TiB, the baseline) and bounded (the default 32 MiB), side by side in
// one run. Loopback only; servers it starts itself on fresh SQLite files. Writes bench/results/plan-cache-memory.md.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const QUERIES = Number(process.env.BENCH_DISTINCT_QUERIES ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SANDBOX = { apiKey: 'vlt_demo_key', apiSecret: 'vlt_demo_secret' };
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const SIDES = [
  { label: 'unbounded (baseline: CATALOG_CACHE_MAX_BYTES=1 TiB)', maxBytes: String(2 ** 40) },
  { label: 'bounded (default CATALOG_CACHE_MAX_BYTES=32 MiB)', maxBytes: '' },
];

const log = (message) => process.stderr.write(`[plan-cache] ${message}\n`);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process, in MiB, from the kernel's own count. */
function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  return Number(line[1]) / 1024;
}

async function startApi(databaseUrl, maxBytes) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'apps/api'),
    env: {
      ...process.env,
      PORT: String(port),
      CONSOLE_PORT: '0',
      HOST,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      BACKGROUND_TASKS: 'false',
      PASSWORD_HASH_COST: '12',
      METRICS_TOKEN,
      CATALOG_CACHE_MAX_BYTES: maxBytes,
      NODE_ENV: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://${HOST}:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    const up = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error('the API did not start in 2 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { base, pid: child.pid, stop };
}

async function getJson(url, token) {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

async function login(base) {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', SANDBOX.apiSecret)
    .update(`${SANDBOX.apiKey}:${timestamp}`)
    .digest('hex');
  const query = `token=${SANDBOX.apiKey}&timestamp=${timestamp}&signature=${signature}`;
  const response = await fetch(`${base}/api/v1/auth/login?${query}`, { method: 'POST' });
  return (await response.json()).data.token;
}

async function cacheBytes(base) {
  const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
    (r) => r.text(),
  );
  return Number(text.match(/^voltin_catalog_cache_size_bytes (\S+)$/m)[1]);
}

async function measure(side) {
  const dir = mkdtempSync(path.join(tmpdir(), 'voltin-plan-cache-'));
  const api = await startApi(`sqlite:${path.join(dir, 'voltin.sqlite')}`, side.maxBytes);
  try {
    const token = await login(api.base);
    const utilities = (await getJson(`${api.base}/api/v1/utilities?zipCode=75201`, token)).data;
    const ids = utilities.map((u) => u.id_utility).join(',');
    const wizard = (n) => getJson(`${api.base}/api/v1/plans/for-wizard?ids_utilities=${ids}&n=${n}`, token);
    const answerBytes = JSON.stringify(await wizard(0)).length;
    for (let n = 1; n <= 200; n++) await wizard(-n); // JIT and pools warm, the same for both sides
    const before = rssMiB(api.pid);
    const startedAt = Date.now();
    let next = 1;
    let halfway;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next <= QUERIES) {
          if (next === QUERIES / 2) halfway = rssMiB(api.pid);
          await wizard(next++);
        }
      }),
    );
    const seconds = (Date.now() - startedAt) / 1000;
    const after = rssMiB(api.pid);
    const kept = await cacheBytes(api.base);
    log(`${side.label}: ${before.toFixed(0)} → ${after.toFixed(0)} MiB`);
    return {
      side: side.label,
      answerBytes,
      before,
      halfway,
      after,
      keptMiB: kept / 1_048_576,
      rate: QUERIES / seconds,
    };
  } finally {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows = [];
for (const side of SIDES) rows.push(await measure(side));
const table = [
  `${QUERIES} distinct \`GET /plans/for-wizard\` queries (the Dallas utilities, a distinct \`n\` each; one answer is ${rows[0].answerBytes} characters), ${CONCURRENCY} at a time, one API process on SQLite, Node ${process.version}.`,
  '',
  '| catalogue cache | RSS before MiB | RSS halfway MiB | RSS after MiB | growth MiB | cache kept MiB | queries/s |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.side} | ${r.before.toFixed(0)} | ${r.halfway.toFixed(0)} | ${r.after.toFixed(0)} | ${(r.after - r.before).toFixed(0)} | ${r.keptMiB.toFixed(1)} | ${r.rate.toFixed(0)} |`,
  ),
].join('\n');
writeFileSync(path.join(root, 'bench/results/plan-cache-memory.md'), `${table}\n`);
console.log(table);
