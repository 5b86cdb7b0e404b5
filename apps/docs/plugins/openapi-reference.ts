import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

export type OpenApiReferenceOptions = {
  /** The generated OpenAPI 3 document, relative to the site directory. */
  documentPath: string;
};

/** Routes of the rendered API reference; the raw files are under /openapi/ (see the generator script). */
export const apiReferenceRoutes = [
  { path: '/api/openapi.json', format: 'json' },
  { path: '/api/openapi.yaml', format: 'yaml' },
] as const;

export const missingDocumentMessage =
  'The API reference is built from apps/docs/generated/openapi.json, which is missing: ' +
  'run npm run openapi:export -w @voltin/api first.';

/** Keys whose values are data, not descriptions of the API: left as they are. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** Key added next to every `description` with its Markdown (CommonMark + GFM) rendered as HTML. */
export const DESCRIPTION_HTML = 'x-description-html';

/**
 * Adds the HTML of each description (OpenAPI descriptions are Markdown). micromark escapes raw HTML in
 * the text, so the result is safe to insert into the page.
 */
function addDescriptionHtml(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) addDescriptionHtml(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (!DATA_KEYS.has(key)) addDescriptionHtml(value);
  }
  if (typeof record.description === 'string' && record.description.trim() !== '') {
    record[DESCRIPTION_HTML] = micromark(record.description, {
      extensions: [gfm()],
      htmlExtensions: [gfmHtml()],
    });
  }
}

/**
 * Renders the Voltin OpenAPI document as the pages /api/openapi.json and /api/openapi.yaml.
 * The document is handed to the page as a data module, so it is rendered server-side at build time
 * and is not part of the main JavaScript bundle.
 */
export default function openApiReference(
  context: LoadContext,
  options: OpenApiReferenceOptions,
): Plugin<Record<string, unknown>> {
  const documentFile = path.resolve(context.siteDir, options.documentPath);
  return {
    name: 'voltin-openapi-reference',
    getPathsToWatch() {
      return [documentFile];
    },
    async loadContent() {
      let text: string;
      try {
        text = await readFile(documentFile, 'utf8');
      } catch {
        throw new Error(missingDocumentMessage);
      }
      const document = JSON.parse(text) as Record<string, unknown>;
      if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
        throw new Error(`${documentFile} is not an OpenAPI 3 document (no "openapi": "3.x" field).`);
      }
      addDescriptionHtml(document);
      return document;
    },
    async contentLoaded({ content, actions }) {
      const specModule = await actions.createData('voltin-openapi.json', JSON.stringify(content));
      for (const route of apiReferenceRoutes) {
        actions.addRoute({
          path: route.path,
          exact: true,
          component: '@site/src/components/ApiReference/ApiReferencePage.tsx',
          modules: { spec: specModule },
          props: { format: route.format },
        });
      }
    },
  };
}
