import { describe, expect, it } from 'vitest';
import { expectFailure, useTestApi } from '../helpers/app.js';
import { type RawAnswer, rawHttp } from './raw-http.js';

// Short limits so the slow clients below are cut within the test; production defaults are 20 s and 120 s.
const api = useTestApi({ headersTimeoutMs: 300, requestTimeoutMs: 600 });

function onlyAnswer(answer: RawAnswer) {
  expect(answer.responses).toHaveLength(1);
  const [response] = answer.responses;
  if (!response) throw new Error(`no answer: ${JSON.stringify(answer.text)}`);
  return { ...response, headers: new Headers() };
}

describe("Node's own client errors get the envelope and a real status", () => {
  it('answers headers larger than the limit with 431 HEADERS_TOO_LARGE and closes', async () => {
    const answer = await rawHttp(api.baseUrl, [
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]);
    expectFailure(onlyAnswer(answer), 431, 'HEADERS_TOO_LARGE');
  });

  it('answers a request line that is not HTTP with 400 MALFORMED_REQUEST', async () => {
    const answer = await rawHttp(api.baseUrl, ['HELLO THERE\r\n\r\n']);
    expectFailure(onlyAnswer(answer), 400, 'MALFORMED_REQUEST');
  });

  it('answers a broken second request on a kept-alive connection too, after the first one', async () => {
    // One write: the server reads both at once and meets the broken one while the first is still being answered.
    const answer = await rawHttp(api.baseUrl, [
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n' +
        'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n',
    ]);
    expect(answer.responses.map((r) => r.status)).toEqual([200, 400]);
    expect(answer.responses[1]?.body).toMatchObject({ succeeded: false, code: 'MALFORMED_REQUEST' });
  });

  it('cuts a connection that sends nothing with 408 REQUEST_TIMEOUT', async () => {
    expectFailure(onlyAnswer(await rawHttp(api.baseUrl, [])), 408, 'REQUEST_TIMEOUT');
  });

  it('cuts a request whose headers never finish with 408 REQUEST_TIMEOUT', async () => {
    const answer = await rawHttp(api.baseUrl, ['GET /api/v1/health HTTP/1.1\r\nHost: x\r\n']);
    expectFailure(onlyAnswer(answer), 408, 'REQUEST_TIMEOUT');
  });

  it('cuts a body that trickles in with 408 REQUEST_TIMEOUT before it is complete, and does nothing', async () => {
    const body = JSON.stringify({ token: 'x'.repeat(200), refreshToken: 'y' });
    const head = `POST /api/v1/auth/refresh HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // One byte every 50 ms would take over ten seconds; the limit is 600 ms.
    const answer = await rawHttp(api.baseUrl, [head, ...body], { gapMs: 50 });
    expectFailure(onlyAnswer(answer), 408, 'REQUEST_TIMEOUT');
    expect(answer.bytesSent).toBeLessThan(head.length + body.length);
  });

  it('still serves normal requests on new connections', async () => {
    expect((await api.call('GET', '/health')).status).toBe(200);
  });
});
