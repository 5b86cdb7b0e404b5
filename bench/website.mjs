// Website figures (issue 10): the full production build of the docs site (wall time, peak memory of its process
// tree), what a first visit of the home page downloads in a real browser, and what the first search query downloads
// and how long queries take, beside Pagefind run over a copy of the same built site. See bench/README.md.
//
// `node bench/website.mjs` alone, or as part of `npm run bench` (bench/run.mjs). Loopback only; every process it
// starts is stopped before it returns. It never writes into apps/docs/build: the site is built into a temporary
// --out-dir, and Pagefind runs over a copy of it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const HOST = '127.0.0.1';
const SAMPLE_MS = 150; // process-tree memory sampling period during the build
const RESULTS = 8; // results a query shows (searchResultLimits in apps/docs/docusaurus.config.ts)
const FIRST_QUERY = 'enrollment';
const QUERIES = ['credit check', 'deposit', 'webhook', 'utility', 'payment', 'release', 'plan', 'enrollment'];
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 3); // later queries: QUERIES × ROUNDS samples
const FIRST_RUNS = Number(process.env.BENCH_SEARCH_FIRST_RUNS ?? 5); // first queries, each on a fresh visit
// The system Chromium, with the flags of e2e/environment.ts (Playwright cannot download browsers here).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const gz = (buffer) => gzipSync(buffer, { level: 6 }).length;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (n, digits = 1) => Number(n.toFixed(digits));

// ---------------------------------------------------------------------------------------------------------------
// Static figures from a built site: the JavaScript and CSS the home page HTML references, and search-index.json.

export function websiteFigures(buildDir) {
  const index = path.join(buildDir, 'index.html');
  if (!existsSync(index)) return null;
  const html = readFileSync(index, 'utf8');
  const refs = new Set();
  for (const match of html.matchAll(/<script[^>]*\ssrc=["']?([^"'\s>]+)/g)) refs.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel=["']?stylesheet["']?[^>]*href=["']?([^"'\s>]+)/g))
    refs.add(match[1]);
  const files = { js: { raw: 0, gzip: 0, count: 0 }, css: { raw: 0, gzip: 0, count: 0 } };
  for (const ref of refs) {
    if (/^https?:/.test(ref)) continue;
    const file = path.join(buildDir, decodeURI(ref.split('?')[0]));
    if (!existsSync(file)) continue;
    const kind = file.endsWith('.css') ? 'css' : 'js';
    const content = readFileSync(file);
    files[kind].raw += content.length;
    files[kind].gzip += gz(content);
    files[kind].count++;
  }
  const htmlBytes = Buffer.from(html);
  const searchIndex = path.join(buildDir, 'search-index.json');
  const search = existsSync(searchIndex)
    ? { raw: statSync(searchIndex).size, gzip: gz(readFileSync(searchIndex)) }
    : null;
  return {
    builtAt: statSync(index).mtime.toISOString(),
    html: { raw: htmlBytes.length, gzip: gz(htmlBytes) },
    ...files,
    search,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Build: `npm run build -w @voltin/docs -- --out-dir <tmp>`, wall time and the memory of its whole process tree.

const PAGE_SIZE = (() => {
  try {
    return Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).trim()) || 4096;
  } catch {
    return 4096;
  }
})();

/** Resident bytes of every process under rootPid (itself included), from /proc. */
function treeRss(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(entry));
    } catch {} // the process ended meanwhile
  }
  const processes = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop();
    try {
      const resident = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_SIZE;
      const name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      processes.push({ pid, name, rss: resident });
    } catch {}
    queue.push(...(children.get(pid) ?? []));
  }
  return processes;
}

/** "node …/docusaurus build": the program and its first argument, short. */
function commandOf({ pid, name }) {
  try {
    const [program, first] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return [path.basename(program), first && path.basename(first)].filter(Boolean).join(' ');
  } catch {
    return name;
  }
}

