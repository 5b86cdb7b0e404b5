import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, useTestApi } from '../helpers/app.js';
import { PDF, prospectRefs, validProspect } from '../modules/prospects/fixtures.js';
import { type RawAnswer, rawHttp } from './raw-http.js';

// A short request timeout, so the uploads that never finish are cut within the test (120 s by default).
const api = useTestApi({ headersTimeoutMs: 500, requestTimeoutMs: 1000 });
let token: string;
let path: string;

beforeAll(async () => {
  token = await api.sandboxToken();
  const refs = await prospectRefs(api, token);
  const prospectId = (await api.call('POST', '/prospects', { token, body: validProspect(refs) })).body.data
    .idProspect;
  path = `/api/v1/prospects/${prospectId}/upload-document`;
});

const BOUNDARY = 'voltin-test-boundary';

function multipartBody(closed = true): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="contract.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(closed ? `\r\n--${BOUNDARY}--\r\n` : '\r\n'),
  ]);
}

function request(body: Buffer, headers: Record<string, string | number> = {}): Buffer {
  const all = {
    Host: 'x',
    Authorization: `Bearer ${token}`,
    'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
    'Content-Length': body.length,
    // The server closes after answering, so each exchange ends with the connection.
    Connection: 'close',
    ...headers,
  };
  const head = `POST ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

async function storedFiles(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from stored_files`.execute(api.db.kysely);
  return Number(rows[0]?.n);
}

function only(answer: RawAnswer) {
  const [response] = answer.responses;
  if (answer.responses.length !== 1 || !response) throw new Error(`answers: ${JSON.stringify(answer)}`);
  return { ...response, headers: new Headers() };
}

describe('multipart uploads that cannot be read are refused quickly and store nothing', () => {
  it('a well-formed upload is stored (the raw requests below are otherwise right)', async () => {
    const before = await storedFiles();
    const answer = await rawHttp(api.baseUrl, [request(multipartBody())]);
    expect(only(answer).status).toBe(200);
    expect(await storedFiles()).toBe(before + 1);
  });

  it('a body whose closing boundary never comes, complete by its length: 400 MALFORMED_REQUEST', async () => {
    const before = await storedFiles();
    const answer = await rawHttp(api.baseUrl, [request(multipartBody(false))]);
    expectFailure(only(answer), 400, 'MALFORMED_REQUEST');
    expect(await storedFiles()).toBe(before);
  });

  it('a body shorter than its length, on a connection kept open: 408 REQUEST_TIMEOUT', async () => {
    const before = await storedFiles();
    const body = multipartBody(false);
    const answer = await rawHttp(api.baseUrl, [request(body, { 'Content-Length': body.length + 1000 })]);
    expectFailure(only(answer), 408, 'REQUEST_TIMEOUT');
    expect(await storedFiles()).toBe(before);
  });

  it('a body shorter than its length, then the connection closed: 400 MALFORMED_REQUEST', async () => {
    const before = await storedFiles();
    const body = multipartBody(false);
    const answer = await rawHttp(api.baseUrl, [request(body, { 'Content-Length': body.length + 1000 })], {
      end: true,
    });
    expectFailure(only(answer), 400, 'MALFORMED_REQUEST');
    expect(await storedFiles()).toBe(before);
  });

  it('a chunked body whose last chunk never comes: 408 REQUEST_TIMEOUT', async () => {
    const before = await storedFiles();
    const body = multipartBody();
    const head = request(Buffer.alloc(0), { 'Transfer-Encoding': 'chunked' })
      .toString()
      .replace(/Content-Length: 0\r\n/, '');
    const answer = await rawHttp(api.baseUrl, [head, `${body.length.toString(16)}\r\n`, body, '\r\n']);
    expectFailure(only(answer), 408, 'REQUEST_TIMEOUT');
    expect(await storedFiles()).toBe(before);
  });

  it('a gzip-compressed body: 415 UNSUPPORTED_MEDIA_TYPE naming the header', async () => {
    const before = await storedFiles();
    const answer = await rawHttp(api.baseUrl, [
      request(gzipSync(multipartBody()), { 'Content-Encoding': 'gzip' }),
    ]);
    const body = expectFailure(only(answer), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(body.errors).toEqual(['headers.content-encoding: is not accepted on uploads']);
    expect(await storedFiles()).toBe(before);
  });

  it('a content type without a boundary, or with another one than the body uses: 400 MALFORMED_REQUEST', async () => {
    const before = await storedFiles();
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=other-boundary',
    ]) {
      const answer = await rawHttp(api.baseUrl, [request(multipartBody(), { 'Content-Type': type })]);
      expectFailure(only(answer), 400, 'MALFORMED_REQUEST');
    }
    expect(await storedFiles()).toBe(before);
  });
});
