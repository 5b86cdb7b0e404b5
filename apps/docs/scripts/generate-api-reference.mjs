#!/usr/bin/env node
// Build step of the docs site (run by `npm run build`, before Docusaurus):
// 1. reads generated/openapi.json, the OpenAPI document exported by the API
//    (npm run openapi:export -w @voltin/api);
// 2. copies it, and its YAML form, to static/openapi/ (served as /openapi/voltin-openapi.json and .yaml,
//    the download links of the rendered reference);
// 3. writes one markdown page per tag to api-reference/ (the docs instance at /docs/api-reference),
//    so that the text of the reference is in the search index.
// Everything it writes is generated and git-ignored.

import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import {
  componentName,
  contentEntries,
  describeSecurityScheme,
  groupOperations,
  operationParameters,
  operationResponses,
  operationSecurity,
  schemaConstraints,
  schemaRows,
  schemaType,
  slugify,
} from '../src/lib/openapi.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jsonSource = path.join(siteDir, 'generated', 'openapi.json');
const yamlSource = path.join(siteDir, 'generated', 'openapi.yaml');
const staticDir = path.join(siteDir, 'static', 'openapi');
const outDir = path.join(siteDir, 'api-reference');

/** Route of the rendered reference (plugins/openapi-reference.ts). */
const RENDERED_ROUTE = '/api/openapi.json';

function fail(message) {
  console.error(`\n[api-reference] ${message}\n`);
  process.exit(1);
}

// The pages are CommonMark + GFM (front matter `mdx.format: md`), not MDX: braces in paths such as
// /enrollments/{enrollmentId} and the API's own Markdown descriptions need no JSX escaping.
const FRONT_MATTER_FORMAT = 'mdx:\n  format: md\n';

