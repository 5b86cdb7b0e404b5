import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsRoot, readPage } from './examples.js';

/**
 * The pictures of the docs section "Operations Console", and of any other page that shows one of the console's: each
 * is under apps/docs/static, is one the browser tests take (the specs of e2e/console, screenshots.spec.ts above all,
 * write static/img/console/<screen>.png at every `npm test`), at the size they take it, with words for readers who cannot
 * see it.
 */
const SECTION = 'operations-console';
const STATIC = path.resolve(docsRoot, '..', 'static');
const CONSOLE_SPECS = path.resolve(docsRoot, '..', '..', '..', 'e2e', 'console');
const WIDTH = 1280;
const HEIGHT = 800;
/** About 250 KB a picture (PNG); a larger one is taken as JPEG at quality 80 instead. */
const MAX_BYTES = 300 * 1024;

interface Picture {
  page: string;
  src: string;
  alt: string;
}

/** Every image of a page (a path under the docs): markdown `![alt](src)` and `<img src alt>`. */
function picturesOf(page: string): Picture[] {
  const text = readPage(page);
  const markdown = [...text.matchAll(/!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({
    page,
    alt: m[1]!,
    src: m[2]!,
  }));
  const html = [...text.matchAll(/<img\b[^>]*>/g)].map((m) => ({
    page,
    src: /\bsrc=["'{]+([^"'}]+)/.exec(m[0])?.[1] ?? '',
    alt: /\balt=["']([^"']*)/.exec(m[0])?.[1] ?? '',
  }));
  return [...markdown, ...html];
}

/** Width and height of a PNG (its IHDR chunk) or a JPEG (its first start-of-frame marker). */
function dimensions(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG')
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      const marker = bytes[at + 1]!;
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
      at += 2 + bytes.readUInt16BE(at + 2);
    }
  }
  throw new Error(`${file} is neither a PNG nor a JPEG`);
}

/** The section's pages, and every other page that shows a picture of the console. */
const pages = readdirSync(docsRoot, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.mdx?$/.test(file))
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => file.startsWith(`${SECTION}/`) || readPage(file).includes('/img/console/'));
const pictures = pages.flatMap(picturesOf);

describe('the pictures of the Operations Console pages', () => {
  it('are there: the section shows the console’s main screens', () => {
    expect(pictures.length).toBeGreaterThanOrEqual(7);
  });

  it.each(pictures.map((p) => [`${p.page}: ${p.src}`, p] as const))(
    '%s exists under apps/docs/static, 1280×800, small, with alt text',
    (_name, picture) => {
      expect(picture.src, 'a path from the site root, served from apps/docs/static').toMatch(/^\/img\//);
      const file = path.join(STATIC, decodeURI(picture.src));
      expect(existsSync(file), `${file} exists`).toBe(true);
      expect(dimensions(file)).toEqual({ width: WIDTH, height: HEIGHT });
      expect(statSync(file).size, `${picture.src} is at most ${MAX_BYTES} bytes`).toBeLessThanOrEqual(
        MAX_BYTES,
      );
      // Words that say what the picture shows, not "screenshot".
      expect(picture.alt.split(/\s+/).length, `alt text of ${picture.src}`).toBeGreaterThanOrEqual(12);
      // The site's build escapes a quote of an image's alt text twice: readers would hear "&quot;".
      expect(picture.alt, `alt text of ${picture.src}`).not.toMatch(/["']/);
    },
  );

  it('are the ones the browser tests take, never drawn by hand', () => {
    const specs = readdirSync(CONSOLE_SPECS)
      .filter((file) => file.endsWith('.spec.ts'))
      .map((file) => readFileSync(path.join(CONSOLE_SPECS, file), 'utf8'))
      .join('\n');
    const taken = new Set([...specs.matchAll(/picture\(page, '([\w-]+)'\)/g)].map((m) => m[1]!));
    const shown = pictures.filter((p) => p.src.startsWith('/img/console/'));
    for (const p of shown)
      expect(taken, `${p.page}: ${p.src} is written by a spec of e2e/console`).toContain(
        path.basename(p.src).replace(/\.(png|jpe?g)$/, ''),
      );
    // And every picture the tests take is shown somewhere: none is left stale in the site.
    expect([...taken].sort()).toEqual(
      [...new Set(shown.map((p) => path.basename(p.src).replace(/\.(png|jpe?g)$/, '')))].sort(),
    );
  });
});
