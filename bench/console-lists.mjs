// `npm run bench:console`: how fast the Operations console's lists answer with a million customers and a million
// enrollments, beside the same lists on the sandbox's own few rows (the baseline), on SQLite and PostgreSQL.
// Writes bench/results/console-lists.md. See bench/README.md, "Console lists at a million rows".
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'apps/api/package.json'));
const HOST = '127.0.0.1';
const ROWS = Number(process.env.BENCH_CONSOLE_ROWS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_CONSOLE_SAMPLES ?? 40);
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// An Administrator: every list below is theirs to read (the audit log too).
const STAFF = { email: 'admin@bluebonnet.example', password: 'Admin-Password-1' };

const LAST_NAMES = [
  'Garcia',
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
];
const FIRST_NAMES = [
  'Ana',
  'James',
  'Maria',
  'John',
  'Linda',
  'Robert',
  'Rosa',
  'David',
  'Lucia',
  'Michael',
  'Sofia',
  'William',
  'Elena',
  'Daniel',
  'Carmen',
  'Joseph',
  'Laura',
  'Thomas',
  'Sara',
  'Charles',
];

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startServer(databaseUrl) {
  const [port, consolePort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      CONSOLE_PORT: String(consolePort),
      HOST,
      LOG_LEVEL: 'warn',
      BACKGROUND_TASKS: 'false',
      PASSWORD_HASH_COST: '12',
      LOGIN_ATTEMPTS_PER_MINUTE: '10000',
      NODE_ENV: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://${HOST}:${consolePort}`;
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://${HOST}:${port}/api/v1/health`)).ok) break;
    } catch {}
    if (waited > 600_000) throw new Error('the server did not start in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { base, stop };
}

async function signIn(base) {
  const response = await fetch(`${base}/ops/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie()[0].split(';')[0];
}

/** Median and 95th percentile of SAMPLES sequential requests, after 5 unreported ones. */
async function measure(base, cookie, url) {
  const times = [];
  let items = 0;
  for (let i = 0; i < SAMPLES + 5; i++) {
    const start = process.hrtime.bigint();
    const response = await fetch(base + url, { headers: { cookie } });
    const body = await response.json();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
    if (i >= 5) times.push(ms);
    items = Array.isArray(body.data) ? body.data.length : 1;
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), items };
}

/** The lists the console opens most. */
const endpoints = (sample) => [
  ['dashboard', '/ops/api/v1/dashboard'],
  ['queue counts', '/ops/api/v1/queues'],
  ['hold queue, page 1', '/ops/api/v1/queues/enrollments?queue=ON_HOLD&pageSize=20'],
  ['hold queue, page 500', '/ops/api/v1/queues/enrollments?queue=ON_HOLD&pageSize=20&pageNumber=500'],
  ['hold queue, newest first', '/ops/api/v1/queues/enrollments?queue=ON_HOLD&order=newest'],
  ['failed submissions', '/ops/api/v1/queues/enrollments?queue=SUBMITTED_WITH_ERRORS'],
  ['search: name prefix "garc"', '/ops/api/v1/customers/search?q=garc'],
  ['search: "maria rod"', '/ops/api/v1/customers/search?q=maria%20rod'],
  ['search: email prefix', `/ops/api/v1/customers/search?q=${encodeURIComponent(sample.email)}`],
  ['search: ESIID prefix', `/ops/api/v1/customers/search?q=${sample.esiid}`],
  ['search: phone', `/ops/api/v1/customers/search?q=${sample.phone}`],
  ['customer profile', `/ops/api/v1/customers/${sample.customerId}`],
  ['enrollment page', `/ops/api/v1/enrollments/${sample.enrollmentId}`],
  ['audit log', '/ops/api/v1/audit-log'],
];

const valuesList = (names) => names.map((name, k) => `(${k}, '${name}')`).join(', ');

/** The SQL that fills a seeded database: ROWS customers, each with one enrollment; 2 % on hold, 1 % failed. */
function fillStatements(engine, columns) {
  const sqlite = engine === 'SQLite';
  const nameTables = `l(k, name) as (values ${valuesList(LAST_NAMES)}), f(k, name) as (values ${valuesList(FIRST_NAMES)})`;
  const series = sqlite
    ? `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS})`
    : '';
  const withNames = sqlite ? `${series}, ${nameTables}` : `with ${nameTables}`;
  const from = sqlite ? 'n' : `generate_series(1, ${ROWS}) as n(i)`;
  const pad = (expr, width) =>
    sqlite ? `printf('%0${width}d', ${expr})` : `lpad((${expr})::text, ${width}, '0')`;
  const instant = (seconds) =>
    sqlite
      ? `strftime('%Y-%m-%dT%H:%M:%S.000Z', 1790000000 + ${seconds}, 'unixepoch')`
      : `to_char(to_timestamp(1790000000 + ${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`;
  const customerValues = {
    user_name: 'null',
    first_name: 'f.name',
    last_name: 'l.name',
    email: `lower(f.name) || '.' || lower(l.name) || '.' || ${pad('n.i', 7)} || '@example.com'`,
    phone: `'214' || ${pad('n.i', 7)}`,
    created_at: instant('n.i * 30'),
    updated_at: instant('n.i * 30'),
  };
  const customerSql = `${withNames} insert into customers (${columns.customers.join(', ')})
    select ${columns.customers.map((c) => customerValues[c] ?? `t.${c}`).join(', ')}
    from ${from} cross join (select * from customers where id = 1) as t, l, f
    where l.k = n.i % ${LAST_NAMES.length} and f.k = n.i % ${FIRST_NAMES.length}`;
  const status = `case when n.i % 50 = 0 then 'ON_HOLD' when n.i % 97 = 0 then 'SUBMITTED_WITH_ERRORS' else 'ACTIVE' end`;
  const enrollmentValues = {
    customer_id: '(select max(id) from customers) - ' + ROWS + ' + n.i',
    status,
    ldc_account: `'1044372' || ${pad('n.i', 10)}`,
    idempotency_key: 'null',
    billing_errors: `case when n.i % 97 = 0 then '["Service address does not match the ESIID"]' else null end`,
    manual_review_reasons: `case when n.i % 50 = 0 then '["FRAUD_ALERT"]' else '[]' end`,
    created_at: instant('n.i * 30'),
    updated_at: instant('n.i * 30'),
    status_since: instant('n.i * 30 + 60'),
  };
  const enrollmentSql = `${series} insert into enrollments (${columns.enrollments.join(', ')})
    select ${columns.enrollments.map((c) => enrollmentValues[c] ?? `t.${c}`).join(', ')}
    from ${from} cross join (select * from enrollments where id = 1) as t`;
  // PostgreSQL's autovacuum visits a table after a large insert (and sets the visibility map that index-only scans
  // rely on); the benchmark does now what it would do shortly after, so the lists are measured in the steady state.
  return [
    customerSql,
    enrollmentSql,
    ...(sqlite ? ['analyze'] : ['vacuum analyze customers', 'vacuum analyze enrollments']),
  ];
}

async function fillSqlite(file) {
  const Database = require('better-sqlite3');
  const db = new Database(file);
  const columnsOf = (table) =>
    db
      .prepare(`pragma table_info(${table})`)
      .all()
      .map((c) => c.name)
      .filter((c) => c !== 'id');
  const statements = fillStatements('SQLite', {
    customers: columnsOf('customers'),
    enrollments: columnsOf('enrollments'),
  });
  for (const statement of statements) db.exec(statement);
  db.close();
}

async function fillPostgres(url) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  const columnsOf = async (table) =>
    (
      await client.query(
        'select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position',
        [table],
      )
    ).rows
      .map((r) => r.column_name)
      .filter((c) => c !== 'id');
  const statements = fillStatements('PostgreSQL', {
    customers: await columnsOf('customers'),
    enrollments: await columnsOf('enrollments'),
  });
  for (const statement of statements) await client.query(statement);
  await client.end();
}

/** A customer of the filled rows to look up, with their enrollment. */
const SAMPLE_INDEX = Math.floor(ROWS * 0.73);
const sampleOf = (firstNewCustomerId, firstNewEnrollmentId) => ({
  customerId: firstNewCustomerId + SAMPLE_INDEX - 1,
  enrollmentId: firstNewEnrollmentId + SAMPLE_INDEX - 1,
  email: `${FIRST_NAMES[SAMPLE_INDEX % FIRST_NAMES.length].toLowerCase()}.${LAST_NAMES[SAMPLE_INDEX % LAST_NAMES.length].toLowerCase()}.${String(SAMPLE_INDEX).padStart(7, '0')}`,
  esiid: `1044372${String(SAMPLE_INDEX).padStart(10, '0')}`.slice(0, 14),
  phone: `214${String(SAMPLE_INDEX).padStart(7, '0')}`,
});
const SEED_SAMPLE = {
  customerId: 1,
  enrollmentId: 1,
  email: 'demo.customer@',
  esiid: '10443720',
  phone: '5125550199',
};

async function measureAll(base, sample) {
  const cookie = await signIn(base);
  const figures = [];
  for (const [name, url] of endpoints(sample)) figures.push({ name, ...(await measure(base, cookie, url)) });
  return figures;
}

async function runEngine(engine, databaseUrl, fill) {
  console.log(`\n${engine}: seeding the sandbox and measuring the baseline`);
  let server = await startServer(databaseUrl);
  const baseline = await measureAll(server.base, SEED_SAMPLE);
  await server.stop();
  console.log(`${engine}: adding ${ROWS.toLocaleString('en-US')} customers and enrollments`);
  const started = Date.now();
  await fill();
  const fillSeconds = (Date.now() - started) / 1000;
  server = await startServer(databaseUrl);
  // The demo customer and enrollment are id 1; the filled ones follow.
  const large = await measureAll(server.base, sampleOf(2, 2));
  await server.stop();
  return { engine, baseline, large, fillSeconds };
}

const fmt = (ms) => ms.toFixed(1);

function table(results) {
  const lines = [
    `Node ${process.version}; ${SAMPLES} sequential requests per list after 5 unreported; an Administrator's session cookie; loopback.`,
    `Baseline: the sandbox's own rows (a handful). Large: the same database after adding ${ROWS.toLocaleString('en-US')} customers and ${ROWS.toLocaleString('en-US')} enrollments (2 % on hold, 1 % failed submissions).`,
    '',
    '| database | list | baseline p50 ms | baseline p95 ms | large p50 ms | large p95 ms | large: items answered | under 100 ms (p95) |',
    '|---|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const { engine, baseline, large } of results)
    baseline.forEach((b, i) => {
      const l = large[i];
      lines.push(
        `| ${engine} | ${b.name} | ${fmt(b.p50)} | ${fmt(b.p95)} | ${fmt(l.p50)} | ${fmt(l.p95)} | ${l.items} | ${l.p95 < 100 ? 'yes' : 'NO'} |`,
      );
    });
  lines.push('', ...results.map((r) => `${r.engine}: adding the rows took ${r.fillSeconds.toFixed(0)} s.`));
  return lines.join('\n');
}

const tmp = mkdtempSync(path.join(tmpdir(), 'voltin-console-bench-'));
const results = [];
try {
  const file = path.join(tmp, 'console.sqlite');
  results.push(await runEngine('SQLite', `sqlite:${file}`, () => fillSqlite(file)));
  if (process.env.BENCH_SKIP_POSTGRES !== 'true') {
    const name = `voltin_console_bench_${process.pid}`;
    const created = spawnSync('psql', [PG_ADMIN, '-qc', `create database ${name}`], { stdio: 'inherit' });
    if (created.status === 0) {
      const url = new URL(PG_ADMIN);
      url.pathname = `/${name}`;
      try {
        results.push(await runEngine('PostgreSQL', url.toString(), () => fillPostgres(url.toString())));
      } finally {
        spawnSync('psql', [PG_ADMIN, '-qc', `drop database ${name} with (force)`], { stdio: 'inherit' });
      }
    } else console.log('PostgreSQL does not answer: SQLite only.');
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
const output = table(results);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/console-lists.md'), `${output}\n`);
console.log(`\n${output}`);
