import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxSigning } from '../../../src/adapters/document-signing/sandbox.js';
import { buildApp } from '../../../src/app.js';
import type { DocusignSettings } from '../../../src/config/document-signing.js';
import type { Db } from '../../../src/db/client.js';
import { SANDBOX_PROSPECTS } from '../../../src/db/seed/prospects.js';
import { systemClock } from '../../../src/domain/clock.js';
import { configureSigningAccount } from '../../../src/modules/prospects/signing-accounts.js';
import { type DocusignFake, startDocusignFake } from '../../adapters/document-signing/fake-docusign.js';
import { createTenant, sandboxCompanyId } from '../../fixtures/tenants.js';
import {
  type ApiResponse,
  expectFailure,
  httpClient,
  openTestDatabase,
  SANDBOX,
  signLogin,
  testConfig,
} from '../../helpers/app.js';

// Proves the sandbox signer is never built where DocuSign is configured (and so never in production).
vi.mock('../../../src/adapters/document-signing/sandbox.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/adapters/document-signing/sandbox.js')>();
  return { ...original, createSandboxSigning: vi.fn(original.createSandboxSigning) };
});

/** The Connect configuration's two HMAC keys, as during a rotation. */
const CONNECT_KEYS = [
  'cVxq0mS8yD2kP5tW9zB3nF6hJ1rL4vC7xA0eG3iK6oM=',
  'Zr8nT1qW4eY7uI0oP3aS6dF9gH2jK5lX8cV1bN4mQ7w=',
];
const ACCOUNT = SANDBOX_PROSPECTS.signingAccountId;

let fake: DocusignFake;
let database: { db: Db; url: string; drop: () => Promise<void> };
let app: FastifyInstance;
let baseUrl: string;
let token: string;
let englishId: number;
let packageId: number;
let starts = 0;
const firstStart = Math.floor(Date.now() / 1000);

async function start(docusign: DocusignSettings | null = fake.settings) {
  app = await buildApp(
    testConfig({ databaseUrl: database.url, documentSigning: { docusign, connectHmacKeys: CONNECT_KEYS } }),
    { db: database.db },
  );
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  // A login signature is good once: each start signs a second of its own, earlier ones, still inside the window.
  const signedAt = firstStart - starts++;
  const login = await call(
    'POST',
    '/auth/login',
    undefined,
    signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, signedAt),
  );
  token = login.body.data.token;
}

function call(
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string>,
): Promise<ApiResponse> {
  return httpClient(baseUrl)(method, path, { token, body, query });
}

