import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { docsRoot } from './examples.js';

const MIN_WORDS = 350;
const PLACEHOLDERS = [/\bTODO\b/i, /\blorem\b/i, /coming soon/i, /\bTBD\b/, /\bplaceholder\b/i, /\bFIXME\b/i];

/** Every documentation route of spec 2.2 (paths with spaces, as the slugs give them). */
const SPEC_ROUTES = [
  '/',
  '/Getting Started',
  '/API Integrations/Accessing Customer Documentation',
  '/API Integrations/Voltin API',
  '/Autoresponders/Autoresponder Packages',
  '/Autoresponders/Autoresponder Triggers',
  '/Autoresponders/How to/Create a Package',
  '/Customer Support/Customer Support Overview',
  '/Customer Support/Search for an LDC',
  '/Documents/Document Management',
  '/Documents/Document Quick Use Guide',
  '/Drops/Drops from A to Z',
  '/Drops/ETF Invoice Queue',
  '/Enrollments/Enrollment Statuses',
  '/Enrollments/Enrollments in Voltin',
  '/Enrollments/Updated LDC List',
  '/Fulfillment/Fulfillment Management',
  '/Importers/Legacy Importer',
  '/Markets and Utilities/Utility Manager Fields',
  '/My Account/MyAccount Overview',
  '/Payments/Credit Check',
  '/Plans and Rates/Campaigns',
  '/Plans and Rates/Global Price Changes',
  '/Plans and Rates/Price Plan Name Generation',
  '/Plans and Rates/Time of Use Plans and Configuration',
  '/Plans and Rates/Web Plan Creation Guide',
  '/Prospect System/Affiliate Setup and Management',
  '/Prospect System/Docs and Autoresponders',
  '/Prospect System/Manual Pricing Matrix Import Process',
  '/Prospect System/Pricing Portal and Prospects',
  '/Reference Guides/Prospect Role Permissions',
  '/Reference Guides/Replacement Variables',
  '/Setup and Configs/Service Tasks',
  '/Setup and Configs/Zipcode List',
];

/** Longer pages: the first steps and the API guide. */
const LONGER: Record<string, number> = { '/Getting Started': 700, '/API Integrations/Voltin API': 900 };

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

function splitFrontMatter(text: string): { data: Record<string, any>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) return { data: {}, body: text };
  return { data: parse(match[1] ?? '') ?? {}, body: text.slice(match[0].length) };
}

/** The prose of a page: no front matter, code, imports, JSX, HTML tags, link targets or table rules. */
function prose(body: string): string {
  return body
    .replace(/^```[\s\S]*?^```\s*$/gm, ' ')
    .replace(/^(import|export)\s.*$/gm, ' ')
    .replace(/<[A-Z][\s\S]*?\/>/g, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/`[^`]*`/g, ' code ')
    .replace(/^\|?[\s|:-]+\|?$/gm, ' ');
}

const wordCount = (text: string) => (text.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []).length;

const pages = files(docsRoot)
  .filter((file) => !file.includes(`${path.sep}admin-help${path.sep}`))
  .map((file) => {
    const { data, body } = splitFrontMatter(readFileSync(file, 'utf8'));
    return { file: path.relative(docsRoot, file), data, body };
  });

describe('documentation pages', () => {
  it('every route of spec 2.2 has its page', () => {
    const slugs = pages.map((p) => p.data.slug);
    for (const route of SPEC_ROUTES) expect(slugs, route).toContain(route);
  });

  it.each(pages.map((p) => [p.file, p] as const))(
    '%s is substantive prose without placeholders',
    (_f, page) => {
      const words = wordCount(prose(page.body));
      expect(words, `${page.file} has ${words} words`).toBeGreaterThanOrEqual(
        LONGER[page.data.slug] ?? MIN_WORDS,
      );
      for (const pattern of PLACEHOLDERS) expect(page.body, `${page.file} ${pattern}`).not.toMatch(pattern);
      expect(page.data.title, `${page.file} title`).toBeTruthy();
      expect(page.data.description, `${page.file} description`).toBeTruthy();
    },
  );

  it('the admin help pages are drafts', () => {
    const drafts = files(path.join(docsRoot, 'admin-help'));
    expect(drafts.length).toBeGreaterThanOrEqual(12);
    for (const file of drafts) {
      const { data, body } = splitFrontMatter(readFileSync(file, 'utf8'));
      expect(data.draft, file).toBe(true);
      expect(wordCount(prose(body)), file).toBeGreaterThanOrEqual(80);
      for (const pattern of PLACEHOLDERS) expect(body, `${file} ${pattern}`).not.toMatch(pattern);
    }
  });

  it('the prose counter ignores code and components, so a page of code alone fails', () => {
    const codeOnly = '```js\nconst a = 1;\n```\n\n<ErrorCodes />\n\nOne short sentence.';
    expect(wordCount(prose(codeOnly))).toBeLessThan(MIN_WORDS);
  });
});