/** Runs a command in its own process group; samples its tree's memory until it exits. */
function measureProcess(command, args, options) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    };
    process.once('exit', killGroup);
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let peakSum = 0;
    let peakSingle = { rss: 0, name: '' };
    let samples = 0;
    const sample = () => {
      const processes = treeRss(child.pid);
      if (processes.length === 0) return;
      samples++;
      const sum = processes.reduce((total, p) => total + p.rss, 0);
      peakSum = Math.max(peakSum, sum);
      for (const p of processes) if (p.rss > peakSingle.rss) peakSingle = { ...p, name: commandOf(p) };
    };
    const timer = setInterval(sample, SAMPLE_MS);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      clearInterval(timer);
      process.removeListener('exit', killGroup);
      killGroup(); // anything the command left behind in its group
      if (code !== 0) {
        reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}:\n${output}`));
        return;
      }
      resolve({
        seconds: round(seconds),
        peakTreeRss: peakSum,
        peakProcessRss: peakSingle.rss,
        peakProcess: peakSingle.name,
        samples,
        output,
      });
    });
  });
}

async function buildDocs(root, outDir, log) {
  // What the docs build reads: the API's OpenAPI document and reference lists (scripts/lib.mjs exportDocsData).
  const exportStarted = performance.now();
  for (const exporter of ['export-openapi.js', 'export-reference.js']) {
    const result = spawnSync(process.execPath, [`apps/api/dist/cli/${exporter}`], {
      cwd: root,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`${exporter} failed:\n${result.stderr}`);
  }
  const exportSeconds = round((performance.now() - exportStarted) / 1000);
  // Docusaurus writes its generated files to apps/docs/.docusaurus; a name of our own keeps this build from racing
  // another one (npm start, the browser tests) in the shared checkout. No persistent Rspack cache: a cold build.
  const generated = `.docusaurus-bench-${process.pid}`;
  log(`website: production build of the docs site into ${outDir} (cold, takes minutes)`);
  try {
    const build = await measureProcess(
      'npm',
      ['run', 'build', '-w', '@voltin/docs', '--', '--out-dir', outDir],
      {
        cwd: root,
        env: {
          ...process.env,
          DOCUSAURUS_GENERATED_FILES_DIR_NAME: generated,
          DOCUSAURUS_NO_PERSISTENT_CACHE: 'true',
        },
      },
    );
    const warnings = (build.output.match(/\[WARNING\]/g) ?? []).length;
    const { output, ...figures } = build;
    log(`website: built in ${figures.seconds} s, peak tree RSS ${mb(figures.peakTreeRss)}`);
    return { ...figures, exportSeconds, warningsInLastOutput: warnings, cache: 'none (cold)' };
  } finally {
    rmSync(path.join(root, 'apps/docs', generated), { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Serving: a Fastify server in this process with the plugins and settings the Voltin server serves the docs site
// with (apps/api/src/app.ts, http/docs-site.ts): @fastify/compress (threshold 1 KB, its default gzip and brotli
// levels) and @fastify/static, clean URLs (X → X, X/index.html, X.html). Not the Voltin server itself, so that
// the figures do not depend on the API's database or on API work in progress in the shared checkout.

async function serveSite(siteDir) {
  const [{ default: Fastify }, { default: compress }, { default: fastifyStatic }] = await Promise.all([
    import('fastify'),
    import('@fastify/compress'),
    import('@fastify/static'),
  ]);
  const root = path.resolve(siteDir);
  const app = Fastify({ logger: false });
  const network = recordNetwork(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });
  app.get('/*', (request, reply) => {
    const target = path.resolve(root, `.${decodeURIComponent(request.url.split('?')[0])}`);
    if (target === root || target.startsWith(`${root}${path.sep}`)) {
      for (const candidate of [target, path.join(target, 'index.html'), `${target}.html`]) {
        if (existsSync(candidate) && statSync(candidate).isFile()) {
          network.decoded(request, statSync(candidate).size);
          return reply.sendFile(path.relative(root, candidate));
        }
      }
    }
    return reply.status(404).sendFile('404.html');
  });
  const base = await app.listen({ host: HOST, port: 0 });
  return { base, network, stop: () => app.close() };
}

/**
 * What the server sent for every request, counted on the socket: the browser's own figures miss the main script of
 * a web worker (Pagefind's, the local search plugin's) and report cached responses oddly; the server sees exactly
 * what went over the wire. `phase` is the label the benchmark set when the request arrived.
 */
function recordNetwork(app) {
  const state = { phase: 'none', entries: [], open: 0 };
  const byRequest = new WeakMap();
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    const entry = {
      path: decodeURIComponent(request.url.split('?')[0]),
      phase: state.phase,
      prefetch: /prefetch/.test(`${request.headers['sec-purpose'] ?? ''}${request.headers.purpose ?? ''}`),
      decoded: 0,
    };
    byRequest.set(request, entry);
    const before = socket.bytesWritten;
    state.open++;
    reply.raw.once('close', () => {
      state.open--;
      const headerBytes = Buffer.byteLength(reply.raw._header ?? '');
      entry.transferred = socket.bytesWritten - before - headerBytes;
      entry.headerBytes = headerBytes;
      entry.status = reply.raw.statusCode;
      entry.encoding = reply.raw.getHeader('content-encoding') ?? 'identity';
      const type = String(reply.raw.getHeader('content-type') ?? '');
      entry.kind = /javascript/.test(type)
        ? 'js'
        : /text\/css/.test(type)
          ? 'css'
          : /text\/html/.test(type)
            ? 'html'
            : 'other';
      state.entries.push(entry);
    });
  });
  return {
    set phase(phase) {
      state.phase = phase;
    },
    decoded(request, bytes) {
      const entry = byRequest.get(request);
      if (entry) entry.decoded = bytes;
    },
    reset() {
      state.entries = [];
    },
    /** The requests answered so far, once none is in flight. */
    async entries() {
      for (let i = 0; i < 100 && state.open > 0; i++) await new Promise((r) => setTimeout(r, 20));
      return [...state.entries];
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Browser.

function sum(entries) {
  return {
    files: entries.length,
    transferred: entries.reduce((total, e) => total + e.transferred, 0),
    decoded: entries.reduce((total, e) => total + e.decoded, 0),
    encodings: [...new Set(entries.map((e) => e.encoding))].join(', '),
  };
}

async function firstVisit(browser, site, acceptEncoding) {
  const context = await browser.newContext(
    acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {},
  );
  try {
    site.network.reset();
    site.network.phase = 'visit';
    const page = await context.newPage();
    await page.goto(`${site.base}/`, { waitUntil: 'networkidle' });
    const entries = await site.network.entries();
    const of = (predicate) => sum(entries.filter(predicate));
    return {
      jsNeeded: of((e) => e.kind === 'js' && !e.prefetch),
      jsPrefetched: of((e) => e.kind === 'js' && e.prefetch),
      css: of((e) => e.kind === 'css'),
      all: of(() => true),
      files: entries,
    };
  } finally {
    await context.close();
  }
}

// In the page, before the box is used: resolves, once the results (or "No results") of the query appear in the
// dropdown and the next frame is painted, with the time from the query's input event to then (queryMs) and, when
// the box is focused first, from the focus to the box being ready (loadMs: autocomplete.js attached, which the
// plugin does once it has the index), without the driver's own reaction time in between.
function armDocusaurusQuery() {
  const input = document.querySelector('.navbar input[placeholder="Search"]');
  const at = {};
  input.addEventListener('focus', () => (at.focus ??= performance.now()), { capture: true, once: true });
  input.addEventListener('input', () => (at.input ??= performance.now()), { capture: true, once: true });
  window.__benchQuery = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (at.focus !== undefined && at.ready === undefined && input.getAttribute('role') === 'combobox')
        at.ready = performance.now();
      if (at.input === undefined) return;
      const listbox = document.querySelector('[role="listbox"]');
      if (!listbox) return;
      const options = listbox.querySelectorAll('[role="option"]').length;
      if (options === 0 && !/No results/.test(listbox.textContent)) return;
      observer.disconnect();
      requestAnimationFrame(() =>
        setTimeout(() =>
          resolve({
            loadMs: at.ready === undefined ? null : at.ready - at.focus,
            queryMs: performance.now() - at.input,
            options,
          }),
        ),
      );
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
  });
}

async function docusaurusSearch(browser, site, rounds) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    site.network.reset();
    site.network.phase = 'visit';
    const page = await context.newPage();
    await page.goto(`${site.base}/`, { waitUntil: 'networkidle' });
    // Hydrated: the colour mode switch is enabled only once React runs (e2e/fixtures.ts waitUntilInteractive).
    await page.locator('button[aria-label^="Switch between dark and light mode"]:enabled').first().waitFor();
    const box = page.locator('.navbar input[placeholder="Search"]');

    // First query: focusing the box (Ctrl+K) starts the index download; the query is entered once the box is ready.
    site.network.phase = 'first';
    await page.evaluate(armDocusaurusQuery);
    await page.keyboard.press('Control+k');
    await page.waitForFunction(
      () =>
        document.querySelector('.navbar input[placeholder="Search"]')?.getAttribute('role') === 'combobox',
    );
    await box.fill(FIRST_QUERY);
    const timed = await page.evaluate(() => window.__benchQuery);
    const first = { ms: timed.loadMs + timed.queryMs, loadMs: timed.loadMs, options: timed.options };
    await page.waitForLoadState('networkidle');

    site.network.phase = 'later';
    const later = [];
    for (let round = 0; round < rounds; round++) {
      for (const query of QUERIES) {
        await box.fill('');
        await page.waitForFunction(() => document.querySelectorAll('[role="option"]').length === 0);
        await page.evaluate(armDocusaurusQuery);
        await box.fill(query);
        const { queryMs, options } = await page.evaluate(() => window.__benchQuery);
        later.push({ query, ms: queryMs, options });
      }
    }
    return searchResult({ ms: first.ms, loadMs: first.loadMs, options: first.options }, later, site);
  } finally {
    await context.close();
  }
}

/** One search engine's figures: its first query with the bytes it downloaded, and its later queries. */
async function searchResult(first, later, site) {
  const entries = await site.network.entries();
  const firstEntries = entries.filter((e) => e.phase === 'first');
  return {
    first: { ...first, ...sum(firstEntries) },
    firstFiles: firstEntries.map(({ path, transferred, decoded }) => ({ path, transferred, decoded })),
    later: summarizeLater(later, entries),
  };
}

/** The first query on FIRST_RUNS fresh visits (median), the later queries and all byte counts from the first. */
async function searchFigures(measure) {
  const result = await measure(ROUNDS);
  const runs = [result.first];
  for (let run = 1; run < FIRST_RUNS; run++) runs.push((await measure(0)).first);
  result.first.runs = runs.map((r) => round(r.ms));
  result.first.ms = round(median(runs.map((r) => r.ms)));
  result.first.minMs = Math.min(...result.first.runs);
  result.first.maxMs = Math.max(...result.first.runs);
  if (result.first.loadMs !== undefined) result.first.loadMs = round(median(runs.map((r) => r.loadMs)));
  return result;
}

function summarizeLater(later, entries) {
  if (later.length === 0) return null;
  const times = later.map((q) => q.ms);
  return {
    medianMs: round(median(times)),
    minMs: round(Math.min(...times)),
    maxMs: round(Math.max(...times)),
    queries: later.length,
    zeroResults: later.filter((q) => q.options === 0).map((q) => q.query),
    ...sum(entries.filter((e) => e.phase === 'later')),
  };
}

// In the page: one Pagefind query as a search box would run it: the Pagefind JS API's search, the data (title, URL,
// excerpt) of the first RESULTS results, rendered as a list, until the next frame is painted.
async function pagefindQuery({ query, results }) {
  const started = performance.now();
  window.__pagefind ??= await import('/pagefind/pagefind.js');
  const search = await window.__pagefind.search(query);
  const data = await Promise.all(search.results.slice(0, results).map((result) => result.data()));
  let list = document.getElementById('bench-pagefind-results');
  if (!list) {
    list = document.createElement('ol');
    list.id = 'bench-pagefind-results';
    document.body.prepend(list);
  }
  list.innerHTML = data
    .map((item) => `<li><a href="${item.url}">${item.meta?.title ?? ''}</a><p>${item.excerpt}</p></li>`)
    .join('');
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  return { ms: performance.now() - started, options: data.length, total: search.results.length };
}

async function pagefindSearch(browser, site, rounds) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    site.network.reset();
    site.network.phase = 'visit';
    const page = await context.newPage();
    await page.goto(`${site.base}/`, { waitUntil: 'networkidle' });
    site.network.phase = 'first';
    const first = await page.evaluate(pagefindQuery, { query: FIRST_QUERY, results: RESULTS });
    await page.waitForLoadState('networkidle');
    site.network.phase = 'later';
    const later = [];
    for (let round = 0; round < rounds; round++) {
      for (const query of QUERIES) {
        later.push({ query, ...(await page.evaluate(pagefindQuery, { query, results: RESULTS })) });
      }
    }
    return searchResult({ ms: first.ms, options: first.options, total: first.total }, later, site);
  } finally {
    await context.close();
  }
}

function directorySize(dir) {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}

async function browserFigures(root, buildDir, tmp, log) {
  // Pagefind over a copy of the same built site, default settings.
  const copy = path.join(tmp, 'pagefind-site');
  cpSync(buildDir, copy, { recursive: true });
  const pagefindStarted = performance.now();
  const indexed = spawnSync(path.join(root, 'node_modules/.bin/pagefind'), ['--site', copy], {
    cwd: root,
    encoding: 'utf8',
  });
  if (indexed.status !== 0) throw new Error(`pagefind failed:\n${indexed.stdout}\n${indexed.stderr}`);
  const pagefindIndex = {
    seconds: round((performance.now() - pagefindStarted) / 1000),
    pages: Number(/Indexed (\d+) pages?/.exec(indexed.stdout)?.[1] ?? Number.NaN),
    words: Number(/Indexed (\d+) words?/.exec(indexed.stdout)?.[1] ?? Number.NaN),
    version: /Running Pagefind v([\d.]+)/.exec(indexed.stdout)?.[1] ?? '',
    ...directorySize(path.join(copy, 'pagefind')),
  };
  log(`website: Pagefind indexed ${pagefindIndex.pages} pages in ${pagefindIndex.seconds} s`);

  const { chromium } = await import('@playwright/test');
  const site = await serveSite(buildDir);
  let pagefindSite;
  let browser;
  try {
    pagefindSite = await serveSite(copy);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    log('website: first visit in Chromium');
    const visitGzip = await firstVisit(browser, site, 'gzip');
    const visitDefault = await firstVisit(browser, site, null);
    log('website: search in Chromium (Docusaurus local search, then Pagefind)');
    const docusaurus = await searchFigures((rounds) => docusaurusSearch(browser, site, rounds));
    const pagefind = await searchFigures((rounds) => pagefindSearch(browser, pagefindSite, rounds));
    return {
      chromium: browser.version(),
      firstVisit: { gzip: visitGzip, default: visitDefault },
      search: { docusaurus, pagefind, pagefindIndex },
    };
  } finally {
    await browser?.close();
    await site.stop();
    await pagefindSite?.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Everything above, as one object for bench/run.mjs. Knobs: BENCH_SKIP_DOCS_BUILD=true (no build figures; measure
 * the site already built in BENCH_DOCS_DIR, default apps/docs/build), BENCH_SKIP_BROWSER=true (static figures only), BENCH_SEARCH_ROUNDS (default 3),
 * BENCH_SEARCH_FIRST_RUNS (default 5).
 * A failure is returned as `error` (and makes the process exit non-zero) so that the API figures are still written.
 */
export async function websiteBenchmark({ root, log = () => {} }) {
  const tmp = mkdtempSync(path.join(tmpdir(), 'voltin-bench-website-'));
  const figures = { build: null, static: null, browser: null, error: null, site: null };
  try {
    let buildDir = path.resolve(root, process.env.BENCH_DOCS_DIR ?? 'apps/docs/build');
    if (process.env.BENCH_SKIP_DOCS_BUILD !== 'true') {
      buildDir = path.join(tmp, 'build');
      figures.build = await buildDocs(root, buildDir, log);
      figures.site = 'built by this run';
    } else {
      figures.site = `${path.relative(root, buildDir)} (BENCH_SKIP_DOCS_BUILD=true)`;
    }
    figures.static = websiteFigures(buildDir);
    if (!figures.static) {
      figures.error = `no ${path.relative(root, buildDir)}/index.html: build the docs site (npm run build -w @voltin/docs) or unset BENCH_SKIP_DOCS_BUILD`;
      process.exitCode = 1;
      return figures;
    }
    if (process.env.BENCH_SKIP_BROWSER !== 'true') {
      if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
      figures.browser = await browserFigures(root, buildDir, tmp, log);
    }
  } catch (error) {
    figures.error = error.stack ?? String(error);
    process.exitCode = 1;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return figures;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const duration = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s} s`);