async function upload(prospectId: number, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const response = await fetch(`${baseUrl}/api/v1/prospects/${prospectId}/upload-document`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(200);
}

async function newProspect(customer: Record<string, unknown> = {}): Promise<number> {
  const created = await call('POST', '/prospects', {
    customer: {
      firstName: 'Maria',
      lastName: 'Gonzalez',
      email: 'maria.gonzalez@example.com',
      phoneNumber: '2145550123',
      idPreferedLanguage: englishId,
      ...customer,
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
  expect(created.status).toBe(200);
  return created.body.data.idProspect;
}

const moveTo = (id: number, newStatus: string, extra: Record<string, unknown> = {}) =>
  call('POST', `/prospects/${id}/update-status`, { newStatus, ...extra });
const RETURN_URL = 'https://tablet.affiliate.example/contract-done?prospect=1';
const signingView = (id: number, returnUrl = RETURN_URL, as = token) =>
  httpClient(baseUrl)('POST', `/prospects/${id}/signing-view`, { token: as, body: { returnUrl } });
const prospect = async (id: number) => (await call('GET', `/prospects/${id}`)).body.data;
const envelopeRows = (prospectId: number) =>
  database.db.kysely
    .selectFrom('signing_envelopes')
    .select(['envelope_id', 'reference', 'status', 'status_at', 'signing_method', 'client_user_id'])
    .where('prospect_id', '=', prospectId)
    .orderBy('id')
    .execute();

/** A prospect whose contract went to DocuSign from an uploaded PDF: its id and envelope id. */
async function contractSent(
  signingMethod?: 'Remote' | 'InPerson',
  customer: Record<string, unknown> = {},
): Promise<{ id: number; envelopeId: string }> {
  const id = await newProspect(customer);
  await upload(id, 'contract.pdf', Buffer.from('%PDF-1.7\n% Maria Gonzalez contract\n'));
  expect((await moveTo(id, 'Contract_Sent', signingMethod ? { signingMethod } : {})).status).toBe(200);
  const [row] = await envelopeRows(id);
  return { id, envelopeId: row!.envelope_id! };
}

function connectMessage(event: string, envelopeId: string, at: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    event,
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/${ACCOUNT}/envelopes/${envelopeId}`,
    retryCount: 0,
    configurationId: 10150632,
    generatedDateTime: at,
    data: { accountId: ACCOUNT, envelopeId, ...extra },
  });
}

async function deliver(body: string, signatures: string[]): Promise<ApiResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  signatures.forEach((signature, i) => {
    headers[`x-docusign-signature-${i + 1}`] = signature;
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/docusign',
    headers,
    payload: body,
  });
  return { status: response.statusCode, headers: new Headers(), body: response.json() };
}
const hmac = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64');
const signed = (body: string, key = CONNECT_KEYS[0]!) => deliver(body, [hmac(key, body)]);

beforeAll(async () => {
  fake = await startDocusignFake({ accountId: ACCOUNT });
  database = await openTestDatabase();
  await start();
  const languages = (await call('GET', '/document-languages')).body.data as Array<{
    id_language: number;
    short_name: string;
  }>;
  englishId = languages.find((l) => l.short_name === 'en')!.id_language;
  packageId = (
    await call('GET', '/prospects/packages', undefined, { CustomerType: 'Residential', State: 'TX' })
  ).body.data[0].idProspectPackage;
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
  await fake?.close();
});

describe('contracts through DocuSign (the adapter pointed at the local fake)', () => {
  it('sends the prospect’s uploaded documents as a DocuSign envelope carrying Voltin’s reference', async () => {
    const { id, envelopeId } = await contractSent();
    expect(await prospect(id)).toMatchObject({ status: 'Contract_Sent', signingStatus: 'Unsigned' });
    const [row] = await envelopeRows(id);
    expect(row).toMatchObject({ envelope_id: envelopeId, status: 'Unsigned' });
    expect(row!.reference).toMatch(new RegExp(`^prospect-${id}-[0-9a-f-]{36}$`));
    const envelope = fake.envelopes.get(envelopeId)!;
    expect(envelope.status).toBe('sent');
    expect(envelope.definition).toMatchObject({
      emailSubject: expect.stringContaining('electricity contract'),
      customFields: { textCustomFields: [{ name: 'voltinReference', value: row!.reference }] },
      documents: [{ name: 'contract.pdf', fileExtension: 'pdf' }],
      recipients: { signers: [{ name: 'Maria Gonzalez', email: 'maria.gonzalez@example.com' }] },
    });
    expect(Buffer.from(envelope.definition.documents[0].documentBase64, 'base64').toString()).toContain(
      'Maria Gonzalez contract',
    );
  });

  it('voids the DocuSign envelope when the contract is withdrawn', async () => {
    const { id, envelopeId } = await contractSent();
    expect((await moveTo(id, 'Quote_Sent')).status).toBe(200);
    expect(fake.envelopes.get(envelopeId)).toMatchObject({
      status: 'voided',
      voidedReason: 'Prospect moved to Quote_Sent',
    });
    expect(await prospect(id)).toMatchObject({ status: 'Quote_Sent', signingStatus: 'Canceled' });
  });

  it('builds the contract from the company’s DocuSign template, the customer in its role', async () => {
    const configure = async (templateId: string | null, templateRole: string | null) =>
      expect(
        await configureSigningAccount(
          database.db.kysely,
          systemClock,
          await sandboxCompanyId(database.db.kysely),
          { accountId: ACCOUNT, templateId, templateRole },
        ),
      ).toBeNull();
    await configure(fake.templateId, 'Customer');
    try {
      const id = await newProspect();
      expect((await moveTo(id, 'Contract_Sent')).status).toBe(200);
      const [row] = await envelopeRows(id);
      expect(fake.envelopes.get(row!.envelope_id!)!.definition).toMatchObject({
        templateId: fake.templateId,
        templateRoles: [
          { roleName: 'Customer', name: 'Maria Gonzalez', email: 'maria.gonzalez@example.com' },
        ],
      });
    } finally {
      await configure(null, null);
    }
  });

  it('answers 422 SIGNING_REFUSED for a contract with no document and no template; nothing changes', async () => {
    const id = await newProspect();
    const before = fake.envelopes.size;
    const failure = expectFailure(await moveTo(id, 'Contract_Sent'), 422, 'SIGNING_REFUSED');
    expect(failure.message).toMatch(/no document to sign/);
    expect(await prospect(id)).toMatchObject({ status: 'Quote_Sent', signingStatus: null });
    expect(await envelopeRows(id)).toEqual([]);
    expect(fake.envelopes.size).toBe(before);
  });

  it('answers 503 when DocuSign keeps failing; the prospect and the database are unchanged', async () => {
    const id = await newProspect();
    await upload(id, 'contract.pdf', Buffer.from('%PDF-1.7\n'));
    fake.fail(/^POST .*\/envelopes$/, '500', 3);
    expectFailure(await moveTo(id, 'Contract_Sent'), 503, 'UPSTREAM_UNAVAILABLE');
    expect(await prospect(id)).toMatchObject({ status: 'Quote_Sent', signingStatus: null });
    expect(await envelopeRows(id)).toEqual([]);
  });
});

describe('in-person signing through DocuSign (captive signer, recipient views)', () => {
  const deliveriesOf = (envelopeId: string) => fake.deliveries.filter((d) => d.envelopeId === envelopeId);

  it('sends an InPerson contract to a captive signer DocuSign delivers nothing to, and answers a one-time view URL', async () => {
    const { id, envelopeId } = await contractSent('InPerson');
    expect(await prospect(id)).toMatchObject({
      status: 'Contract_Sent',
      signingStatus: 'Unsigned',
      signingMethod: 'InPerson',
    });
    const [row] = await envelopeRows(id);
    expect(row).toMatchObject({ signing_method: 'InPerson', client_user_id: String(id) });
    expect(fake.envelopes.get(envelopeId)!.definition.recipients.signers).toEqual([
      expect.objectContaining({
        name: 'Maria Gonzalez',
        email: 'maria.gonzalez@example.com',
        clientUserId: String(id),
      }),
    ]);
    expect(deliveriesOf(envelopeId)).toEqual([]);

    const before = Date.now();
    const view = await signingView(id);
    expect(view.status).toBe(200);
    const made = fake.views.filter((v) => v.envelopeId === envelopeId);
    expect(made.map((v) => v.url)).toEqual([view.body.data.url]);
    expect(made[0]!.request).toEqual({
      authenticationMethod: 'none',
      clientUserId: String(id),
      userName: 'Maria Gonzalez',
      email: 'maria.gonzalez@example.com',
      returnUrl: RETURN_URL,
    });
    const expiresAt = Date.parse(view.body.data.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 300_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 300_000);
    // Each call makes a new URL (a DocuSign one works once).
    expect((await signingView(id)).body.data.url).not.toBe(view.body.data.url);
  });

  it('sends a Remote contract (the default) by email, or by SMS without one, and refuses it a view with 409 SIGNING_NOT_IN_PERSON', async () => {
    const byEmail = await contractSent();
    expect(deliveriesOf(byEmail.envelopeId)).toEqual([
      { envelopeId: byEmail.envelopeId, channel: 'email', to: 'maria.gonzalez@example.com' },
    ]);
    expect((await prospect(byEmail.id)).signingMethod).toBe('Remote');
    expectFailure(await signingView(byEmail.id), 409, 'SIGNING_NOT_IN_PERSON');
    const bySms = await contractSent('Remote', { email: undefined });
    expect(deliveriesOf(bySms.envelopeId)).toEqual([
      { envelopeId: bySms.envelopeId, channel: 'sms', to: '2145550123' },
    ]);
    expect(fake.views.filter((v) => [byEmail.envelopeId, bySms.envelopeId].includes(v.envelopeId))).toEqual(
      [],
    );
  });

  it('signs in person a customer without email (an address DocuSign can never deliver to), nothing sent by SMS either', async () => {
    const { id, envelopeId } = await contractSent('InPerson', { email: undefined });
    expect(deliveriesOf(envelopeId)).toEqual([]);
    expect((await signingView(id)).status).toBe(200);
    expect(fake.views.at(-1)!.request).toMatchObject({
      clientUserId: String(id),
      email: `signer-${id}@no-email.invalid`,
    });
  });

  it('refuses with a status and a code of its own: unknown prospect, no envelope, closed envelope, bad returnUrl', async () => {
    expectFailure(await signingView(987_654), 404, 'NOT_FOUND');
    const quoted = await newProspect();
    expectFailure(await signingView(quoted), 409, 'SIGNING_NO_ENVELOPE');
    expectFailure(await moveTo(quoted, 'Contacted', { signingMethod: 'InPerson' }), 400, 'VALIDATION_FAILED');

    const done = await contractSent('InPerson');
    const completed = connectMessage('envelope-completed', done.envelopeId, '2026-11-25T13:00:00Z');
    expect((await signed(completed)).body.data.signingStatus).toBe('Completed');
    expect(expectFailure(await signingView(done.id), 409, 'SIGNING_ENVELOPE_CLOSED').message).toMatch(
      /completed/,
    );
    const withdrawn = await contractSent('InPerson');
    expect((await moveTo(withdrawn.id, 'Quote_Sent')).status).toBe(200);
    expectFailure(await signingView(withdrawn.id), 409, 'SIGNING_ENVELOPE_CLOSED');

    const open = await contractSent('InPerson');
    for (const returnUrl of [
      'http://tablet.affiliate.example/done',
      'ftp://tablet.affiliate.example/done',
      '//tablet.affiliate.example/done',
      'javascript:alert(1)',
      'https://user:pass@tablet.affiliate.example/done',
      'done.html',
    ]) {
      const failure = expectFailure(await signingView(open.id, returnUrl), 400, 'VALIDATION_FAILED');
      expect(failure.errors).toEqual([
        'body.returnUrl: must be an absolute https URL (or http on localhost, outside production)',
      ]);
    }
    // Outside production a developer's own app on this machine may take the signer back over http.
    expect((await signingView(open.id, 'http://localhost:5173/done')).status).toBe(200);
  });

  it('answers 409 SIGNING_ENVELOPE_NOT_SENT for an in-person envelope DocuSign did not send (OnHold)', async () => {
    const id = await newProspect();
    await upload(id, 'contract.pdf', Buffer.from('%PDF-1.7\n'));
    fake.fail(/^PUT .*\/envelopes\//, '500', 3);
    expect((await moveTo(id, 'Contract_Sent', { signingMethod: 'InPerson' })).status).toBe(200);
    expect((await prospect(id)).signingStatus).toBe('OnHold');
    expectFailure(await signingView(id), 409, 'SIGNING_ENVELOPE_NOT_SENT');
  });

  it('answers 503 when DocuSign keeps failing the view, and 422 SIGNING_REFUSED when it refuses it', async () => {
    const { id, envelopeId } = await contractSent('InPerson');
    fake.fail(/^POST .*\/views\/recipient$/, '500', 3);
    expectFailure(await signingView(id), 503, 'UPSTREAM_UNAVAILABLE');
    // Voided at DocuSign by hand, before any Connect message said so.
    fake.envelopes.get(envelopeId)!.status = 'voided';
    const refused = expectFailure(await signingView(id), 422, 'SIGNING_REFUSED');
    expect(refused.message).toMatch(/ENVELOPE_INVALID_STATUS/);
  });

  it("keeps an affiliate's account to its own prospects, as for update-status", async () => {
    const { id } = await contractSent('InPerson');
    const login = await call(
      'POST',
      '/auth/login',
      undefined,
      signLogin(SANDBOX_PROSPECTS.affiliateApiKey, SANDBOX_PROSPECTS.affiliateApiSecret),
    );
    const affiliate = login.body.data.token as string;
    expectFailure(await signingView(id, RETURN_URL, affiliate), 404, 'NOT_FOUND');
    expectFailure(
      await httpClient(baseUrl)('POST', `/prospects/${id}/update-status`, {
        token: affiliate,
        body: { newStatus: 'Quote_Sent' },
      }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('a company’s DocuSign account', () => {
  it('serves one company only: another company naming it is refused and keeps what it had', async () => {
    const tenant = await createTenant(database.db.kysely, app.voltin.keys, 'second-supplier');
    const own = '7e2d3c4b-5a69-4b8c-9d0e-1f2a3b4c5d6e';
    expect(
      await configureSigningAccount(database.db.kysely, systemClock, tenant.companyId, {
        accountId: own,
        templateId: null,
        templateRole: null,
      }),
    ).toBeNull();
    expect(
      await configureSigningAccount(database.db.kysely, systemClock, tenant.companyId, {
        accountId: ACCOUNT,
        templateId: null,
        templateRole: null,
      }),
    ).toBe(`The DocuSign account ${ACCOUNT} already serves another retail company.`);
    const accounts = await database.db.kysely
      .selectFrom('signing_accounts')
      .select('account_id')
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(accounts).toEqual([{ account_id: own }]);
  });
});

describe('Connect webhooks for DocuSign envelopes', () => {
  it('accepts either configured Connect key (a rotation) and refuses any other signature with 401', async () => {
    const { id, envelopeId } = await contractSent();
    const partly = connectMessage('recipient-completed', envelopeId, '2026-11-25T10:00:00.1230000Z', {
      recipientId: '1',
    });
    expectFailure(await signed(partly, 'A'.repeat(44)), 401, 'WEBHOOK_SIGNATURE_INVALID');
    expect((await prospect(id)).signingStatus).toBe('Unsigned');
    // During a rotation DocuSign signs with both keys; either one is enough.
    const response = await deliver(partly, [hmac('A'.repeat(44), partly), hmac(CONNECT_KEYS[1]!, partly)]);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ changed: true, signingStatus: 'PartiallySigned' });
    const completed = connectMessage('envelope-completed', envelopeId, '2026-11-25T10:05:00Z');
    expect((await signed(completed, CONNECT_KEYS[0])).body.data).toMatchObject({
      status: 'Contract_Signed',
      signingStatus: 'Completed',
    });
  });

  it('changes nothing for a repeated event, nor for one older than the stored state', async () => {
    const { id, envelopeId } = await contractSent();
    const bounced = connectMessage('recipient-autoresponded', envelopeId, '2026-11-25T11:00:00Z', {
      recipientId: '1',
    });
    const resent = connectMessage('envelope-resent', envelopeId, '2026-11-25T11:30:00Z');
    expect((await signed(resent)).body.data).toMatchObject({ changed: false, signingStatus: 'Unsigned' });
    // The bounce happened before the resend but arrives after it: it does not put the signing back on hold.
    const late = await signed(bounced);
    expect(late.body.data).toMatchObject({ duplicate: false, changed: false, signingStatus: 'Unsigned' });
    expect(late.body.message).toBe('The envelope already has a status from a later event; nothing changed.');
    const modified = (await prospect(id)).modifiedAt;
    expect((await signed(resent)).body.data).toMatchObject({ duplicate: true, changed: false });
    expect((await prospect(id)).modifiedAt).toBe(modified);
    // Every event is in the envelope's status history, with DocuSign's time and the status it meant.
    const history = await database.db.kysely
      .selectFrom('signing_webhook_events')
      .select(['event', 'signing_status', 'generated_at'])
      .where('envelope_id', '=', envelopeId)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { event: 'envelope-resent', signing_status: 'Unsigned', generated_at: '2026-11-25T11:30:00.000Z' },
      {
        event: 'recipient-autoresponded',
        signing_status: 'OnHold',
        generated_at: '2026-11-25T11:00:00.000Z',
      },
    ]);
    const [row] = await envelopeRows(id);
    expect(row).toMatchObject({ status: 'Unsigned', status_at: '2026-11-25T11:30:00.000Z' });
  });

  it('keeps every envelope and event across a restart on the same database', async () => {
    const { id, envelopeId } = await contractSent();
    const partly = connectMessage('recipient-completed', envelopeId, '2026-11-25T12:00:00Z', {
      recipientId: '1',
    });
    expect((await signed(partly)).body.data.changed).toBe(true);
    await app.close();
    await start();
    expect(await prospect(id)).toMatchObject({ status: 'Contract_Sent', signingStatus: 'PartiallySigned' });
    expect((await signed(partly)).body.data).toMatchObject({ duplicate: true, changed: false });
    const completed = connectMessage('envelope-completed', envelopeId, '2026-11-25T12:10:00Z');
    expect((await signed(completed)).body.data).toMatchObject({
      status: 'Contract_Signed',
      signingStatus: 'Completed',
    });
  });
});

/** A well-formed sandbox signing page link, for servers that must not have the page. */
const SANDBOX_PAGE_PROBE =
  '/api/v1/sandbox-signing/9b2e7c1d-0000-4000-8000-000000000000?returnUrl=https%3A%2F%2Fexample.com&expires=9999999999&signature=' +
  'a'.repeat(64);

describe('production', () => {
  it('never builds the sandbox signer: DocuSign or no start at all', async () => {
    const other = await openTestDatabase();
    try {
      const production = await buildApp(
        testConfig({
          databaseUrl: other.url,
          mode: 'production',
          masterKey: Buffer.alloc(32, 3),
          documentSigning: { docusign: fake.settings, connectHmacKeys: CONNECT_KEYS },
        }),
        { db: other.db },
      );
      try {
        // The sandbox signing page does not exist there; and return URLs must be https, even to localhost.
        expect((await production.inject({ method: 'GET', url: SANDBOX_PAGE_PROBE })).statusCode).toBe(404);
        const tenant = await createTenant(other.db.kysely, production.voltin.keys, 'production-supplier');
        const login = await production.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          query: signLogin(tenant.apiKey, tenant.secret),
        });
        const refused = await production.inject({
          method: 'POST',
          url: '/api/v1/prospects/1/signing-view',
          headers: { authorization: `Bearer ${login.json().data.token}` },
          payload: { returnUrl: 'http://localhost:5173/done' },
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors).toEqual(['body.returnUrl: must be an absolute https URL']);
      } finally {
        await production.close();
      }
      await expect(
        buildApp(
          testConfig({
            databaseUrl: other.url,
            mode: 'production',
            masterKey: Buffer.alloc(32, 3),
            documentSigning: { docusign: null, connectHmacKeys: [] },
          }),
          { db: other.db },
        ),
      ).rejects.toThrow('Production needs the DocuSign settings (DOCUSIGN_*).');
    } finally {
      await other.drop();
    }
    // Neither this production app nor the sandbox-mode apps above (DocuSign configured) built the sandbox signer.
    expect(vi.mocked(createSandboxSigning)).not.toHaveBeenCalled();
  });
});

describe('the sandbox signer (the sandbox without DocuSign settings)', () => {
  let main: typeof database;
  beforeAll(async () => {
    // A sandbox server with DocuSign configured has no sandbox signing page.
    expect((await app.inject({ method: 'GET', url: SANDBOX_PAGE_PROBE })).statusCode).toBe(404);
    await app.close();
    main = database;
    database = await openTestDatabase();
    await start(null);
    packageId = (
      await call('GET', '/prospects/packages', undefined, { CustomerType: 'Residential', State: 'TX' })
    ).body.data[0].idProspectPackage;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    database = main;
    await start();
  });

  const sandboxState = async (id: number) =>
    await database.db.kysely
      .selectFrom('signing_envelopes')
      .leftJoin(
        'sandbox_signing_envelopes',
        'sandbox_signing_envelopes.envelope_id',
        'signing_envelopes.envelope_id',
      )
      .select(['signing_envelopes.status', 'sandbox_signing_envelopes.state as sandbox_state'])
      .where('prospect_id', '=', id)
      .executeTakeFirstOrThrow();
  it('keeps its envelopes in the database: a contract sent before a restart is voided after it', async () => {
    const built = vi.mocked(createSandboxSigning).mock.calls.length;
    const id = await newProspect();
    expect((await moveTo(id, 'Contract_Sent')).status).toBe(200);
    expect(await sandboxState(id)).toEqual({ status: 'Unsigned', sandbox_state: 'sent' });
    await app.close();
    await start(null);
    expect((await moveTo(id, 'Quote_Sent')).status).toBe(200);
    expect(await sandboxState(id)).toEqual({ status: 'Canceled', sandbox_state: 'voided' });
    expect(vi.mocked(createSandboxSigning)).toHaveBeenCalledTimes(built + 1);
  });

  /** The sandbox signing page as the customer's browser sees it (redirects not followed). */
  const pagePath = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
  const openPage = (url: string) => fetch(`${baseUrl}${pagePath(url)}`, { redirect: 'manual' });
  const choose = (url: string, action: string) =>
    fetch(`${baseUrl}${pagePath(url)}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
    });
  async function inPersonView(): Promise<{ id: number; url: string }> {
    const { id } = await contractSent('InPerson');
    const view = await signingView(id);
    expect(view.status).toBe(200);
    return { id, url: view.body.data.url };
  }

  it('signs on the sandbox page: the prospect becomes what a completed envelope makes it, and the browser returns with event=signing_complete', async () => {
    const { id, url } = await inPersonView();
    expect(pagePath(url)).toMatch(
      /^\/api\/v1\/sandbox-signing\/[0-9a-f-]{36}\?returnUrl=.+&expires=\d+&signature=[0-9a-f]{64}$/,
    );
    const page = await openPage(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<li>contract.pdf</li>');
    expect(html).toContain('Signing as <strong>Maria Gonzalez</strong>');
    expect(html).toMatch(/value="sign">Sign<.*value="decline">Decline</s);
    expect(page.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://tablet.affiliate.example",
    );

    const answer = await choose(url, 'sign');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${RETURN_URL}&event=signing_complete`);
    expect(await prospect(id)).toMatchObject({
      status: 'Contract_Signed',
      signingStatus: 'Completed',
      signingMethod: 'InPerson',
    });
    expect(await sandboxState(id)).toEqual({ status: 'Completed', sandbox_state: 'completed' });
    // Signed once: the page and the API both say the contract is closed.
    expect((await choose(url, 'sign')).status).toBe(409);
    expect((await openPage(url)).status).toBe(409);
    expectFailure(await signingView(id), 409, 'SIGNING_ENVELOPE_CLOSED');
  });

  it('declines on the sandbox page: signingStatus Canceled as a declined envelope, the sales status unchanged, event=decline', async () => {
    const { id, url } = await inPersonView();
    const answer = await choose(url, 'decline');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${RETURN_URL}&event=decline`);
    expect(await prospect(id)).toMatchObject({ status: 'Contract_Sent', signingStatus: 'Canceled' });
    expect(await sandboxState(id)).toEqual({ status: 'Canceled', sandbox_state: 'declined' });
  });

  it('refuses an altered link, and sends an expired one back with event=ttl_expired as DocuSign does', async () => {
    const { id, url } = await inPersonView();
    const altered = url.replace('tablet.affiliate.example', 'evil.example');
    const refused = await openPage(altered);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('SIGNING_VIEW_LINK_INVALID');
    expect((await choose(altered, 'sign')).status).toBe(403);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 });
    try {
      const late = await choose(url, 'sign');
      expect(late.status).toBe(303);
      expect(late.headers.get('location')).toBe(`${RETURN_URL}&event=ttl_expired`);
    } finally {
      vi.useRealTimers();
    }
    expect(await prospect(id)).toMatchObject({ status: 'Contract_Sent', signingStatus: 'Unsigned' });
  });

  it('refuses a view of a Remote envelope in the sandbox too', async () => {
    const { id } = await contractSent();
    expectFailure(await signingView(id), 409, 'SIGNING_NOT_IN_PERSON');
  });
});
