import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspHash } from '../../src/http/security-headers.js';
import { testConfig, useTestApi } from '../helpers/app.js';

/** A built console as Vite lays it out: one page with an inline script, hashed assets. */
const root = mkdtempSync(path.join(tmpdir(), 'voltin-console-site-'));
const INLINE = 'document.documentElement.dataset.scheme = "light";';
mkdirSync(path.join(root, 'assets'));
writeFileSync(
  path.join(root, 'index.html'),
  `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/index-AbCdEf12.js"></script></head><body><div id="root"></div></body></html>`,
);
writeFileSync(path.join(root, 'assets/index-AbCdEf12.js'), 'console.log("console");');
writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const api = useTestApi({ console: { ...testConfig().console, dir: root } });

describe('the console’s pages on its own port', () => {
  it('answers its one page for every console route, never cached, under a policy that allows its own scripts only', async () => {
    for (const route of ['/', '/queues?queue=ON_HOLD', '/audit-log', '/setup/abc']) {
      const response = await fetch(new URL(route, api.consoleUrl));
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain(`script-src 'self' ${cspHash(INLINE)}`);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("connect-src 'self'");
    }
  });

  it('keeps hashed assets for a year, and answers a missing asset with 404 rather than the page', async () => {
    const asset = await fetch(new URL('/assets/index-AbCdEf12.js', api.consoleUrl));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(new URL('/favicon.svg', api.consoleUrl))).headers.get('cache-control')).toBe(
      'no-cache',
    );
    expect((await fetch(new URL('/assets/index-Gone1234.js', api.consoleUrl))).status).toBe(404);
    // A path out of the folder is one more console route, never a file of the machine.
    const outside = await fetch(new URL('/%2e%2e/%2e%2e/etc/passwd', api.consoleUrl));
    expect(await outside.text()).toContain('<div id="root">');
  });

  it('is not on the public port', async () => {
    const response = await fetch(new URL('/assets/index-AbCdEf12.js', api.baseUrl));
    expect(response.status).toBe(404);
  });
});
