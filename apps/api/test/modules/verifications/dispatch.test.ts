import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffSeconds } from '../../../src/jobs/backoff.js';
import { MAX_DISPATCH_ATTEMPTS } from '../../../src/modules/verifications/index.js';
import { signatureOf } from '../../../src/security/request-signing.js';
import { seal } from '../../../src/security/secret-box.js';
import {
  creditCheck,
  enrollmentBody,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { setCompanySettings, setPlans, withCompanySettings } from '../../fixtures/operator.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { tokenOnClock } from '../../helpers/token-on-clock.js';

/** A verification provider on loopback: it checks every signature, and fails the sales a test asks it to fail. */
class FakeProvider {
  readonly received: Array<{ body: any; signatureValid: boolean }> = [];
  /** How many more times to answer 503 for a verification id. */
  readonly failures = new Map<string, number>();
  private server!: Server;
  url = '';
  constructor(readonly secret: string) {}

  async start() {
    this.server = createServer(async (request, response) => {
      const raw = await read(request);
      const header = String(request.headers['voltin-signature'] ?? '');
      const timestamp = Number(/t=(\d+)/.exec(header)?.[1]);
      this.received.push({
        body: JSON.parse(raw),
        signatureValid: header === signatureOf(this.secret, timestamp, raw),
      });
      const id = JSON.parse(raw).verificationId as string;
      const failing = this.failures.get(id) ?? 0;
      this.failures.set(id, failing - 1);
      response.writeHead(failing > 0 ? 503 : 200).end('{}');
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/verifications`;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

async function read(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
const provider = new FakeProvider('tpv-shared-secret');
let token: string;
/** The API token on the moved clock: moving it days on outlives any token taken before. */
const tokenNow = tokenOnClock(api, clock);
let plan: number;
let options: number[];
let companyId: number;

beforeAll(async () => {
  await provider.start();
  token = await tokenNow();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
  companyId = await sandboxCompanyId(api.db.kysely);
  await setCompanySettings(
    api.db.kysely,
    {
      verification_provider_url: provider.url,
      verification_provider_secret_sealed: seal(api.app.voltin.keys.secretBox, provider.secret),
    },
    companyId,
  );
});
afterAll(() => provider.close());

async function sale(overrides: Record<string, unknown> = {}) {
  const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: plan });
  const response = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan, options, { payment: { creditCheckId: check.id_credit_check }, ...overrides }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { enrollmentId: number; enrollmentStatus: string };
}

const verificationOf = async (enrollmentId: number) =>
  api.db.kysely
    .selectFrom('tpv_verifications')
    .select(['verification_id', 'result', 'dispatch_attempts'])
    .where('enrollment_id', '=', enrollmentId)
    .executeTakeFirstOrThrow();
const dispatch = () => api.app.voltin.scheduler.runNow('dispatch-verifications');
const sentFor = (verificationId: string) =>
  provider.received.filter((r) => r.body.verificationId === verificationId);

describe('which sales need third-party verification', () => {
  it('a door-to-door sale, and a sale of a plan that requires it, wait for verification; a web sale does not', async () => {
    const doorToDoor = await sale({ salesChannel: 'DoorToDoor' });
    expect(doorToDoor.enrollmentStatus).toBe('ON_HOLD_VERIFICATION_PENDING');
    const web = await sale({ salesChannel: 'Web' });
    expect(web.enrollmentStatus).toBe('PENDING');
    await setPlans(api.db.kysely, plan, { verification_required: 1 });
    try {
      expect((await sale({ salesChannel: 'Web' })).enrollmentStatus).toBe('ON_HOLD_VERIFICATION_PENDING');
    } finally {
      await setPlans(api.db.kysely, plan, { verification_required: 0 });
    }
  });
});

describe('handing sales to the verification provider', () => {
  it('sends the sale signed, retries with backoff after a failure, and marks it PENDING once the provider has it', async () => {
    const { enrollmentId } = await sale({ salesChannel: 'DoorToDoor' });
    const { verification_id } = await verificationOf(enrollmentId);
    provider.failures.set(verification_id, 1);
    await dispatch();
    expect(sentFor(verification_id)).toHaveLength(1);
    expect(await verificationOf(enrollmentId)).toMatchObject({ result: 'NOT_SENT', dispatch_attempts: 1 });

    await dispatch();
    expect(sentFor(verification_id)).toHaveLength(1);

    clock.advance(backoffSeconds(1) + 1);

    token = await tokenNow();
    await dispatch();
    const sent = sentFor(verification_id);
    expect(sent).toHaveLength(2);
    expect(sent.every((r) => r.signatureValid)).toBe(true);
    expect(sent[1]!.body).toMatchObject({
      verificationId: verification_id,
      enrollmentId,
      customer: { firstName: 'Ana', lastName: 'Garcia', language: 'en' },
      plan: { id: plan },
      serviceAddress: { city: 'Dallas', state: 'TX' },
    });
    expect(JSON.stringify(sent[1]!.body)).not.toMatch(/234-?56-?7720|socialSecurity|dateOfBirth/);
    expect(await verificationOf(enrollmentId)).toMatchObject({ result: 'PENDING', dispatch_attempts: 2 });

    const verified = await api.call('PUT', `/tpv/verification/${verification_id}`, {
      token,
      body: { result: 'VERIFIED' },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await api.call('GET', `/enrollments/${enrollmentId}`, { token })).body.data.status).toBe(
      'PENDING',
    );
  });

  it(`gives a sale up after ${MAX_DISPATCH_ATTEMPTS} refused hand-overs, leaving it NOT_SENT for the provider to poll`, async () => {
    const { enrollmentId } = await sale({ salesChannel: 'DoorToDoor' });
    const { verification_id } = await verificationOf(enrollmentId);
    provider.failures.set(verification_id, 100);
    for (let attempt = 1; attempt <= MAX_DISPATCH_ATTEMPTS; attempt++) {
      await dispatch();
      expect(sentFor(verification_id)).toHaveLength(attempt);
      clock.advance(backoffSeconds(attempt));
      token = await tokenNow();
    }
    clock.advance(86_400);
    token = await tokenNow();
    await dispatch();
    expect(sentFor(verification_id)).toHaveLength(MAX_DISPATCH_ATTEMPTS);
    expect(await verificationOf(enrollmentId)).toMatchObject({
      result: 'NOT_SENT',
      dispatch_attempts: MAX_DISPATCH_ATTEMPTS,
    });
    const waiting = await api.call('GET', '/tpv/verifications', {
      token,
      query: { result: 'NOT_SENT', pageSize: 100 },
    });
    expect(waiting.body.data.map((v: { verificationId: string }) => v.verificationId)).toContain(
      verification_id,
    );
  });

  it('two task runs at once send each sale once', async () => {
    const sales = await Promise.all([1, 2, 3].map(() => sale({ salesChannel: 'DoorToDoor' })));
    const ids = await Promise.all(
      sales.map(async (s) => (await verificationOf(s.enrollmentId)).verification_id),
    );
    await Promise.all([dispatch(), dispatch()]);
    for (const id of ids) expect(sentFor(id)).toHaveLength(1);
    for (const s of sales) expect((await verificationOf(s.enrollmentId)).result).toBe('PENDING');
  });

  it('keeps sales NOT_SENT, listed for polling, where the company has no provider', async () => {
    await withCompanySettings(api.db.kysely, { verification_provider_url: null }, async () => {
      const { enrollmentId } = await sale({ salesChannel: 'DoorToDoor' });
      const { verification_id } = await verificationOf(enrollmentId);
      await dispatch();
      expect(sentFor(verification_id)).toEqual([]);
      expect((await verificationOf(enrollmentId)).result).toBe('NOT_SENT');
    });
  });
});
