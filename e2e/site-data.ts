import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** Files of the docs site that the tests compare the rendered pages with. */
const docsDir = path.resolve(__dirname, '..', 'apps', 'docs');

export type OpenApiDocument = {
  info?: { title?: string; version?: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The OpenAPI document the site was built from (apps/docs/generated/openapi.json). */
export function openApiDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(path.join(docsDir, 'generated', 'openapi.json'), 'utf8'));
}

export function openApiOperations(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([route, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path: route, ...item[method] })),
  );
}

/** Tags of the operations, the groups of the generated reference pages. */
export function openApiTags(document: OpenApiDocument): string[] {
  return [...new Set(openApiOperations(document).flatMap((operation) => operation.tags ?? ['Other']))];
}

/** Release note files by year, e.g. { "2019": ["2019-01", ...] }. */
export function releaseNotesByYear(): Record<string, string[]> {
  const root = path.join(docsDir, 'release-notes');
  const result: Record<string, string[]> = {};
  for (const year of readdirSync(root).filter((name) => /^\d{4}$/.test(name))) {
    const posts = readdirSync(path.join(root, year))
      .filter((name) => /\.mdx?$/.test(name))
      .map((name) => name.replace(/\.mdx?$/, ''));
    if (posts.length > 0) result[year] = posts.sort();
  }
  return result;
}

/** Release note issues by year, first and last, from spec 2.3. */
export const releaseNoteIssues: Record<string, [number, number]> = {
  '2017': [5, 8],
  '2018': [1, 8],
  '2019': [1, 4],
  '2020': [1, 13],
  '2021': [1, 15],
  '2022': [1, 15],
  '2023': [1, 15],
  '2024': [1, 15],
  '2025': [1, 13],
};

export type TagDefinition = { label: string; permalink: string; description?: string };

export function tagDefinitions(): Record<string, TagDefinition> {
  return parse(readFileSync(path.join(docsDir, 'tags.yml'), 'utf8'));
}

/** Sections and pages of the shared sidebar, in the order of the specification (2.2). */
export const sidebarSections: [string, string[]][] = [
  ['API Integrations', ['Accessing Customer Documentation', 'Voltin API', 'Self-Service Site']],
  ['Autoresponders', ['Autoresponder Packages', 'Autoresponder Triggers', 'How to']],
  ['Customer Support', ['Customer Support Overview', 'Search for an LDC']],
  ['Documents', ['Document Management', 'Document Quick Use Guide']],
  ['Drops', ['Drops from A to Z', 'ETF Invoice Queue']],
  ['Enrollments', ['Enrollment Statuses', 'Enrollments in Voltin', 'Updated LDC List']],
  ['Fulfillment', ['Fulfillment Management']],
  ['Importers', ['Legacy Importer']],
  ['Markets and Utilities', ['Utility Manager Fields', 'Utilities in the Operations Console']],
  ['My Account', ['MyAccount Overview', 'Plan Shopping and Enrollment', 'Signing In and My Account']],
  [
    'Operations Console',
    ['Operations Console', 'Work Queues', 'Customers and Enrollments', 'Staff and Audit Log'],
  ],
  ['Payments', ['Credit Check']],
  [
    'Plans and Rates',
    // EFL Average Prices and Plan Versions and Price Changes are ours, beyond the specification's pages: the console's
    // pricing screens and the label's computation.
    [
      'Campaigns',
      'EFL Average Prices',
      'Global Price Changes',
      'Plan Versions and Price Changes',
      'Price Plan Name Generation',
      'Time of Use Plans and Configuration',
      'Web Plan Creation Guide',
    ],
  ],
  [
    'Prospect System',
    // Pricing Matrix Screen is ours, beyond the specification's pages: the console's screen for the matrix.
    [
      'Affiliate Setup and Management',
      'Docs and Autoresponders',
      'Manual Pricing Matrix Import Process',
      'Pricing Matrix Screen',
      'Pricing Portal and Prospects',
    ],
  ],
  ['Reference Guides', ['Prospect Role Permissions', 'Replacement Variables']],
  // Company Set-up, Going to Production, Operating Voltin and the Integration Guide are ours, beyond the specification's
  // pages: what Administrators, operators and connector builders need to run it in production.
  [
    'Setup and Configs',
    [
      'Company Set-up',
      'Service Tasks',
      'Going to Production',
      'Operating Voltin',
      'Integration Guide',
      'Zipcode List',
    ],
  ],
];

