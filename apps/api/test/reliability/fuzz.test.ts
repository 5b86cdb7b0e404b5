import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/http/errors.js';
import { useTestApi } from '../helpers/app.js';

/**
 * Schema-driven fuzzing: for every operation of the generated OpenAPI document, requests with wrong types, missing
 * fields, huge strings, unicode, negative and huge numbers, bad dates and injection strings. Whatever comes in:
 * never a 500, every refusal the JSON envelope with a catalogue code, and a refused request writes nothing.
 */
const api = useTestApi({ loginAttemptsPerMinute: 1_000_000 });

interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema?: Record<string, unknown> }>;
  body?: Record<string, any>;
}

const WRITE_TABLES = [
  'customers',
  'enrollments',
  'charge_transactions',
  'credit_checks',
  'prospects',
  'stored_files',
  'credit_letters',
  'etf_invoices',
  'recurring_billings',
  'payment_profiles',
];

const nasty = fc.oneof(
  fc.constant(''),
  fc.constant(' '),
  fc.constant('null'),
  fc.constant("' OR 1=1; DROP TABLE customers; --"),
  fc.constant('<script>alert(1)</script>'),
  fc.constant('../../etc/passwd'),
  fc.constant('%00'),
  fc.constant('9'.repeat(40)),
  fc.constant('-1'),
  fc.constant('1e309'),
  fc.constant('2024-02-30'),
  fc.constant('NaN'),
  fc.constant('ЖЖЖ😀\u202e'),
  fc.string({ maxLength: 20 }),
  fc.constant('x'.repeat(5000)),
);

const wrongValue = fc.oneof(
  nasty,
  fc.integer({ min: -2_147_483_648, max: -1 }),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(1.5),
  fc.constant(true),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constant([1, 'a', null]),
  fc.constant({ $gt: '' }),
);

function operations(document: any): Operation[] {
  return Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** A body that is wrong in one or several ways: fields removed, given wrong values, or not an object at all. */
function badBody(schema: Record<string, any> | undefined) {
  const properties = Object.keys(schema?.properties ?? {});
  const fieldCase = fc.record({
    drop: fc.subarray(properties),
    wrong: fc.dictionary(properties.length ? fc.constantFrom(...properties) : fc.constant('x'), wrongValue, {
      maxKeys: 4,
    }),
  });
  return fc.oneof(
    fieldCase.map(({ wrong }) => wrong as unknown),
    fc.constant('not json at all'),
    fc.constant([]),
    fc.constant(null),
    fc.constant({ ...Object.fromEntries(properties.map((p) => [p, 'x'.repeat(3000)])) }),
  );
}

function badRequest(op: Operation) {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  return fc.record({
    path: fc
      .tuple(
        ...pathParams.map(() =>
          fc.oneof(nasty.map(encodeURIComponent), fc.constantFrom('1', '0', '99999999', '-5')),
        ),
      )
      .map((values) =>
        pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, values[i] || 'x'), op.path),
      ),
    query: fc.dictionary(
      queryParams.length ? fc.constantFrom(...queryParams.map((p) => p.name)) : fc.constant('unexpected'),
      nasty,
      { maxKeys: 4 },
    ),
    body: op.method === 'GET' || op.method === 'DELETE' ? fc.constant(undefined) : badBody(op.body),
  });
}

let token: string;
let customerHash: string;
const codes = new Set(Object.keys(ERROR_CODES));

async function writtenRows(): Promise<number> {
  const counts = await Promise.all(
    WRITE_TABLES.map((table) =>
      sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`
        .execute(api.db.kysely)
        .then((r) => Number(r.rows[0]!.n)),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

beforeAll(async () => {
  token = await api.sandboxToken();
  ({ customerHash } = await api.sandboxCustomerHash());
});

describe('fuzzing every operation', () => {
  // About 3,500 requests: more than the default minute on PostgreSQL on a loaded machine.
  it('never answers 500, always the envelope with a catalogue code, and writes nothing when it refuses', {
    timeout: 300_000,
  }, async () => {
    const document = (await api.call('GET', '/Swagger/v1/swagger.json')).body;
    const ops = operations(document);
    expect(ops.length).toBeGreaterThan(50);
    let sent = 0;
    const failures: string[] = [];
    for (const op of ops) {
      await fc.assert(
        fc.asyncProperty(badRequest(op), async (request) => {
          const url = new URL(request.path, api.baseUrl);
          for (const [k, v] of Object.entries(request.query)) url.searchParams.set(k, String(v));
          const before = await writtenRows();
          // Real HTTP, as an attacker would send it: Node's parser and Fastify's hooks both see the request.
          const response = await fetch(url, {
            method: op.method,
            headers: {
              authorization: `Bearer ${token}`,
              'x-customer-hash': customerHash,
              ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body:
              request.body === undefined
                ? undefined
                : typeof request.body === 'string'
                  ? request.body
                  : JSON.stringify(request.body),
          });
          const text = await response.text();
          sent++;
          const where = `${op.method} ${url.pathname}${url.search} body=${JSON.stringify(request.body)?.slice(0, 120)}`;
          if (response.status >= 500 && response.status !== 503)
            failures.push(`${response.status} ${where} ${text.slice(0, 200)}`);
          if (response.status >= 400) {
            if (!String(response.headers.get('content-type') ?? '').startsWith('application/json')) {
              failures.push(`not the envelope ${response.status} ${where}: ${text.slice(0, 200)}`);
              return true;
            }
            const body = JSON.parse(text);
            if (body.succeeded !== false || !codes.has(body.code) || body.data !== null)
              failures.push(`bad envelope ${where}: ${text.slice(0, 200)}`);
            if ((await writtenRows()) !== before)
              failures.push(`wrote on refusal ${response.status} ${where}`);
          }
          return true;
        }),
        { numRuns: 30, seed: 20261121 },
      );
    }
    console.log(`fuzzed ${sent} requests over ${ops.length} operations`);
    expect(failures).toEqual([]);
  });
});
