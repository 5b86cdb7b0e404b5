// `npm run bench:self-service`: the customer self-service site's first load, as a customer on a phone gets it: the
// JavaScript a first visit downloads (compressed, as sent) and how long the pages take on a slow phone network (Chrome's
// "Slow 4G": 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up, processor slowed 4×), beside the Operations console's
// sign-in page on the same stack and the same network, measured in the same run (the baseline). Starts its own server
// (scripts/serve.mjs) on free ports with a fresh SQLite database; the system Chromium. Writes
// bench/results/self-service.md. See bench/README.md, "Self-service first load".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const RUNS = Number(process.env.BENCH_SITE_RUNS ?? 5);
/** The site's budget for a first visit (issue 20): 150 KB of JavaScript, compressed. */
const BUDGET_KB = 150;
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const chromiumPath =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

function ensureBuilt() {
  const built = [
    ['apps/api/dist/server.js', ['run', 'build', '-w', '@voltin/api']],
    ['apps/console/dist/index.html', ['run', 'build', '-w', '@voltin/console']],
    ['apps/self-service/dist/index.html', ['run', 'build', '-w', '@voltin/self-service']],
  ];
  for (const [file, args] of built)
    if (
      !existsSync(path.join(root, file)) &&
      spawnSync('npm', args, { cwd: root, stdio: 'inherit' }).status !== 0
    )
      throw new Error(`could not build ${file}`);
}

async function startServer() {
  const [port, consolePort, sitePort] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(tmpdir(), 'voltin-bench-site-'));
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      CONSOLE_PORT: String(consolePort),
      SELF_SERVICE_PORT: String(sitePort),
      HOST,
      LOG_LEVEL: 'warn',
      BACKGROUND_TASKS: 'false',
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const site = `http://localhost:${sitePort}`;
  for (let i = 0; i < 120; i++) {
    const ready = await fetch(`${site}/site/api/brand`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    site,
    console: `http://localhost:${consolePort}`,
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One cold visit (new browser context, empty cache) on the slow network: what it downloaded and when it was ready. */
async function visit(browser, url, ready) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const scripts = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type }) => type === 'Script' && scripts.set(requestId, 0));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    if (scripts.has(requestId)) scripts.set(requestId, encodedDataLength);
  });
  const started = performance.now();
  await page.goto(url);
  await ready(page);
  const seconds = (performance.now() - started) / 1000;
  await page.waitForLoadState('networkidle');
  const jsBytes = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
  await context.close();
  return { seconds, jsKB: jsBytes / 1024, files: scripts.size };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(browser, name, url, ready) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, url, ready));
  return {
    name,
    jsKB: median(runs.map((r) => r.jsKB)),
    files: median(runs.map((r) => r.files)),
    seconds: median(runs.map((r) => r.seconds)),
    worst: Math.max(...runs.map((r) => r.seconds)),
  };
}

ensureBuilt();
const server = await startServer();
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const rows = [
    await measure(browser, 'baseline: Operations console, sign-in page', `${server.console}/`, (page) =>
      page.getByRole('button', { name: 'Sign in' }).waitFor(),
    ),
    await measure(browser, 'self-service: front page (zip code search)', `${server.site}/`, (page) =>
      page.getByRole('textbox', { name: 'Service zip code' }).waitFor(),
    ),
    await measure(
      browser,
      'self-service: plans at a zip code, with bill estimates',
      `${server.site}/plans?zip=75201&type=1`,
      (page) =>
        page
          .getByText(/About \$[\d,.]+ a month/)
          .first()
          .waitFor({ timeout: 60_000 }),
    ),
  ];
  const table = [
    `Self-service first load, ${new Date().toISOString().slice(0, 10)}: cold visits at 360 px on Slow 4G (150 ms, 1.6 Mbit/s down) with the processor slowed ${CPU_SLOWDOWN}×, median of ${RUNS} (worst beside it). JS = JavaScript downloaded, compressed as sent. Budget for a first visit: ${BUDGET_KB} KB.`,
    '',
    '| page | JS (KB, compressed) | JS files | ready in (s) | worst (s) |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.jsKB.toFixed(1)} | ${r.files} | ${r.seconds.toFixed(2)} | ${r.worst.toFixed(2)} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/self-service.md'), `${table}\n`);
  const front = rows[1];
  if (front.jsKB > BUDGET_KB) {
    console.error(
      `The front page downloads ${front.jsKB.toFixed(1)} KB of JavaScript: over the ${BUDGET_KB} KB budget.`,
    );
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server.stop();
}
