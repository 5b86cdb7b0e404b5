import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The documentation pages, from apps/api/test/docs. */
export const docsRoot = path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'docs');

export interface Example {
  name: string;
  code: string;
}

/** Fenced ```js blocks that carry an `example=<name>` meta, in page order. */
export function extractExamples(markdown: string): Example[] {
  const examples: Example[] = [];
  const fence = /^```(?:js|javascript)[^\S\n]+([^\n]*)\n([\s\S]*?)^```[^\S\n]*$/gm;
  for (const match of markdown.matchAll(fence)) {
    const name = /(?:^|\s)example=([\w-]+)/.exec(match[1] ?? '')?.[1];
    if (name) examples.push({ name, code: match[2] ?? '' });
  }
  return examples;
}

export function readPage(relative: string): string {
  return readFileSync(path.join(docsRoot, relative), 'utf8');
}

/** Static imports become dynamic ones, so the blocks can run as the body of one async function. */
function dynamicImports(code: string): string {
  return code.replace(
    /^import\s+\{([^}]+)\}\s+from\s+'([^']+)';?$/gm,
    (_all, names: string, from: string) =>
      `const {${names.replaceAll(/\s+as\s+/g, ': ')}} = await __import('${from}');`,
  );
}

export interface Call {
  example: string;
  method: string;
  url: string;
  status: number;
  succeeded: unknown;
  body: unknown;
}

/**
 * Runs the examples in order in one scope (as a reader would paste them into one module), with the
 * documented base URL replaced by `baseUrl`. Every fetch is recorded with the example that made it.
 */
export async function runExamples(examples: Example[], baseUrl: string, documentedBaseUrl: string) {
  const calls: Call[] = [];
  let current = '';
  const recordingFetch = async (input: string | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    const text = await response.clone().text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {}
    calls.push({
      example: current,
      method: init?.method ?? 'GET',
      url: String(input),
      status: response.status,
      succeeded: body?.succeeded,
      body,
    });
    return response;
  };
  const source = examples
    .map((e) => `__example(${JSON.stringify(e.name)});\n${dynamicImports(e.code)}`)
    .join('\n')
    .replaceAll(documentedBaseUrl, baseUrl);
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  const run = new AsyncFunction('fetch', '__example', '__import', source);
  await run(
    recordingFetch,
    (name: string) => {
      current = name;
    },
    (specifier: string) => import(specifier),
  );
  return calls;
}
