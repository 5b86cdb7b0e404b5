// `npm run bench`: the API benchmarks, each endpoint measured beside a bare Fastify route in the same run.
// Loopback only; every load is bounded in duration and connections. Writes bench/results/latest.md.
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { renderWebsite, websiteBenchmark } from './website.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const DURATION = Number(process.env.BENCH_DURATION ?? 5); // seconds per measurement
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2); // seconds of unreported load before each endpoint
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SANDBOX = { apiKey: 'vlt_demo_key', apiSecret: 'vlt_demo_secret' };
const CUSTOMER = { username: 'demo.customer', password: 'Demo-Password-1' };
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const started = Date.now();
const children = new Set();

function log(message) {
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0)}s] ${message}\n`);
}

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

async function waitFor(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url}: not up after ${timeoutMs} ms`);
}

async function startProcess(name, args, env, readyPath) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  children.add(child);
  const base = `http://${HOST}:${port}`;
  try {
    await waitFor(base + readyPath, child);
  } catch (error) {
    throw new Error(`${name} did not start: ${error.message}\n${stderr}`);
  }
  return {
    name,
    base,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }).then(() => children.delete(child)),
  };
}

// BENCH_PROFILE=<dir> runs every API process under `node --cpu-prof`; bench/profile-summary.mjs reads the profiles.
const profileArgs = process.env.BENCH_PROFILE
  ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_PROFILE)]
  : [];

function startApi(databaseUrl, extraArgs = profileArgs) {
  return startProcess(
    'api',
    [...extraArgs, 'apps/api/dist/server.js'],
    {
      DATABASE_URL: databaseUrl,
      // Two API processes run side by side in the scale run: the console's port is the system's choice.
      CONSOLE_PORT: '0',
      LOG_LEVEL: 'warn',
      BACKGROUND_TASKS: 'false',
      LOGIN_ATTEMPTS_PER_MINUTE: '10000',
      // Only the seeded demo customer's password is hashed; no measured request hashes a password.
      PASSWORD_HASH_COST: process.env.BENCH_PASSWORD_HASH_COST ?? '12',
      NODE_ENV: '',
    },
    '/api/v1/health',
  );
}

const startBare = () => startProcess('bare', ['bench/bare-server.mjs'], {}, '/hello');

