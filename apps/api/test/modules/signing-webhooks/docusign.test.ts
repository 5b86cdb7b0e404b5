import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { SANDBOX_PROSPECTS } from '../../../src/db/seed/prospects.js';
import { addConnectKey } from '../../fixtures/operator.js';
import {
  type ApiResponse,
  expectFailure,
  openTestDatabase,
  SANDBOX,
  signLogin,
  testConfig,
} from '../../helpers/app.js';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
let app: FastifyInstance;
let drop: () => Promise<void>;
let token: string;
let englishId: number;
let packageId: number;

/** A marker only the webhook bodies carry, to prove refusals are logged without them. */
const BODY_MARKER = 'signer-private-4711@example.com';
const ACCOUNT = SANDBOX_PROSPECTS.signingAccountId;

async function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<ApiResponse> {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, headers: new Headers(), body: response.json() };
}

const sign = (body: string, key: string = SANDBOX_PROSPECTS.connectKey) =>
  createHmac('sha256', key).update(body).digest('base64');

async function deliver(body: string, headers: Record<string, string>): Promise<ApiResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/docusign',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
  return { status: response.statusCode, headers: new Headers(), body: response.json() };
}

/** A Connect 2.0 (JSON SIM) message as DocuSign sends it. */
function connectMessage(
  event: string,
  envelopeId: string,
  options: {
    at?: string;
    retryCount?: number;
    recipientId?: string;
    voidedReason?: string;
    accountId?: string;
  } = {},
) {
  const accountId = options.accountId ?? ACCOUNT;
  return JSON.stringify({
    event,
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/${accountId}/envelopes/${envelopeId}`,
    retryCount: options.retryCount ?? 0,
    configurationId: 10150632,
    generatedDateTime: options.at ?? '2026-11-21T10:15:02.1920000Z',
    data: {
      accountId,
      userId: '1d3f2c4b-6a58-4e7f-8b9c-0a1b2c3d4e5f',
      envelopeId,
      ...(options.recipientId ? { recipientId: options.recipientId } : {}),
      envelopeSummary: {
        status: event.replace('envelope-', ''),
        emailSubject: 'Your electricity contract',
        ...(options.voidedReason ? { voidedReason: options.voidedReason } : {}),
        recipients: { signers: [{ name: 'Maria Gonzalez', email: BODY_MARKER, recipientId: '1' }] },
      },
    },
  });
}

const signed = (body: string) => deliver(body, { 'x-docusign-signature-1': sign(body) });

/** A prospect whose contract was sent: its envelope id and prospect id. */
async function contractSent(): Promise<{ id: number; envelopeId: string }> {
  const created = await call('POST', '/prospects', {
    customer: {
      firstName: 'Maria',
      lastName: 'Gonzalez',
      phoneNumber: '2145550123',
      idPreferedLanguage: englishId,
    },
    serviceAddress: { address1: '1500 Marilla St', city: 'Dallas', state: 'TX', zipCode: '75201' },
    ldc: '10443720001234567',
    commodityName: 'Electric',
    priceProviderUtilityCode: 'ONCOR',
    priceFileDate: '2026-11-20',
    zone: 'NORTH',
    rateCode: 'RES-FIXED',
    term: 12,
    startDate: '2027-01-15',
    price: 0.1349,
    usageTier: 'ALL',
    customerType: 'Residential',
    userName: 'rep.jlopez',
    status: 'Quote_Sent',
    idProspectPackage: packageId,
  });
  const id = created.body.data.idProspect as number;
  expect((await call('POST', `/prospects/${id}/update-status`, { newStatus: 'Contract_Sent' })).status).toBe(
    200,
  );
  const envelope = await app.voltin.db.kysely
    .selectFrom('signing_envelopes')
    .select('envelope_id')
    .where('prospect_id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, envelopeId: envelope.envelope_id! };
}

const prospect = async (id: number) => (await call('GET', `/prospects/${id}`)).body.data;

beforeAll(async () => {
  const database = await openTestDatabase();
  drop = database.drop;
  app = await buildApp(testConfig({ databaseUrl: database.url, logLevel: 'info' }), {
    db: database.db,
    logStream: sink,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret),
  });
  token = login.json().data.token;
  const languages = (await call('GET', '/document-languages')).body.data as Array<{
    id_language: number;
    short_name: string;
  }>;
  englishId = languages.find((l) => l.short_name === 'en')!.id_language;
  const packages = (await call('GET', '/prospects/packages?CustomerType=Residential&State=TX')).body.data;
  packageId = packages[0].idProspectPackage;
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('POST /webhooks/docusign: authentication', () => {
  let envelopeId: string;
  let prospectId: number;
  beforeAll(async () => {
    ({ envelopeId, id: prospectId } = await contractSent());
  });

  it('refuses an unsigned call with 401 WEBHOOK_SIGNATURE_MISSING, logging the refusal without the body', async () => {
    const body = connectMessage('envelope-completed', envelopeId);
    const failure = expectFailure(await deliver(body, {}), 401, 'WEBHOOK_SIGNATURE_MISSING');
    expect(failure.message).toBe('The webhook carries no X-DocuSign-Signature-1 header; it is refused.');
    const log = lines.join('');
    expect(log).toContain('signing webhook refused');
    expect(log).toContain('WEBHOOK_SIGNATURE_MISSING');
    expect(log).not.toContain(BODY_MARKER);
  });

  it('refuses a wrong key, an altered body and an unknown signing account with 401 WEBHOOK_SIGNATURE_INVALID', async () => {
    const body = connectMessage('envelope-completed', envelopeId);
    expectFailure(
      await deliver(body, { 'x-docusign-signature-1': sign(body, 'someone-elses-key') }),
      401,
      'WEBHOOK_SIGNATURE_INVALID',
    );
    const altered = body.replace('envelope-completed', 'envelope-voided');
    expectFailure(
      await deliver(altered, { 'x-docusign-signature-1': sign(body) }),
      401,
      'WEBHOOK_SIGNATURE_INVALID',
    );
    expectFailure(
      await deliver(body, { 'x-docusign-signature-1': 'not base64 at all!' }),
      401,
      'WEBHOOK_SIGNATURE_INVALID',
    );
    const stranger = connectMessage('envelope-completed', envelopeId, {
      accountId: '00000000-0000-0000-0000-000000000000',
    });
    expectFailure(await signed(stranger), 401, 'WEBHOOK_SIGNATURE_INVALID');
    expect(lines.join('')).not.toContain(BODY_MARKER);
    expect(await prospect(prospectId)).toMatchObject({ status: 'Contract_Sent', signingStatus: 'Unsigned' });
  });

  it('accepts a signature by any active Connect key, in any X-DocuSign-Signature-N header', async () => {
    await addConnectKey(app.voltin.db.kysely, app.voltin.keys.secretBox, ACCOUNT, {
      label: 'Rotated key',
      secret: 'the-rotated-connect-key',
    });
    const body = connectMessage('envelope-delivered', envelopeId);
    const response = await deliver(body, {
      'x-docusign-signature-1': sign(body, 'a-retired-key'),
      'x-docusign-signature-2': sign(body, 'the-rotated-connect-key'),
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ duplicate: false, changed: false, signingStatus: 'Unsigned' });
  });

  it('answers 400 for a body that is not JSON or lacks the event', async () => {
    const notJson = '<envelope>completed</envelope>';
    expectFailure(
      await deliver(notJson, { 'x-docusign-signature-1': sign(notJson) }),
      400,
      'MALFORMED_REQUEST',
    );
    const noEvent = JSON.stringify({
      generatedDateTime: '2026-11-21T10:00:00Z',
      data: { accountId: ACCOUNT, envelopeId },
    });
    const failure = expectFailure(await signed(noEvent), 400, 'VALIDATION_FAILED');
    expect(failure.errors).toEqual(['body.event: is required']);
  });

  it('answers 404 SIGNING_ENVELOPE_NOT_FOUND for an envelope this server did not create', async () => {
    const failure = expectFailure(
      await signed(connectMessage('envelope-completed', '9b2e7c1d-0000-4000-8000-000000000000')),
      404,
      'SIGNING_ENVELOPE_NOT_FOUND',
    );
    expect(failure.message).toBe(
      'Envelope 9b2e7c1d-0000-4000-8000-000000000000 was not created by this server.',
    );
  });
});

describe('POST /webhooks/docusign: events drive the signing status', () => {
  it('goes Unsigned → PartiallySigned → Completed, and the sales status to Contract_Signed', async () => {
    const { id, envelopeId } = await contractSent();
    const before = new Date().toISOString();
    let response = await signed(
      connectMessage('recipient-completed', envelopeId, { recipientId: '1', at: '2026-11-21T10:20:00Z' }),
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      event: 'recipient-completed',
      envelopeId,
      idProspect: id,
      duplicate: false,
      changed: true,
      status: 'Contract_Sent',
      signingStatus: 'PartiallySigned',
    });
    response = await signed(connectMessage('envelope-completed', envelopeId, { at: '2026-11-21T10:25:00Z' }));
    expect(response.body.data).toMatchObject({
      changed: true,
      status: 'Contract_Signed',
      signingStatus: 'Completed',
    });
    expect(response.body.message).toBe('Signing status Completed; sales status Contract_Signed.');
    expect(await prospect(id)).toMatchObject({ status: 'Contract_Signed', signingStatus: 'Completed' });
    const listed = (await call('GET', `/prospects?updateFrom=${encodeURIComponent(before)}`)).body.data;
    expect(listed.map((p: { idProspect: number }) => p.idProspect)).toContain(id);
    // The retail company approves the signed contract.
    const approved = await call('POST', `/prospects/${id}/update-status`, { newStatus: 'Contract_Approved' });
    expect(approved.body.data).toEqual({
      idProspect: id,
      previousStatus: 'Contract_Signed',
      newStatus: 'Contract_Approved',
    });
  });

  it('processes each event once: a replay or a retry answers 200 with duplicate and changes nothing', async () => {
    const { id, envelopeId } = await contractSent();
    const completed = connectMessage('envelope-completed', envelopeId, { at: '2026-11-21T11:00:00Z' });
    expect((await signed(completed)).body.data.changed).toBe(true);
    const modified = (await prospect(id)).modifiedAt;
    const replay = await signed(completed);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({
      duplicate: true,
      changed: false,
      status: 'Contract_Signed',
      signingStatus: 'Completed',
    });
    expect(replay.body.message).toBe('This event was already processed; nothing changed.');
    const retry = await signed(
      connectMessage('envelope-completed', envelopeId, { at: '2026-11-21T11:00:00Z', retryCount: 2 }),
    );
    expect(retry.body.data.duplicate).toBe(true);
    expect((await prospect(id)).modifiedAt).toBe(modified);
    // A late event after the final Completed is recorded and changes nothing.
    const late = await signed(connectMessage('envelope-voided', envelopeId, { at: '2026-11-21T12:00:00Z' }));
    expect(late.body.data).toMatchObject({ duplicate: false, changed: false, signingStatus: 'Completed' });
  });

  it('maps an expired envelope to Expired and Contract_Expired; a declined one to Canceled', async () => {
    const expiring = await contractSent();
    const expired = await signed(
      connectMessage('envelope-voided', expiring.envelopeId, { voidedReason: 'Envelope has expired.' }),
    );
    expect(expired.body.data).toMatchObject({ status: 'Contract_Expired', signingStatus: 'Expired' });
    const declining = await contractSent();
    const declined = await signed(connectMessage('envelope-declined', declining.envelopeId));
    expect(declined.body.data).toMatchObject({ status: 'Contract_Sent', signingStatus: 'Canceled' });
    const voided = await contractSent();
    expect(
      (await signed(connectMessage('envelope-voided', voided.envelopeId, { voidedReason: 'Wrong address' })))
        .body.data,
    ).toMatchObject({ status: 'Contract_Sent', signingStatus: 'Canceled' });
  });

  it('puts the signing on hold when the signer’s email bounces, until the envelope is sent again', async () => {
    const { id, envelopeId } = await contractSent();
    await signed(
      connectMessage('recipient-autoresponded', envelopeId, { recipientId: '1', at: '2026-11-21T13:00:00Z' }),
    );
    expect((await prospect(id)).signingStatus).toBe('OnHold');
    await signed(connectMessage('envelope-resent', envelopeId, { at: '2026-11-21T13:30:00Z' }));
    expect((await prospect(id)).signingStatus).toBe('Unsigned');
  });

  it('only lets the newest envelope of a prospect move it', async () => {
    const { id, envelopeId: first } = await contractSent();
    await call('POST', `/prospects/${id}/update-status`, { newStatus: 'Quote_Sent' });
    await call('POST', `/prospects/${id}/update-status`, { newStatus: 'Contract_Sent' });
    const old = await signed(connectMessage('envelope-completed', first, { at: '2026-11-21T14:00:00Z' }));
    expect(old.body.data).toMatchObject({
      changed: false,
      status: 'Contract_Sent',
      signingStatus: 'Unsigned',
    });
    expect(old.body.message).toBe('The envelope was replaced by a newer one; the prospect is unchanged.');
  });
});
