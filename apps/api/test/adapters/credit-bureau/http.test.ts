import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContractClient, httpTransport } from '../../../src/adapters/connector-contract/client.js';
import { ConnectorRefusedError } from '../../../src/adapters/connector-contract/protocol.js';
import { createHttpCreditBureau } from '../../../src/adapters/credit-bureau/http.js';
import { bureauOverContract } from '../../../src/adapters/credit-bureau/over-contract.js';
import { BureauUnavailableError, type CreditInquiry } from '../../../src/adapters/credit-bureau/port.js';
import type { ConnectorSettings } from '../../../src/config/integrations.js';
import type { FakeConnector } from '../fake-connector.js';
import { startFakeBureau } from './fake-bureau.js';

let fake: FakeConnector;
const inquiry: CreditInquiry = {
  companyId: 7,
  firstName: 'Ana',
  lastName: 'Garcia',
  streetNum: '1201',
  streetName: 'Elm St',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
  ssn: '234567720',
  dateOfBirth: null,
};
const FIRST_RETRY_MS = 100;
const settings = (retry: Partial<ConnectorSettings['retry']> = {}): ConnectorSettings => ({
  url: fake.url,
  secret: fake.secret,
  retry: {
    attemptTimeoutMs: 1000,
    deadlineMs: 5000,
    firstRetryDelayMs: FIRST_RETRY_MS,
    maxAttempts: 4,
    ...retry,
  },
});
const bureau = (retry: Partial<ConnectorSettings['retry']> = {}) => createHttpCreditBureau(settings(retry));