/** Every documentation route of spec 2.2 (and our Operating Voltin page), with the page title. */
export const docRoutes: [string, string][] = [
  ['/Getting Started', 'Getting Started'],
  ['/API Integrations/Accessing Customer Documentation', 'Accessing Customer Documentation'],
  ['/API Integrations/Voltin API', 'Voltin API'],
  ['/API Integrations/Self-Service Site', 'Self-Service Site'],
  ['/Autoresponders/Autoresponder Packages', 'Autoresponder Packages'],
  ['/Autoresponders/Autoresponder Triggers', 'Autoresponder Triggers'],
  ['/Autoresponders/How to/Create a Package', 'Create a Package'],
  ['/Customer Support/Customer Support Overview', 'Customer Support Overview'],
  ['/Customer Support/Search for an LDC', 'Search for an LDC'],
  ['/Documents/Document Management', 'Document Management'],
  ['/Documents/Document Quick Use Guide', 'Document Quick Use Guide'],
  ['/Drops/Drops from A to Z', 'Drops from A to Z'],
  ['/Drops/ETF Invoice Queue', 'ETF Invoice Queue'],
  ['/Enrollments/Enrollment Statuses', 'Enrollment Statuses'],
  ['/Enrollments/Enrollments in Voltin', 'Enrollments in Voltin'],
  ['/Enrollments/Updated LDC List', 'Updated LDC List'],
  ['/Fulfillment/Fulfillment Management', 'Fulfillment Management'],
  ['/Importers/Legacy Importer', 'Legacy Importer'],
  ['/Markets and Utilities/Utility Manager Fields', 'Utility Manager Fields'],
  ['/Markets and Utilities/Utilities in the Operations Console', 'Utilities in the Operations Console'],
  ['/My Account/MyAccount Overview', 'MyAccount Overview'],
  ['/My Account/Plan Shopping and Enrollment', 'Plan Shopping and Enrollment'],
  ['/My Account/Signing In and My Account', 'Signing In and My Account'],
  ['/Operations Console/Operations Console', 'Operations Console'],
  ['/Operations Console/Work Queues', 'Work Queues'],
  ['/Operations Console/Customers and Enrollments', 'Customers and Enrollments'],
  ['/Operations Console/Staff and Audit Log', 'Staff and Audit Log'],
  ['/Payments/Credit Check', 'Credit Check'],
  ['/Plans and Rates/Campaigns', 'Campaigns'],
  ['/Plans and Rates/EFL Average Prices', 'EFL Average Prices'],
  ['/Plans and Rates/Global Price Changes', 'Global Price Changes'],
  ['/Plans and Rates/Plan Versions and Price Changes', 'Plan Versions and Price Changes'],
  ['/Plans and Rates/Price Plan Name Generation', 'Price Plan Name Generation'],
  ['/Plans and Rates/Time of Use Plans and Configuration', 'Time of Use Plans and Configuration'],
  ['/Plans and Rates/Web Plan Creation Guide', 'Web Plan Creation Guide'],
  ['/Prospect System/Affiliate Setup and Management', 'Affiliate Setup and Management'],
  ['/Prospect System/Docs and Autoresponders', 'Docs and Autoresponders'],
  ['/Prospect System/Manual Pricing Matrix Import Process', 'Manual Pricing Matrix Import Process'],
  ['/Prospect System/Pricing Matrix Screen', 'Pricing Matrix Screen'],
  ['/Prospect System/Pricing Portal and Prospects', 'Pricing Portal and Prospects'],
  ['/Reference Guides/Prospect Role Permissions', 'Prospect Role Permissions'],
  ['/Reference Guides/Replacement Variables', 'Replacement Variables'],
  ['/Setup and Configs/Company Set-up', 'Company Set-up'],
  ['/Setup and Configs/Service Tasks', 'Service Tasks'],
  ['/Setup and Configs/Going to Production', 'Going to Production'],
  ['/Setup and Configs/Operating Voltin', 'Operating Voltin'],
  ['/Setup and Configs/Integration Guide', 'Integration Guide - Credit Bureau and Billing System'],
  ['/Setup and Configs/Zipcode List', 'Zipcode List'],
];
