// Static website figures from an existing docs build (apps/docs/build; this script never builds it): the bytes a
// first visit of the home page downloads for the JavaScript and CSS its HTML references, and the search index a
// first query downloads, raw and gzip (level 6, what a typical server sends).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (buffer) => gzipSync(buffer, { level: 6 }).length;

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

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

export function renderWebsite(figures) {
  if (!figures)
    return ['', 'Website: no apps/docs/build/index.html; build the docs site to get its figures.'];
  const lines = [
    '',
    `Website, static figures from apps/docs/build (built ${figures.builtAt}; not rebuilt by the benchmark):`,
    '',
    '| what | files | raw | gzip |',
    '|---|---:|---:|---:|',
    `| home page HTML | 1 | ${kb(figures.html.raw)} | ${kb(figures.html.gzip)} |`,
    `| JavaScript the home page HTML references | ${figures.js.count} | ${kb(figures.js.raw)} | ${kb(figures.js.gzip)} |`,
    `| CSS the home page HTML references | ${figures.css.count} | ${kb(figures.css.raw)} | ${kb(figures.css.gzip)} |`,
  ];
  if (figures.search) {
    lines.push(
      `| search index a first query downloads (search-index.json) | 1 | ${kb(figures.search.raw)} | ${kb(figures.search.gzip)} |`,
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  process.stdout.write(`${renderWebsite(websiteFigures(path.join(root, 'apps/docs/build'))).join('\n')}\n`);
}
