import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers/app.js';

const COLOUR_MODE_SCRIPT = 'document.documentElement.setAttribute("data-theme","light")';
const BANNER_SCRIPT = 'document.addEventListener("DOMContentLoaded",function(){})';
const cspHashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** A miniature built site with the shapes Docusaurus writes. */
function fixtureSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'voltin-docs-'));
  const page = (file: string, title: string, head = '') => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), `<!doctype html><title>${title}</title>${head}`);
  };
  page('index.html', 'Introduction | Voltin', `<script>${COLOUR_MODE_SCRIPT}</script>`);
  page('404.html', 'Page Not Found | Voltin');
  page(
    'Getting Started/index.html',
    'Getting Started | Voltin',
    `<script src="/assets/js/main.0123abcd.js" defer></script><script>${BANNER_SCRIPT}</script>` +
      '<script data-rh=true type=application/ld+json>{"@context":"https://schema.org"}</script>',
  );
  page('api/openapi.json/index.html', 'Voltin Operations Administration API Reference');
  page('assets/js/main.0123abcd.js', 'js');
  page('img/logo.svg', 'svg');
  return root;
}

const api = useTestApi({ docsDir: fixtureSite() });
const get = (urlPath: string, headers: Record<string, string> = {}) =>
  fetch(`${api.baseUrl}${urlPath}`, { headers, redirect: 'manual' });

describe('the documentation site served by the API server', () => {
  it('serves the introduction at / and pages at their paths, spaces kept', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Introduction | Voltin');
    const page = await get('/Getting%20Started');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('Getting Started | Voltin');
  });

  it('treats X.html and X/index.html as X', async () => {
    for (const variant of ['/Getting%20Started.html', '/Getting%20Started/index.html']) {
      const response = await get(`${variant}?q=1`);
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/Getting%20Started?q=1');
    }
    expect((await get('/index.html')).headers.get('location')).toBe('/');
  });

  it("answers an unknown path with the site's not-found page and status 404", async () => {
    const response = await get('/No/Such/Page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page Not Found');
  });

  it('never serves files outside the site', async () => {
    const response = await get('/..%2f..%2fpackage.json');
    expect(response.status).toBe(404);
  });

  it('caches hashed assets for a year', async () => {
    const response = await get('/assets/js/main.0123abcd.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('gives /api/openapi.json as HTML to a browser and as the raw document to a JSON client', async () => {
    const html = await get('/api/openapi.json', { accept: 'text/html,application/xhtml+xml' });
    expect(await html.text()).toContain('API Reference');
    const json = await get('/api/openapi.json', { accept: 'application/json' });
    expect(json.headers.get('content-type')).toMatch(/application\/json/);
    expect((await json.json()).info.title).toBe('Voltin Operations Administration API');
    const yaml = await get('/api/openapi.yaml', { accept: 'application/yaml' });
    expect(await yaml.text()).toMatch(/^openapi: 3/m);
  });

  it('keeps unknown API paths in the JSON envelope', async () => {
    const response = await get('/api/v1/nothing-here');
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('ROUTE_NOT_FOUND');
  });

  it('sends security headers', async () => {
    const response = await get('/');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("allows on every page the inline scripts of the site's pages by hash, and no other inline script", async () => {
    const policies = await Promise.all(
      ['/', '/Getting%20Started', '/No/Such/Page'].map(async (page) =>
        (await get(page)).headers.get('content-security-policy'),
      ),
    );
    expect(new Set(policies).size).toBe(1);
    const directives = new Map(
      policies[0]!.split(';').map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/);
        return [name!, sources];
      }),
    );
    expect(directives.get('script-src')?.sort()).toEqual(
      ["'self'", cspHashOf(COLOUR_MODE_SCRIPT), cspHashOf(BANNER_SCRIPT)].sort(),
    );
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    // Assets are not documents: they carry no policy.
    expect((await get('/assets/js/main.0123abcd.js')).headers.get('content-security-policy')).toBeNull();
  });
});

describe('optional basic auth for the documentation site', () => {
  const guarded = useTestApi({ docsDir: fixtureSite(), docsBasicAuth: 'reader:s3cret' });

  it('asks for credentials and lets the right ones in, leaving the API to its own auth', async () => {
    const refused = await fetch(`${guarded.baseUrl}/Getting%20Started`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('Basic');
    const allowed = await fetch(`${guarded.baseUrl}/Getting%20Started`, {
      headers: { authorization: `Basic ${Buffer.from('reader:s3cret').toString('base64')}` },
    });
    expect(allowed.status).toBe(200);
    expect((await fetch(`${guarded.baseUrl}/api/v1/health`)).status).toBe(200);
  });
});