beforeAll(async () => {
  fake = await startFakeBureau();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('the credit bureau adapter against a connector implementing the contract', () => {
  it('POSTs the signed inquiry to /v1/credit-inquiries and answers the report', async () => {
    expect(await bureau().inquire(inquiry)).toEqual({
      outcome: 'scored',
      score: 640,
      reasonCodes: ['038'],
      fraudAlertCodes: [],
    });
    const [call] = fake.calls;
    expect(call).toMatchObject({ path: '/v1/credit-inquiries', body: inquiry });
    expect(call!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(Math.abs(call!.timestamp! - Date.now() / 1000)).toBeLessThan(5);
    expect(call!.idempotencyKey).toMatch(/^credit-inquiry:[0-9a-f-]{36}$/);
    expect(fake.handled).toHaveLength(1);
  });

  it('answers no_score with its reason', async () => {
    expect(await bureau().inquire({ ...inquiry, ssn: null, dateOfBirth: '1980-02-29' })).toEqual({
      outcome: 'no_score',
      noScoreReason: 'No file found.',
      reasonCodes: [],
      fraudAlertCodes: [],
    });
  });

  it('gives each inquiry its own Idempotency-Key', async () => {
    const adapter = bureau();
    await adapter.inquire(inquiry);
    await adapter.inquire(inquiry);
    expect(new Set(fake.calls.map((c) => c.idempotencyKey)).size).toBe(2);
    expect(fake.handled).toHaveLength(2);
  });

  it('retries 5xx and dropped connections with backoff, the same Idempotency-Key and a fresh signature', async () => {
    fake.failNext(
      { status: 500, code: 'INTERNAL_ERROR' },
      { hangUp: true },
      { status: 503, code: 'UNAVAILABLE' },
    );
    expect(await bureau().inquire(inquiry)).toMatchObject({ outcome: 'scored', score: 640 });
    expect(fake.calls).toHaveLength(4);
    expect(new Set(fake.calls.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(fake.handled).toHaveLength(1);
    // Waits of about 100, 200 and 400 ms (each between half and all of it): exponential, with jitter.
    const gaps = fake.calls.slice(1).map((c, i) => c.at - fake.calls[i]!.at);
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual((FIRST_RETRY_MS * 2 ** i) / 2 - 5);
    });
    expect(gaps[2]).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
  });

  it('answers a retry of a call the connector already handled from its first answer, not a second pull', async () => {
    // The first attempt is handled but its answer comes too late for the client: the retry must not pull again.
    fake.failNext({ delayMs: 400 });
    expect(await bureau({ attemptTimeoutMs: 200 }).inquire(inquiry)).toMatchObject({ outcome: 'scored' });
    expect(fake.calls.map((c) => c.idempotencyKey)).toEqual([
      fake.calls[0]!.idempotencyKey,
      fake.calls[0]!.idempotencyKey,
    ]);
    expect(fake.handled).toHaveLength(1);
  });

  it('is unavailable when the connector does not answer within the timeout', async () => {
    fake.failNext({ delayMs: 600 });
    const started = Date.now();
    const attempt = bureau({ attemptTimeoutMs: 150, maxAttempts: 1 }).inquire(inquiry);
    await expect(attempt).rejects.toThrow(BureauUnavailableError);
    await expect(attempt).rejects.toThrow('did not answer within 150 ms');
    expect(Date.now() - started).toBeLessThan(550);
  });

  it('gives up within the deadline when the connector keeps failing', async () => {
    fake.failNext(...Array.from({ length: 10 }, () => ({ status: 503, code: 'UNAVAILABLE' })));
    const started = Date.now();
    await expect(bureau({ deadlineMs: 400, maxAttempts: 10 }).inquire(inquiry)).rejects.toThrow(
      /credit bureau answered HTTP 503 UNAVAILABLE \(creditInquiry, attempt \d\)/,
    );
    expect(Date.now() - started).toBeLessThan(450);
    expect(fake.calls.length).toBeGreaterThanOrEqual(2);
    expect(fake.calls.length).toBeLessThan(10);
  });

  it('does not retry a refusal: a 4xx is a clear error naming the code', async () => {
    const attempt = bureau().inquire({ ...inquiry, companyId: 999 });
    await expect(attempt).rejects.toThrow(ConnectorRefusedError);
    await expect(attempt).rejects.toThrow(
      'The credit bureau connector refused the call (HTTP 403 UNKNOWN_RETAIL_COMPANY): Company 999 is not served here.',
    );
    expect(fake.calls).toHaveLength(1);
  });

  it('is refused by the connector with a wrong secret or a clock outside the 300-second window', async () => {
    await expect(
      createHttpCreditBureau({ ...settings(), secret: 'x'.repeat(40) }).inquire(inquiry),
    ).rejects.toThrow('HTTP 401 INVALID_SIGNATURE');
    const lateClock = bureauOverContract(
      createContractClient({
        system: 'credit bureau',
        secret: fake.secret,
        transport: httpTransport(fake.url),
        retry: settings().retry,
        unavailable: (message) => new BureauUnavailableError(message),
        now: () => Date.now() - 301_000,
      }),
    );
    await expect(lateClock.inquire(inquiry)).rejects.toThrow('HTTP 401 SIGNATURE_EXPIRED');
    expect(fake.handled).toHaveLength(0);
  });

  it('treats a malformed answer as the bureau being unavailable, not a crash', async () => {
    fake.failNext({ malformed: 'not-json' });
    await expect(bureau().inquire(inquiry)).rejects.toThrow(
      new BureauUnavailableError(
        'The credit bureau answered with a body that is not JSON (creditInquiry, attempt 1).',
      ),
    );
    fake.failNext({ malformed: 'wrong-shape' });
    await expect(bureau().inquire(inquiry)).rejects.toThrow(
      /^The credit bureau answered with a body that breaks the contract \(.+\) \(creditInquiry, attempt 1\)\.$/,
    );
  });

  it('stops reading an answer longer than 16 MiB: the bureau is unavailable', async () => {
    fake.failNext({ endless: true });
    await expect(bureau({ maxAttempts: 1, attemptTimeoutMs: 10_000 }).inquire(inquiry)).rejects.toThrow(
      new BureauUnavailableError(
        'The credit bureau answered more than 16777216 bytes (creditInquiry, attempt 1).',
      ),
    );
  });

  it('is unavailable when nothing listens at the URL', async () => {
    const closed = await startFakeBureau();
    await closed.close();
    await expect(
      createHttpCreditBureau({ ...settings({ maxAttempts: 2 }), url: closed.url }).inquire(inquiry),
    ).rejects.toThrow(/credit bureau could not be reached .*attempt 2/);
  });
});
