import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_EXAMPLES } from '../../src/http/openapi-examples.js';
import { JOURNEY_OPERATIONS, type Premise, type RecordedCall, runJourney } from '../examples/journey.js';
import { useTestApi } from '../helpers/app.js';
import { manualClock } from '../helpers/clock.js';

/*
 * The examples of the OpenAPI document are calls of the sandbox journey (test/examples/journey.ts), recorded at a
 * fixed time. Here the journey runs again on a fresh sandbox: each call must succeed and answer what the document
 * says, and so must each stored example, so an example cannot go stale. `VOLTIN_RECORD_EXAMPLES=1` records them
 * again (`npm run openapi:examples -w @voltin/api`).
 */
const RECORDED_AT = '2026-11-02T15:00:00.000Z';
const clock = manualClock(RECORDED_AT);
const api = useTestApi({ backgroundTasks: false }, {}, { clock });
const EXAMPLES_FILE = path.resolve(import.meta.dirname, '../../src/http/openapi-examples.ts');
/** Where the examples say the API is: the recording server's own address would change on every run. */
const DOCUMENTED_BASE_URL = 'https://api.supplier.example';

/** Operations the journey does not reach yet: their examples are still to come. */
const NOT_YET_IN_THE_JOURNEY = 0;

let calls: RecordedCall[];
let document: any;

/** Three premises of the sandbox ESIID directory at 75201, as a sales rep would read them off bills. */
async function dallasPremises(): Promise<Premise[]> {
  const rows = await api.db.kysely
    .selectFrom('premises')
    .select(['address_1', 'esiid'])
    .where('zipcode', '=', '75201')
    .where('address_2', 'is', null)
    .where('premise_type', '=', 'Residential')
    .where('status', '=', 'Active')
    .orderBy('esiid', 'desc') // the sandbox's demo enrollment holds the first
    .limit(5)
    .execute();
  return rows.map((row) => ({ address: row.address_1, esiid: row.esiid }));
}

/** Items a list shows in an example: enough to see its shape. */
const LISTED = 2;

/**
 * Values that differ on every run (tokens, hashes, request ids, the server's address) as fixed placeholders; in an
 * answer (`listed`), long lists cut to their first items.
 */
function stable(value: unknown, listed = Infinity, key = ''): unknown {
  if (Array.isArray(value)) return value.slice(0, listed).map((item) => stable(item, listed));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stable(v, listed, k)]));
  if (typeof value !== 'string') return value;
  if (/^(token|refreshToken)$/.test(key)) return `<${key} from POST /auth/login>`;
  if (/^customerHash$/.test(key)) return '<customerHash from POST /customers/login>';
  if (/^(requestId|signature|hash|securityToken)$/.test(key)) return `<${key}>`;
  return value.replaceAll(api.baseUrl.replace(/\/$/, ''), DOCUMENTED_BASE_URL);
}

/** An upload's file as the example shows it: its name and type (its bytes are a sample PDF); no signature header. */
const withoutContent = ({ file, headers: _signature, ...request }: RecordedCall['request']) =>
  file ? { ...request, file: { name: file.name, type: file.type } } : request;

function record(recorded: RecordedCall[]) {
  const examples = Object.fromEntries(
    recorded.map((call) => [
      call.operationId,
      { request: stable(withoutContent(call.request)), answer: stable(call.answer, LISTED) },
    ]),
  );
  const header = readFileSync(EXAMPLES_FILE, 'utf8').split('export const OPERATION_EXAMPLES')[0];
  writeFileSync(
    EXAMPLES_FILE,
    `${header}export const OPERATION_EXAMPLES: Record<string, OperationExample> = ${JSON.stringify(examples, null, 2)};\n`,
  );
  execFileSync('npx', ['biome', 'format', '--write', EXAMPLES_FILE], { stdio: 'ignore' });
}

beforeAll(async () => {
  calls = await runJourney(api, clock, await dallasPremises());
  if (process.env.VOLTIN_RECORD_EXAMPLES === '1') record(calls);
  document = await SwaggerParser.dereference(
    structuredClone((await api.call('GET', '/Swagger/v1/swagger.json')).body),
  );
});

/** The schema of what the operation answers with 200, as the document says (none for a file it sends). */
function answerSchema(operationId: string): object | undefined {
  for (const methods of Object.values(document.paths as Record<string, Record<string, any>>))
    for (const operation of Object.values(methods))
      if (operation.operationId === operationId)
        return operation.responses['200'].content?.['application/json']?.schema;
  throw new Error(`no operation ${operationId}`);
}

const ajv = addFormats.default(
  new Ajv.default({ strict: false, allErrors: true, formats: { int32: true, int64: true, binary: true } }),
);
function problems(schema: object | undefined, value: unknown): string[] {
  if (!schema) return value === null ? [] : ['a file answer recorded as JSON'];
  const validate = ajv.compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

describe('the OpenAPI examples', () => {
  it('come from a journey in which every call succeeds and answers what the document says', () => {
    expect(calls.map((c) => c.operationId)).toEqual(JOURNEY_OPERATIONS);
    for (const call of calls) {
      expect(call.status, call.operationId).toBe(200);
      expect(problems(answerSchema(call.operationId), call.answer), call.operationId).toEqual([]);
    }
  });

  it('are stored for every call of the journey, and each still answers what the document says', () => {
    expect(Object.keys(OPERATION_EXAMPLES)).toEqual(JOURNEY_OPERATIONS);
    for (const [operationId, example] of Object.entries(OPERATION_EXAMPLES))
      expect(problems(answerSchema(operationId), example.answer), operationId).toEqual([]);
  });

  it('are in the document for every operation: its request and its answer', () => {
    const documented = new Map<string, any>();
    for (const methods of Object.values(document.paths as Record<string, Record<string, any>>))
      for (const operation of Object.values(methods)) documented.set(operation.operationId, operation);
    const create = documented.get('createEnrollment');
    expect(create.requestBody.content['application/json'].example).toEqual(
      OPERATION_EXAMPLES.createEnrollment!.request.body,
    );
    expect(create.responses['200'].content['application/json'].example).toEqual(
      OPERATION_EXAMPLES.createEnrollment!.answer,
    );
    const plans = documented.get('listPlansForWizard');
    expect(plans.parameters.find((p: any) => p.name === 'ids_utilities').example).toEqual(
      OPERATION_EXAMPLES.listPlansForWizard!.request.query!.ids_utilities,
    );
    // Every operation: a new one comes with its step in the journey.
    expect([...documented.keys()].filter((id) => !(id in OPERATION_EXAMPLES))).toEqual([]);
    expect(NOT_YET_IN_THE_JOURNEY).toBe(0);
  });
});