const ms = (n) => `${n} ms`;

export function renderWebsite(figures) {
  if (!figures) return ['', 'Website: not measured.'];
  const lines = ['', `## Website (${figures.site ?? 'not built'})`];
  const { build, static: files, browser } = figures;
  if (build) {
    lines.push(
      '',
      '| build (`npm run build -w @voltin/docs -- --out-dir <tmp>`, cold, no persistent cache) | figure |',
      '|---|---:|',
      `| wall time (API reference generation + docusaurus build) | ${duration(build.seconds)} |`,
      `| peak memory, whole process tree (sum of RSS, sampled every ${SAMPLE_MS} ms) | ${mb(build.peakTreeRss)} |`,
      `| peak memory, largest single process (${build.peakProcess}) | ${mb(build.peakProcessRss)} |`,
      `| before it: docs data export (apps/api/dist/cli/export-*.js) | ${build.exportSeconds} s |`,
    );
  }
  if (browser) {
    const { gzip, default: negotiated } = browser.firstVisit;
    const encoding = negotiated.all.encodings.split(', ').find((e) => e !== 'identity') ?? 'identity';
    const row = (what, key) =>
      `| ${what} | ${gzip[key].files} | ${kb(gzip[key].decoded)} | ${kb(gzip[key].transferred)} | ${kb(negotiated[key].transferred)} |`;
    lines.push(
      '',
      `First visit of / in Chromium ${browser.chromium} (fresh profile, until network idle; Fastify with the Voltin server's compression):`,
      '',
      `| what | files | decoded | transferred, gzip | transferred, ${encoding} (Chromium's choice) |`,
      '|---|---:|---:|---:|---:|',
      row('JavaScript the page loads', 'jsNeeded'),
      row('JavaScript prefetched for the links in view', 'jsPrefetched'),
      row('CSS', 'css'),
      row('everything (HTML, JS, CSS, images, fonts)', 'all'),
    );
  }
  if (files) {
    lines.push(
      '',
      'Static, from the built files (gzip level 6 of each file on disk):',
      '',
      '| what | files | raw | gzip |',
      '|---|---:|---:|---:|',
      `| home page HTML | 1 | ${kb(files.html.raw)} | ${kb(files.html.gzip)} |`,
      `| JavaScript the home page HTML references | ${files.js.count} | ${kb(files.js.raw)} | ${kb(files.js.gzip)} |`,
      `| CSS the home page HTML references | ${files.css.count} | ${kb(files.css.raw)} | ${kb(files.css.gzip)} |`,
    );
    if (files.search) {
      lines.push(`| search-index.json | 1 | ${kb(files.search.raw)} | ${kb(files.search.gzip)} |`);
    }
  }
  if (browser) {
    const { docusaurus: d, pagefind: p, pagefindIndex: index } = browser.search;
    const later = (s) =>
      `${ms(s.later.medianMs)} (${s.later.minMs}–${s.later.maxMs}, n = ${s.later.queries})`;
    lines.push(
      '',
      `Search in Chromium, gzip, same server: a first query ("${FIRST_QUERY}") on a fresh visit of /, then ${ROUNDS} × ${QUERIES.length} queries (${QUERIES.join(', ')}):`,
      '',
      `| what | Docusaurus local search (lunr, web worker) | Pagefind ${index.version} over the same pages |`,
      '|---|---:|---:|',
      `| first query downloads: files | ${d.first.files} | ${p.first.files} |`,
      `| first query downloads: transferred (files on disk) | ${kb(d.first.transferred)} (${kb(d.first.decoded)}) | ${kb(p.first.transferred)} (${kb(p.first.decoded)}) |`,
      `| first query: start → ${RESULTS} results painted, median of ${d.first.runs.length} fresh visits (min–max) | ${ms(d.first.ms)} (${d.first.minMs}–${d.first.maxMs}); index ready: ${ms(d.first.loadMs)} | ${ms(p.first.ms)} (${p.first.minMs}–${p.first.maxMs}) |`,
      `| later queries: query → results painted, median (min–max) | ${later(d)} | ${later(p)} |`,
      `| later queries download, all together | ${kb(d.later.transferred)} | ${kb(p.later.transferred)} |`,
      `| index on disk | ${files?.search ? kb(files.search.raw) : '?'} (1 file) | ${kb(index.bytes)} (${index.files} files) |`,
      `| index build | inside docusaurus build | ${index.seconds} s (${index.pages} pages, ${index.words} words) |`,
    );
  }
  if (figures.error) lines.push('', `Website: FAILED: ${figures.error}`);
  return lines;
}

if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const started = Date.now();
  const log = (message) =>
    process.stderr.write(`[website ${((Date.now() - started) / 1000).toFixed(0)}s] ${message}\n`);
  const figures = await websiteBenchmark({ root, log });
  if (process.env.BENCH_WEBSITE_JSON) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.BENCH_WEBSITE_JSON, `${JSON.stringify(figures, null, 2)}\n`);
  }
  process.stdout.write(`${renderWebsite(figures).join('\n')}\n`);
}
