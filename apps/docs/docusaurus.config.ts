import { createHash } from 'node:crypto';
import type * as Blog from '@docusaurus/plugin-content-blog';
import type * as Docs from '@docusaurus/plugin-content-docs';
import type * as Sitemap from '@docusaurus/plugin-sitemap';
import type * as ThemeClassic from '@docusaurus/theme-classic';
import type { UserThemeConfig as ClassicThemeConfig } from '@docusaurus/theme-common';
import type { UserThemeConfig as MermaidThemeConfig } from '@docusaurus/theme-mermaid';
import type { Config } from '@docusaurus/types';
import type { PluginOptions as SearchOptions } from '@easyops-cn/docusaurus-search-local';
import { themes as prismThemes } from 'prism-react-renderer';
import type { OpenApiReferenceOptions } from './plugins/openapi-reference';

/**
 * Build-time settings, read from the environment (see README.md):
 * - DOCS_ANNOUNCEMENT: HTML of an announcement bar shown on every page (off when unset).
 * - DOCS_ANNOUNCEMENT_ID: id of that announcement; a new id shows the bar again to readers who closed it.
 *   Defaults to a hash of the content, so changing the text also shows it again.
 * - DOCS_PASSWORD_SHA256: lowercase hex SHA-256 of a password; when set, every page asks for it first.
 */
const announcement = process.env.DOCS_ANNOUNCEMENT?.trim() || undefined;
const announcementId =
  process.env.DOCS_ANNOUNCEMENT_ID?.trim() ||
  (announcement
    ? `announcement-${createHash('sha256').update(announcement).digest('hex').slice(0, 12)}`
    : '');

const passwordHash = process.env.DOCS_PASSWORD_SHA256?.trim().toLowerCase() || undefined;
if (passwordHash !== undefined && !/^[0-9a-f]{64}$/.test(passwordHash)) {
  throw new Error(
    'DOCS_PASSWORD_SHA256 must be the SHA-256 of the password as 64 hexadecimal characters ' +
      '(for example: printf %s "the password" | sha256sum).',
  );
}

const copyrightYear = 2025;
const tagsFile = '../tags.yml';

