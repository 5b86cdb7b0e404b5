import { randomBytes } from 'node:crypto';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import {
  BILLING_SYSTEM_CONTRACT,
  GET_STATEMENT,
  LIST_STATEMENTS,
  SUBMIT_ENROLLMENT,
} from '../../src/adapters/billing-system/contract.js';
import { createSandboxBillingSystem } from '../../src/adapters/billing-system/sandbox.js';
import { createContractClient } from '../../src/adapters/connector-contract/client.js';
import { createConnector, route } from '../../src/adapters/connector-contract/connector.js';
import { CREDIT_BUREAU_CONTRACT, CREDIT_INQUIRY } from '../../src/adapters/credit-bureau/contract.js';
import { bureauOverContract } from '../../src/adapters/credit-bureau/over-contract.js';
import { BureauUnavailableError } from '../../src/adapters/credit-bureau/port.js';
import { collectReference } from '../../src/reference-export.js';
import { signatureOf } from '../../src/security/request-signing.js';
import { useTestApi } from '../helpers/app.js';

/**
 * The published contracts (the integration guide renders these OpenAPI documents from the docs reference export) are
 * generated from the TypeBox schemas that validate every call, and the sandbox connector holds callers to them.
 */
const api = useTestApi();
const plain = (schema: object) => JSON.parse(JSON.stringify(schema));

describe('the published connector contracts', () => {
  it('are the documents the docs site renders, one operation per endpoint, under /v1', async () => {
    const reference = await collectReference(api.app);
    expect(reference.connectorContracts).toEqual({
      creditBureau: CREDIT_BUREAU_CONTRACT,
      billingSystem: BILLING_SYSTEM_CONTRACT,
    });
    expect(Object.keys(CREDIT_BUREAU_CONTRACT.paths)).toEqual(['/v1/credit-inquiries']);
    expect(Object.keys(BILLING_SYSTEM_CONTRACT.paths)).toEqual([
      '/v1/enrollment-submissions',
      '/v1/billing-accounts/statements',
      '/v1/billing-accounts/statement',
      '/v1/billing-accounts/charges',
      '/v1/billing-accounts/usage-history',
      '/v1/billing-accounts/summary',
    ]);
    expect(JSON.parse(JSON.stringify(CREDIT_BUREAU_CONTRACT))).toEqual(CREDIT_BUREAU_CONTRACT);
  });

  it("carry each endpoint's own request and answer schemas", () => {
    for (const endpoint of [CREDIT_INQUIRY, SUBMIT_ENROLLMENT, GET_STATEMENT]) {
      const document = endpoint === CREDIT_INQUIRY ? CREDIT_BUREAU_CONTRACT : BILLING_SYSTEM_CONTRACT;
      const operation = document.paths[endpoint.path]!.post;
      expect(operation.operationId).toBe(endpoint.operationId);
      expect(operation.requestBody.content['application/json'].schema).toEqual(plain(endpoint.request));
      expect(operation.responses['200'].content['application/json'].schema).toEqual(plain(endpoint.response));
    }
  });

  it('describe what the sandbox answers: its statements validate against the published JSON Schema', async () => {
    const published = Compile(
      BILLING_SYSTEM_CONTRACT.paths[LIST_STATEMENTS.path]!.post.responses['200'].content['application/json']
        .schema,
    );
    const account = {
      companyId: 1,
      enrollmentId: 9,
      billingAccountNumber: 'BB00100000009',
      status: 'ACTIVE',
      billed: true,
      commodity: 'Electric',
      customerType: 'SmallBusiness',
      ldcAccount: '10443720000000009',
      serviceAddress: {
        address: '1201 Elm St',
        address2: null,
        city: 'Dallas',
        state: 'TX',
        zipcode: '75201',
      },
      serviceStartDate: '2026-01-10',
      serviceEndDate: null,
      plan: { name: 'Fixed 12', billingSystemPlanCode: 'F12', rate: 13.2, monthlyFee: 9.95, timeOfUse: [] },
      utility: {
        code: 'ONCOR',
        name: 'Oncor',
        stateCode: 'TX',
        deliveryCharges: [
          { name: 'Customer charge', type: 'monthly', charge: 4.23, uom_from: null, uom_to: null },
        ],
      },
      transactions: [
        { id: 1, type: 'ONE_TIME_PAYMENT', status: 'approved', amountCents: 5000, date: '2026-02-20' },
      ],
      asOf: '2026-05-20',
    };
    const statements = await createSandboxBillingSystem().statements(account);
    expect(statements.length).toBe(4);
    expect(published.Check({ statements })).toBe(true);
    expect(published.Check({ statements: [{ ...statements[0], lines: 'none' }] })).toBe(false);
  });
});