async function call(base, method, url, { token, customerHash, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (customerHash) headers['x-customer-hash'] = customerHash;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function login(base) {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', SANDBOX.apiSecret)
    .update(`${SANDBOX.apiKey}:${timestamp}`)
    .digest('hex');
  const query = `token=${SANDBOX.apiKey}&timestamp=${timestamp}&signature=${signature}`;
  const { token } = await call(base, 'POST', `/api/v1/auth/login?${query}`);
  return token;
}

// A unique, valid Oncor ESIID (prefix 10443720, 17 digits) per enrollment.
const esiidBase = Number.parseInt(randomBytes(3).toString('hex'), 16) % 1000;
let esiidCounter = 0;
function freshEsiid() {
  esiidCounter++;
  return `10443720${String(esiidBase).padStart(3, '0')}${String(esiidCounter).padStart(6, '0')}`;
}

function daysFromToday(days) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function enrollmentBody(planId, options, payment) {
  return {
    planId,
    commodityName: 'Electric',
    customerType: 'Residential',
    switchType: 'Switch',
    requestedStartDate: daysFromToday(7),
    agreedAcceptanceValues: options,
    billingDeliveryMethod: 1,
    serviceAddress: {
      address: '1201 Elm St',
      city: 'Dallas',
      state: 'TX',
      zipcode: '75201',
      ldcAccount: freshEsiid(),
    },
    customer: {
      firstName: 'Ana',
      lastName: 'Garcia',
      email: 'ana.garcia@example.com',
      primaryPhoneNumber: '(512) 555-0100',
    },
    payment,
  };
}

/** Logs in, finds Oncor and a plan that enrolls, and returns the four measured requests. */
async function prepare(base) {
  const token = await login(base);
  const { customerId, customerHash } = await call(base, 'POST', '/api/v1/customers/login', {
    token,
    body: CUSTOMER,
  });
  const utilities = await call(base, 'GET', '/api/v1/utilities?zipCode=75201', { token });
  const oncor = utilities.find((u) =>
    /oncor/i.test(`${u.code ?? ''} ${u.name ?? ''} ${u.utility_name ?? ''}`),
  );
  const oncorId = (oncor ?? utilities[0]).id_utility ?? (oncor ?? utilities[0]).id;
  const wizardUrl = `/api/v1/plans/for-wizard?ids_utilities=${oncorId}&customer_type=1`;
  const plans = await call(base, 'GET', wizardUrl, { token });
  const byName = (p) => `${p.name ?? p.plan_name ?? ''}`;
  plans.sort((a, b) => Number(/12-Month Fixed/.test(byName(b))) - Number(/12-Month Fixed/.test(byName(a))));
  const payment = { bypassCreditCheck: true, depositWaived: true };
  let create;
  const refusals = [];
  for (const plan of plans) {
    const planId = plan.id_plan ?? plan.id;
    const optionsList = await call(base, 'GET', `/api/v1/plans/acceptance-options?planId=${planId}`, {
      token,
    });
    const options = optionsList.filter((o) => o.is_required).map((o) => o.id_option);
    try {
      const result = await call(base, 'POST', '/api/v1/enrollments/create', {
        token,
        body: enrollmentBody(planId, options, payment),
      });
      create = { planId, planName: byName(plan), options, status: result.enrollmentStatus };
      break;
    } catch (error) {
      refusals.push(error.message.slice(0, 200));
    }
  }
  if (!create)
    throw new Error(`no plan of Oncor enrolls with ${JSON.stringify(payment)}:\n${refusals.join('\n')}`);
  const auth = { authorization: `Bearer ${token}` };
  return {
    create,
    oncorId,
    endpoints: [
      { name: 'GET /plans/for-wizard', request: { method: 'GET', path: wizardUrl, headers: auth } },
      {
        name: 'GET /utilities?zipCode=75201',
        request: { method: 'GET', path: '/api/v1/utilities?zipCode=75201', headers: auth },
      },
      {
        name: 'GET /customers/{id}/enrollments',
        request: {
          method: 'GET',
          path: `/api/v1/customers/${customerId}/enrollments`,
          headers: { ...auth, 'x-customer-hash': customerHash },
        },
      },
      {
        name: 'POST /enrollments/create',
        request: {
          method: 'POST',
          path: '/api/v1/enrollments/create',
          headers: { ...auth, 'content-type': 'application/json' },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify(enrollmentBody(create.planId, create.options, payment)),
          }),
        },
      },
    ],
  };
}

