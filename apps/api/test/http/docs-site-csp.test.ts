import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers/app.js';

const builtSite = path.resolve(import.meta.dirname, '../../../docs/build');
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const SCRIPT_SOURCE = /<script\b[^>]*\bsrc=["']?([^"' >]+)/gi;

/** The real Docusaurus build, as `npm start` serves it: its pages must still run under their policy. */
describe.skipIf(!existsSync(path.join(builtSite, 'index.html')))(
  'the built documentation site under its CSP',
  () => {
    const api = useTestApi({ docsDir: builtSite });

    it('allows every inline script of its pages by hash, and loads scripts only from itself', async () => {
      for (const page of ['/', '/API%20Integrations/Voltin%20API', '/Release%20Notes', '/No/Such/Page']) {
        const response = await fetch(`${api.baseUrl}${page}`);
        expect([200, 404]).toContain(response.status);
        const policy = response.headers.get('content-security-policy') ?? '';
        const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
        const html = await response.text();
        const inline = [...html.matchAll(INLINE_SCRIPT)].filter(
          ([, attributes]) => !/ld\+json/.test(attributes!),
        );
        expect(inline.length, page).toBeGreaterThan(0);
        for (const [, , source] of inline) {
          const hash = `'sha256-${createHash('sha256').update(source!).digest('base64')}'`;
          expect(scriptSrc, `${page}: ${source!.slice(0, 60)}`).toContain(hash);
        }
        for (const [, src] of html.matchAll(SCRIPT_SOURCE)) expect(src, page).toMatch(/^\/(?!\/)/);
      }
    });
  },
);