/** Escapes plain text (names, summaries) so that Markdown shows it literally, on one line. */
function esc(text) {
  return String(text ?? '')
    .replace(/[\\`*_{}[\]<>|#~]/g, (char) => `\\${char}`)
    .replace(/\r?\n/g, ' ')
    .trim();
}

/** A description of the document: Markdown already, kept as it is. */
function paragraphs(text) {
  if (typeof text !== 'string' || !text.trim()) return '';
  return `${text.trim()}\n\n`;
}

/** A description inside a table cell: Markdown on one line, with the cell separator escaped. */
function cell(text) {
  return String(text ?? '')
    .replace(/\r?\n+/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

function code(text) {
  const value = String(text);
  const fence = value.includes('`') ? '``' : '`';
  return `${fence}${value.replace(/\|/g, '\\|')}${fence}`;
}

function yamlString(value) {
  return JSON.stringify(String(value));
}

function schemaTable(document, schema) {
  const rows = schemaRows(document, schema);
  if (rows.length === 0) {
    const constraints = schemaConstraints(document, schema);
    return `Type ${code(schemaType(document, schema))}${constraints.length ? `; ${esc(constraints.join('; '))}` : ''}.\n\n`;
  }
  const lines = ['| Field | Type | Required | Description |', '| --- | --- | --- | --- |'];
  for (const row of rows) {
    const details = [
      cell(row.description),
      row.constraints.length ? esc(`(${row.constraints.join('; ')})`) : '',
    ]
      .filter(Boolean)
      .join(' ');
    lines.push(
      `| ${code(row.name)} | ${code(row.type)} | ${row.required ? 'yes' : 'no'} | ${details}${row.deprecated ? ' Deprecated.' : ''} |`,
    );
  }
  return `${lines.join('\n')}\n\n`;
}

function securityText(requirements) {
  if (requirements.length === 0) return 'none (public operation)';
  return requirements.map((names) => (names.length === 0 ? 'none' : names.join(' + '))).join(' or ');
}

function operationSection(document, entry) {
  const { operation, pathItem, method, path: opPath } = entry;
  const heading = operation.summary ? esc(operation.summary) : `${method.toUpperCase()} ${esc(opPath)}`;
  let out = `## ${heading}\n\n`;
  out += `${code(`${method.toUpperCase()} ${opPath}`)}`;
  if (operation.operationId) out += ` · operation id ${code(operation.operationId)}`;
  out += `\n\n`;
  if (operation.deprecated) out += '**Deprecated.**\n\n';
  out += paragraphs(operation.description);
  out += `**Security:** ${esc(securityText(operationSecurity(document, operation)))}\n\n`;

  const parameters = operationParameters(document, pathItem, operation);
  if (parameters.length > 0) {
    out +=
      '**Parameters**\n\n| Name | In | Type | Required | Description |\n| --- | --- | --- | --- | --- |\n';
    for (const parameter of parameters) {
      const constraints = schemaConstraints(document, parameter.schema);
      const details = [
        cell(parameter.description),
        constraints.length ? esc(`(${constraints.join('; ')})`) : '',
      ]
        .filter(Boolean)
        .join(' ');
      out += `| ${code(parameter.name)} | ${parameter.in} | ${code(parameter.schema ? schemaType(document, parameter.schema) : 'string')} | ${parameter.required ? 'yes' : 'no'} | ${details} |\n`;
    }
    out += '\n';
  }

  if (operation.requestBody) {
    for (const { mediaType, schema } of contentEntries(document, operation.requestBody)) {
      out += `**Request body** (${code(mediaType)}${operation.requestBody.required ? ', required' : ''})\n\n`;
      if (schema !== undefined) out += schemaTable(document, schema);
    }
  }

  const responses = operationResponses(document, operation);
  if (responses.length > 0) {
    out += '**Responses**\n\n';
    for (const { status, response } of responses) {
      out += `- **${esc(status)}**: ${cell(response.description)}\n`;
    }
    out += '\n';
    for (const { status, response } of responses) {
      for (const { mediaType, schema } of contentEntries(document, response)) {
        if (schema === undefined) continue;
        out += `**Response ${esc(status)}** (${code(mediaType)})\n\n`;
        const shared = componentName(schema);
        if (shared && !status.startsWith('2')) {
          out += `Schema [${code(shared)}](../index.md#schema-${slugify(shared)}).\n\n`;
        } else {
          out += schemaTable(document, schema);
        }
      }
    }
  }
  return out;
}

async function main() {
  if (!existsSync(jsonSource)) {
    fail(
      'apps/docs/generated/openapi.json is missing, and the API reference is built from it: ' +
        'run npm run openapi:export -w @voltin/api first.',
    );
  }
  let document;
  try {
    document = JSON.parse(await readFile(jsonSource, 'utf8'));
  } catch (error) {
    fail(`apps/docs/generated/openapi.json is not valid JSON (${error.message}): export it again.`);
  }
  if (typeof document?.openapi !== 'string' || !document.openapi.startsWith('3.') || !document.paths) {
    fail(
      'apps/docs/generated/openapi.json is not an OpenAPI 3 document (needs "openapi": "3.x" and "paths").',
    );
  }

  // Raw documents for download.
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'voltin-openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
  const yamlText = existsSync(yamlSource)
    ? await readFile(yamlSource, 'utf8')
    : YAML.stringify(document, { aliasDuplicateObjects: false });
  await writeFile(path.join(staticDir, 'voltin-openapi.yaml'), yamlText);

  // Searchable reference pages.
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'operations'), { recursive: true });
  const groups = groupOperations(document);
  const info = document.info ?? {};
  const title = info.title ?? 'Voltin platform API';

  let index = '---\n';
  index += 'title: API Reference\n';
  index += 'slug: /\n';
  index += FRONT_MATTER_FORMAT;
  index += `description: ${yamlString(`Reference of every operation of the ${title} ${info.version ?? ''}, generated from its OpenAPI document.`)}\n`;
  index += '---\n\n';
  index += `This reference lists every operation of the ${esc(title)} (version ${esc(info.version ?? 'unknown')}), generated at build time from the OpenAPI document the API exports, so it always matches the running API. `;
  index += `The same document is rendered with its full schemas on [the API reference page](${RENDERED_ROUTE}), which also offers it for download as JSON and YAML.\n\n`;
  index += paragraphs(info.description);
  const servers = document.servers ?? [];
  if (servers.length > 0) index += `**Base URL:** ${servers.map((s) => code(s.url)).join(', ')}\n\n`;
  index += '## Authentication\n\n';
  const schemes = Object.entries(document.components?.securitySchemes ?? {});
  if (schemes.length === 0) index += 'The document declares no security schemes.\n\n';
  for (const [name, scheme] of schemes) {
    index += `- ${code(name)}: ${esc(describeSecurityScheme(scheme))}${scheme.description ? `. ${cell(scheme.description)}` : ''}\n`;
  }
  index += '\n## Operation groups\n\n';
  for (const group of groups) {
    index += `- [${esc(group.name)}](./operations/${group.slug}.md): ${group.operations.length} operation${group.operations.length === 1 ? '' : 's'}${group.description ? `. ${cell(group.description)}` : ''}\n`;
  }
  const schemas = Object.entries(document.components?.schemas ?? {});
  if (schemas.length > 0) {
    index += '\n## Schemas\n\n';
    for (const [name, schema] of schemas) {
      index += `### ${esc(name)} {#schema-${slugify(name)}}\n\n`;
      index += paragraphs(schema.description);
      index += schemaTable(document, schema);
    }
  }
  await writeFile(path.join(outDir, 'index.md'), index);

  let position = 1;
  for (const group of groups) {
    let page = '---\n';
    page += `title: ${yamlString(group.name)}\n`;
    page += `slug: /${group.slug}\n`;
    page += `sidebar_position: ${position++}\n`;
    page += FRONT_MATTER_FORMAT;
    page += `description: ${yamlString(group.description || `Operations of the ${group.name} group of the Voltin API.`)}\n`;
    page += '---\n\n';
    page += paragraphs(group.description);
    page += `${group.operations.length} operation${group.operations.length === 1 ? '' : 's'}. Full schemas: [${esc(group.name)} on the API reference page](${RENDERED_ROUTE}#${group.slug}).\n\n`;
    for (const entry of group.operations) page += operationSection(document, entry);
    await writeFile(path.join(outDir, 'operations', `${group.slug}.md`), page);
  }
  const operationCount = groups.reduce((sum, group) => sum + group.operations.length, 0);
  console.log(
    `[api-reference] ${operationCount} operations in ${groups.length} groups from generated/openapi.json ` +
      `-> api-reference/, static/openapi/`,
  );
}

await main();