/** One bounded autocannon run against one or more servers at once (their figures summed). */
async function load(bases, request, { rate, duration = DURATION } = {}) {
  const runs = await Promise.all(
    bases.map(
      (base) =>
        new Promise((resolve, reject) => {
          const { setupRequest, ...rest } = request;
          autocannon(
            {
              url: base,
              connections: CONNECTIONS,
              duration,
              ...(rate ? { overallRate: Math.max(1, Math.round(rate / bases.length)) } : {}),
              requests: [{ ...rest, ...(setupRequest ? { setupRequest } : {}) }],
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
        }),
    ),
  );
  const sum = (f) => runs.reduce((total, r) => total + f(r), 0);
  const total = sum((r) => r.requests.total) || 1;
  return {
    rps: sum((r) => r.requests.average),
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    total: sum((r) => r.requests.total),
    ok: sum((r) => r['2xx']) / total,
    errors: sum((r) => r.errors + r.timeouts) / total,
  };
}

/**
 * Open-loop load at a fixed rate: one request every 1/rate seconds, evenly spaced (autocannon's overallRate sends
 * each second's quota in a burst). Latency counts from the scheduled send time, so a slow server is not excused
 * by the requests it delayed (no coordinated omission). At most `inFlight` requests are outstanding.
 */
async function paced(base, request, rate, { duration = DURATION, inFlight = 64 } = {}) {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const latencies = [];
  let ok = 0;
  let failed = 0;
  let outstanding = 0;
  let dropped = 0;
  const interval = 1000 / rate;
  const begin = performance.now();
  const end = begin + duration * 1000;
  let next = begin;
  const send = (scheduled) =>
    new Promise((resolve) => {
      const req = request.setupRequest ? request.setupRequest({ ...request }) : request;
      const body = req.body;
      outstanding++;
      const done = (status) => {
        outstanding--;
        latencies.push(performance.now() - scheduled);
        if (status >= 200 && status < 300) ok++;
        else failed++;
        resolve();
      };
      const outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: req.method,
          path: req.path,
          headers: { ...req.headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
          agent,
        },
        (response) => {
          response.resume();
          response.on('end', () => done(response.statusCode));
        },
      );
      outgoing.on('error', () => done(0));
      outgoing.end(body);
    });
  const pending = [];
  while (performance.now() < end) {
    const now = performance.now();
    while (next <= now && next < end) {
      if (outstanding >= inFlight) dropped++;
      else pending.push(send(next));
      next += interval;
    }
    await new Promise((r) => setTimeout(r, 1)); // a timer, not a busy loop: the server needs the CPU
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : NaN;
  const total = latencies.length + dropped || 1;
  return {
    rps: latencies.length / duration,
    p50: Math.round(at(0.5) * 10) / 10,
    p99: Math.round(at(0.99) * 10) / 10,
    total: latencies.length,
    ok: ok / total,
    errors: (failed + dropped) / total,
    dropped,
  };
}

const bareRequest = { method: 'GET', path: '/hello' };
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const pct = (n) => `${(n * 100).toFixed(1)}%`;

/** Each endpoint runs between two bare runs; its ratio is to the mean of the two bare runs around it. */
async function suite(label, api, bare) {
  log(`${label}: preparing`);
  const { endpoints, create } = await prepare(api.base);
  log(`${label}: creates use plan ${create.planId} (${create.planName}), first status ${create.status}`);
  const rows = [];
  await load([bare.base], bareRequest, { duration: WARMUP }); // JIT warm-up, not reported
  let before = await load([bare.base], bareRequest);
  log(`${label}: bare ${fmt(before.rps)} req/s`);
  for (const endpoint of endpoints) {
    await load([api.base], endpoint.request, { duration: WARMUP }); // JIT warm-up, not reported
    const max = await load([api.base], endpoint.request);
    const after = await load([bare.base], bareRequest);
    const ceiling = (before.rps + after.rps) / 2;
    const half = await paced(api.base, endpoint.request, max.rps / 2);
    log(
      `${label}: ${endpoint.name}: ${fmt(max.rps)} req/s (bare ${fmt(ceiling)}), p99 ${max.p99} ms, ` +
        `2xx ${pct(max.ok)}; at ${fmt(max.rps / 2)} req/s p99 ${half.p99} ms`,
    );
    rows.push({ db: label, endpoint: endpoint.name, max, half, ceiling, halfRate: max.rps / 2 });
    before = after;
  }
  return rows;
}

function postgresAvailable() {
  try {
    execFileSync('psql', [PG_ADMIN, '-tAc', 'select 1'], { stdio: 'pipe', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

function psql(sqlText) {
  execFileSync('psql', [PG_ADMIN, '-v', 'ON_ERROR_STOP=1', '-tAc', sqlText], {
    stdio: 'pipe',
    timeout: 30_000,
  });
}

async function main() {
  if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) {
    log('apps/api/dist is missing: building the API');
    execFileSync('npm', ['run', 'build', '-w', '@voltin/api'], { cwd: root, stdio: 'inherit' });
  }
  const tmp = mkdtempSync(path.join(tmpdir(), 'voltin-bench-'));
  const rows = [];
  const notes = [];
  let scale;
  const bare = await startBare();
  try {
    const sqliteApi = await startApi(`sqlite:${path.join(tmp, 'bench.sqlite')}`);
    try {
      rows.push(...(await suite('SQLite', sqliteApi, bare)));
    } finally {
      await sqliteApi.stop();
    }

    if (process.env.BENCH_SKIP_POSTGRES !== 'true' && postgresAvailable()) {
      const database = `voltin_bench_${randomBytes(4).toString('hex')}`;
      psql(`create database ${database}`);
      const url = new URL(PG_ADMIN);
      url.pathname = `/${database}`;
      try {
        const first = await startApi(url.toString());
        let second;
        try {
          rows.push(...(await suite('PostgreSQL', first, bare)));
          // Scale: the same read endpoint on one process, then on two processes sharing the database.
          second = await startApi(url.toString());
          const { endpoints } = await prepare(first.base);
          const read = endpoints[0];
          log('PostgreSQL scale: 1 process');
          const one = await load([first.base], read.request);
          const bareNow = await load([bare.base], bareRequest);
          log('PostgreSQL scale: 2 processes');
          const two = await load([first.base, second.base], read.request);
          scale = { endpoint: read.name, one, two, bare: bareNow };
          log(`scale: ${fmt(one.rps)} → ${fmt(two.rps)} req/s`);
        } finally {
          await first.stop();
          await second?.stop();
        }
      } finally {
        psql(`drop database if exists ${database} with (force)`);
      }
    } else {
      notes.push('PostgreSQL: no server answered on 127.0.0.1:5432 (or BENCH_SKIP_POSTGRES=true); skipped.');
    }
  } finally {
    await bare.stop();
    rmSync(tmp, { recursive: true, force: true });
  }

  const website = await websiteBenchmark({ root, log });
  const report = render(rows, scale, notes, website);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/latest.md'), report);
  writeFileSync(
    path.join(root, 'bench/results/latest.json'),
    `${JSON.stringify({ rows, scale, notes, website }, null, 2)}\n`,
  );
  process.stdout.write(report);
  log('written to bench/results/latest.md');
}

function render(rows, scale, notes, website) {
  const lines = [];
  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  lines.push(`# Voltin API benchmarks (${when})`, '');
  lines.push(
    `Node ${process.version}, ${availableParallelism()} CPUs; autocannon, ${CONNECTIONS} connections, ${DURATION} s per ` +
      'measurement, loopback. Ratio = the endpoint\'s requests/s ÷ the bare Fastify "hello JSON" route measured ' +
      'just before and just after it (mean of the two).',
    '',
  );
  lines.push(
    '| database | endpoint | req/s | p50 ms | p99 ms | 2xx | errors | bare req/s | ratio to bare | target | p99 ms at half max rate (req/s) | p99 < 25 ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|',
  );
  for (const row of rows) {
    const ratio = row.max.rps / row.ceiling;
    const isCreate = row.endpoint.startsWith('POST');
    let target;
    if (isCreate) {
      target =
        row.db === 'SQLite'
          ? `≥ 1,000/s: ${row.max.rps >= 1000 && row.max.ok > 0.99 ? 'met' : 'not met'}`
          : '(none)';
    } else target = `≥ 50%: ${ratio >= 0.5 ? 'met' : 'not met'}`;
    lines.push(
      `| ${row.db} | ${row.endpoint} | ${fmt(row.max.rps)} | ${row.max.p50} | ${row.max.p99} | ${pct(row.max.ok)} | ` +
        `${pct(row.max.errors)} | ${fmt(row.ceiling)} | ${pct(ratio)} | ${target} | ${row.half.p99} (${fmt(row.half.rps)}) | ` +
        `${row.half.p99 < 25 ? 'met' : 'not met'} |`,
    );
  }
  if (scale) {
    lines.push(
      '',
      `Scale on PostgreSQL, ${scale.endpoint}, ${CONNECTIONS} connections per process:`,
      '',
      '| processes | req/s | p50 ms | p99 ms | 2xx | ratio to 1 process |',
      '|---:|---:|---:|---:|---:|---:|',
      `| 1 | ${fmt(scale.one.rps)} | ${scale.one.p50} | ${scale.one.p99} | ${pct(scale.one.ok)} | 1.00 |`,
      `| 2 | ${fmt(scale.two.rps)} | ${scale.two.p50} | ${scale.two.p99} | ${pct(scale.two.ok)} | ${fmt(scale.two.rps / scale.one.rps, 2)} |`,
    );
  }
  lines.push(...renderWebsite(website));
  for (const note of notes) lines.push('', note);
  return `${lines.join('\n')}\n`;
}

export { load, log, prepare, startApi };

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(130);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    for (const child of children) child.kill('SIGKILL');
    console.error(error);
    process.exit(1);
  });
}
