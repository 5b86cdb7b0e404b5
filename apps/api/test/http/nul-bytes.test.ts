import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, useTestApi } from '../helpers/app.js';
import { PDF, prospectRefs, uploadFiles, validProspect } from '../modules/prospects/fixtures.js';

// PostgreSQL refuses NUL in text and SQLite stores it: the answer must not depend on the database.
const api = useTestApi();
let token: string;

beforeAll(async () => {
  token = await api.sandboxToken();
});

function expectNulRefused(response: Awaited<ReturnType<typeof api.call>>, field: string) {
  const body = expectFailure(response, 400, 'VALIDATION_FAILED');
  expect(body.errors).toEqual([`${field}: must not contain NUL (\\u0000) characters`]);
}

describe('NUL characters in text are refused with 400 on every database', () => {
  it('in a path parameter', async () => {
    expectNulRefused(await api.call('GET', '/brands/web%00site', { token }), 'params.systemName');
  });

  it('in a query parameter', async () => {
    expectNulRefused(
      await api.call('GET', '/customers/validate-new-customer', { token, query: { username: 'ann\u0000' } }),
      'querystring.username',
    );
  });

  it('in a body field, however deep, and nothing is created', async () => {
    expectNulRefused(
      await api.call('POST', '/auth/refresh', { body: { token: 'x\u0000', refreshToken: 'y' } }),
      'body.token',
    );
    const refs = await prospectRefs(api, token);
    const prospect = validProspect(refs);
    const before = await countProspects();
    const customer = { ...prospect.customer, lastName: 'Gonzalez\u0000' };
    expectNulRefused(
      await api.call('POST', '/prospects', { token, body: { ...prospect, customer } }),
      'body.customer.lastName',
    );
    expect(await countProspects()).toBe(before);
  });

  it('in the name of an uploaded file, and nothing is stored', async () => {
    const refs = await prospectRefs(api, token);
    const prospectId = (await api.call('POST', '/prospects', { token, body: validProspect(refs) })).body.data
      .idProspect;
    const before = await countStoredFiles();
    const response = await uploadFiles(api, `/prospects/${prospectId}/upload-document`, token, [
      { name: 'contract\u0000.pdf', bytes: PDF },
    ]);
    expectNulRefused(response, 'file.name');
    expect(await countStoredFiles()).toBe(before);
  });
});

async function countProspects() {
  const { rows } = await sql<{ n: number }>`select count(*) as n from prospects`.execute(api.db.kysely);
  return Number(rows[0]?.n);
}

async function countStoredFiles() {
  const { rows } = await sql<{ n: number }>`select count(*) as n from stored_files`.execute(api.db.kysely);
  return Number(rows[0]?.n);
}