const config: Config = {
  title: 'Voltin',
  tagline: 'Documentation of the Voltin back office for retail electricity and gas suppliers',
  favicon: 'img/favicon.svg',
  url: process.env.DOCS_SITE_URL ?? 'https://docs.voltin.example',
  baseUrl: '/',
  titleDelimiter: '|',
  noIndex: false,
  trailingSlash: undefined,

  future: {
    // Docusaurus Faster (package @docusaurus/faster): Rspack, SWC, Lightning CSS, SSG worker threads.
    faster: true,
    // Only the v4 flags that Faster needs or that change nothing visible. Storage namespacing stays off:
    // the spec wants the colour choice in local storage without a namespace. MDX 1 compatibility stays on
    // so the release notes' <!-- truncate --> comments keep working.
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      fasterByDefault: true,
      siteStorageNamespacing: false,
      useCssCascadeLayers: false,
      mdx1CompatDisabledByDefault: false,
    },
  },
  storage: { type: 'localStorage', namespace: false },

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    mermaid: true,
    hooks: {
      onBrokenMarkdownLinks: 'warn',
      onBrokenMarkdownImages: 'warn',
    },
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
  },

  // Loaded synchronously (no async/defer) at the top of every page. Inert unless a password hash
  // is configured at build time; see static/js/password-gate.js and README.md.
  scripts: [
    {
      src: '/js/password-gate.js',
      async: false,
      ...(passwordHash ? { 'data-password-sha256': passwordHash } : {}),
    },
  ],

  themes: [
    ['@docusaurus/theme-classic', { customCss: './src/css/custom.css' } satisfies ThemeClassic.Options],
    '@docusaurus/theme-mermaid',
    [
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        language: ['en'],
        indexDocs: true,
        indexBlog: true,
        indexPages: true,
        docsRouteBasePath: ['/', 'docs/api-reference'],
        docsDir: ['docs', 'api-reference'],
        blogRouteBasePath: ['Release Notes'],
        blogDir: ['release-notes'],
        explicitSearchResultPath: true,
        searchResultContextMaxLength: 50,
        searchResultLimits: 8,
        // Generated documents shown collapsed (contract OpenAPI, the company file's JSON Schema) are reference to copy,
        // not text to search, and would make the index the browser builds much larger.
        ignoreCssSelectors: ['details pre'],
        highlightSearchTermsOnTargetPage: true,
        searchBarShortcut: true,
        searchBarShortcutHint: true,
        searchBarShortcutKeymap: 'mod+k',
        searchBarPosition: 'right',
      } satisfies SearchOptions,
    ],
  ],

  plugins: [
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'default',
        path: 'docs',
        routeBasePath: '/',
        sidebarPath: './sidebars.ts',
        tags: tagsFile,
        onInlineTags: 'throw',
        showLastUpdateTime: false,
        breadcrumbs: true,
      } satisfies Docs.Options,
    ],
    [
      '@docusaurus/plugin-content-docs',
      {
        // Searchable text of the API reference, generated by scripts/generate-api-reference.mjs from
        // generated/openapi.json. Its route base gives search hits the "API Reference" label.
        id: 'api-reference',
        path: 'api-reference',
        routeBasePath: 'docs/api-reference',
        sidebarPath: './sidebars-api-reference.ts',
        tags: false,
        onInlineTags: 'throw',
        breadcrumbs: true,
      } satisfies Docs.Options,
    ],
    [
      '@docusaurus/plugin-content-blog',
      {
        id: 'release-notes',
        path: 'release-notes',
        routeBasePath: 'Release Notes',
        tags: tagsFile,
        onInlineTags: 'throw',
        onInlineAuthors: 'ignore',
        onUntruncatedBlogPosts: 'warn',
        blogTitle: 'Voltin Release Notes',
        blogDescription: 'What changed in each Voltin release.',
        blogSidebarTitle: 'Release Notes',
        blogSidebarCount: 'ALL',
        postsPerPage: 10,
        showReadingTime: true,
        feedOptions: {
          type: ['rss', 'atom'],
          title: 'Voltin Release Notes',
          copyright: `Copyright © ${copyrightYear} Voltin`,
        },
      } satisfies Blog.Options,
    ],
    ['@docusaurus/plugin-content-pages', {}],
    ['@docusaurus/plugin-sitemap', { changefreq: 'weekly', priority: 0.5 } satisfies Sitemap.Options],
    [
      './plugins/openapi-reference.ts',
      { documentPath: './generated/openapi.json' } satisfies OpenApiReferenceOptions,
    ],
  ],

  themeConfig: {
    metadata: [{ name: 'robots', content: 'index, follow' }],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    ...(announcement
      ? {
          announcementBar: {
            id: announcementId,
            content: announcement,
            backgroundColor: '#fef3c7',
            textColor: '#1f2937',
            isCloseable: true,
          },
        }
      : {}),
    navbar: {
      title: 'Voltin',
      hideOnScroll: false,
      logo: { alt: 'Voltin logo', src: 'img/logo.svg', width: 32, height: 32 },
      items: [{ type: 'search', position: 'right' }],
    },
    docs: {
      sidebar: { hideable: false, autoCollapseCategories: false },
      versionPersistence: 'localStorage',
    },
    blog: { sidebar: { groupByYear: true } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    footer: {
      style: 'dark',
      links: [],
      copyright: `Copyright © ${copyrightYear} Voltin`,
    },
    prism: {
      theme: prismThemes.github,
      darkTheme: prismThemes.dracula,
      additionalLanguages: ['bash', 'json', 'yaml'],
    },
    mermaid: { theme: { light: 'neutral', dark: 'dark' } },
  } satisfies ClassicThemeConfig & MermaidThemeConfig,
};

export default config;