describe('the in-process connector the sandbox answers through', () => {
  const secret = randomBytes(16).toString('hex');
  const connector = createConnector({
    secret,
    routes: [
      route(CREDIT_INQUIRY, async () => ({
        outcome: 'scored' as const,
        score: 700,
        reasonCodes: [],
        fraudAlertCodes: [],
      })),
    ],
  });
  const inquiry = {
    companyId: 1,
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
  const send = (body: string, headers: Record<string, string>, path = CREDIT_INQUIRY.path) =>
    connector({ path, body, headers, timeoutMs: 1000 });
  const signed = (body: string, at = Math.floor(Date.now() / 1000)) => ({
    'voltin-signature': signatureOf(secret, at, body),
    'idempotency-key': 'k-1',
  });
  const codeOf = async (answer: Promise<{ status: number; body: string }>) => {
    const { status, body } = await answer;
    return [status, JSON.parse(body).code];
  };

  it('answers a signed, keyed, valid request', async () => {
    const body = JSON.stringify(inquiry);
    expect(await send(body, signed(body))).toEqual({
      status: 200,
      body: JSON.stringify({ outcome: 'scored', score: 700, reasonCodes: [], fraudAlertCodes: [] }),
    });
  });

  it('refuses what a real connector must refuse, with the documented codes', async () => {
    const body = JSON.stringify(inquiry);
    expect(
      await codeOf(send(body, { ...signed(body), 'voltin-signature': signatureOf('other', 1, body) })),
    ).toEqual([401, 'INVALID_SIGNATURE']);
    expect(await codeOf(send(`${body} `, signed(body)))).toEqual([401, 'INVALID_SIGNATURE']);
    expect(await codeOf(send(body, signed(body, Math.floor(Date.now() / 1000) - 301)))).toEqual([
      401,
      'SIGNATURE_EXPIRED',
    ]);
    expect(await codeOf(send(body, { 'voltin-signature': signed(body)['voltin-signature'] }))).toEqual([
      400,
      'IDEMPOTENCY_KEY_MISSING',
    ]);
    const invalid = JSON.stringify({ ...inquiry, ssn: '234-56-7720' });
    const answer = await send(invalid, signed(invalid));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringContaining('/ssn'),
    });
    expect(await codeOf(send(body, signed(body), '/v2/credit-inquiries'))).toEqual([404, 'NOT_FOUND']);
  });

  it('lets a fault in the in-process code surface as it is, not as the system being unavailable', async () => {
    const bug = new TypeError('Cannot read properties of undefined');
    const faulty = bureauOverContract(
      createContractClient({
        system: 'credit bureau',
        secret,
        transport: createConnector({
          secret,
          routes: [
            route(CREDIT_INQUIRY, async () => {
              throw bug;
            }),
          ],
        }),
        retry: { attemptTimeoutMs: 1000, deadlineMs: 1000, firstRetryDelayMs: 10, maxAttempts: 3 },
        unavailable: (message) => new BureauUnavailableError(message),
      }),
    );
    await expect(faulty.inquire(inquiry)).rejects.toBe(bug);
  });
});
