import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PROSPECTS } from '../../../src/db/seed/prospects.js';
import {
  PROSPECT_ROLE_PERMISSIONS,
  PROSPECT_STATUS_TRANSITIONS,
  PROSPECT_STATUSES,
} from '../../../src/modules/prospects/index.js';
import { withoutSigningAccount } from '../../fixtures/operator.js';
import { createAccount, createTenant, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';
import { addDaysUtc, type ProspectRefs, prospectRefs, seededPrice, validProspect } from './fixtures.js';

const api = useTestApi();
let token: string;
let affiliateToken: string;
let integrationToken: string;
let rivalToken: string;
let refs: ProspectRefs;

async function login(apiKey: string, secret: string) {
  const response = await api.call('POST', '/auth/login', { query: signLogin(apiKey, secret) });
  expect(response.status).toBe(200);
  return response.body.data.token as string;
}

const create = (body: unknown, as = token) => api.call('POST', '/prospects', { token: as, body });
const updateStatus = (id: number, body: unknown, as = token) =>
  api.call('POST', `/prospects/${id}/update-status`, { token: as, body });

beforeAll(async () => {
  token = await api.sandboxToken();
  affiliateToken = await login(SANDBOX_PROSPECTS.affiliateApiKey, SANDBOX_PROSPECTS.affiliateApiSecret);
  const integration = await createAccount(api.db.kysely, api.app.voltin.keys, {
    companyId: await sandboxCompanyId(api.db.kysely),
    apiKey: 'vlt_integration_only',
    permissions: ['*'],
  });
  integrationToken = await login(integration.apiKey, integration.secret);
  const rival = await createTenant(api.db.kysely, api.app.voltin.keys, 'rival-power');
  rivalToken = await login(rival.apiKey, rival.secret);
  refs = await prospectRefs(api, token);
});

describe('POST /prospects', () => {
  it('creates a prospect priced from the matrix, expiring after the customer type’s days', async () => {
    const response = await create(
      validProspect(refs, { affiliateReferenceId: 'create-1', agentName: 'J. Lopez' }),
    );
    expect(response.status).toBe(200);
    const prospect = response.body.data;
    expect(prospect).toMatchObject({
      idProspect: expect.any(Number),
      status: 'New',
      signingStatus: null,
      customerType: 'Residential',
      priceProviderUtilityCode: 'ONCOR',
      zone: 'NORTH',
      rateCode: 'RES-FIXED',
      term: 12,
      startDate: '2027-01-15',
      price: 0.1349,
      rate: seededPrice('ONCOR,NORTH,RES-FIXED,12,ALL,2027-01'),
      expirationDate: addDaysUtc(30),
      utility: { code: 'ONCOR', commodity: 'Electric' },
      affiliate: null,
      agentName: 'J. Lopez',
      repReferenceId: null,
      documents: [],
      idProspectPackage: refs.residentialPackageId,
    });
    expect(prospect.billingAddress).toEqual(prospect.serviceAddress);
    expect(prospect.createdAt).toBe(prospect.modifiedAt);
    expect((await api.call('GET', `/prospects/${prospect.idProspect}`, { token })).body.data).toEqual(
      prospect,
    );
  });

  it('prices a small business by usage tier and expires it after 45 days', async () => {
    const response = await create(
      validProspect(refs, {
        customerType: 'SmallBusiness',
        rateCode: 'smb-fixed',
        usageTier: '101-250',
        priceProviderUtilityCode: 'CNP',
        zone: 'houston',
        term: 24,
        startDate: '2027-06-01',
        idProspectPackage: refs.businessPackageId,
        customer: {
          firmName: 'Bayou Bakery LLC',
          phoneNumber: '7135550188',
          idPreferedLanguage: refs.englishId,
        },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      rate: seededPrice('CNP,HOUSTON,SMB-FIXED,24,101-250,2027-06'),
      zone: 'HOUSTON',
      rateCode: 'SMB-FIXED',
      expirationDate: addDaysUtc(45),
      customer: { firmName: 'Bayou Bakery LLC', firstName: null, email: null },
    });
  });

  const requiredFields = [
    'customer',
    'serviceAddress',
    'ldc',
    'commodityName',
    'priceProviderUtilityCode',
    'priceFileDate',
    'zone',
    'rateCode',
    'term',
    'startDate',
    'price',
    'usageTier',
    'customerType',
    'userName',
    'status',
    'idProspectPackage',
  ];
  it.each(requiredFields)('refuses a prospect without %s, naming the field', async (field) => {
    const body = validProspect(refs) as Record<string, unknown>;
    delete body[field];
    const failure = expectFailure(await create(body), 400, 'VALIDATION_FAILED');
    expect(failure.errors).toEqual([`body.${field}: is required`]);
  });

  const nonEmpty = [
    'commodityName',
    'priceProviderUtilityCode',
    'zone',
    'rateCode',
    'usageTier',
    'customerType',
    'userName',
  ];
  it.each(nonEmpty)('refuses an empty %s', async (field) => {
    const failure = expectFailure(
      await create(validProspect(refs, { [field]: '' })),
      400,
      'VALIDATION_FAILED',
    );
    expect(failure.errors).toEqual([`body.${field}: must NOT have fewer than 1 characters`]);
  });

  it('refuses an empty status, listing the statuses a prospect may start in', async () => {
    const failure = expectFailure(
      await create(validProspect(refs, { status: '' })),
      400,
      'VALIDATION_FAILED',
    );
    expect(failure.errors).toEqual([
      'body.status: must be equal to one of the allowed values (New, Contacted, Quote_Sent)',
    ]);
    expectFailure(await create(validProspect(refs, { status: 'Contract_Signed' })), 400, 'VALIDATION_FAILED');
  });

  it('accepts an ldc of 100 characters and refuses 101', async () => {
    expect((await create(validProspect(refs, { ldc: '1'.repeat(100) }))).status).toBe(200);
    const failure = expectFailure(
      await create(validProspect(refs, { ldc: '1'.repeat(101) })),
      400,
      'VALIDATION_FAILED',
    );
    expect(failure.errors).toEqual(['body.ldc: must NOT have more than 100 characters']);
  });

  it.each([
    [0, 'body.term: must be >= 1'],
    [37, 'body.term: must be <= 36'],
    [12.5, 'body.term: must be integer'],
  ])('refuses term %s', async (term, message) => {
    const failure = expectFailure(await create(validProspect(refs, { term })), 400, 'VALIDATION_FAILED');
    expect(failure.errors).toEqual([message]);
  });

  it.each([
    ['priceFileDate', '11/20/2026'],
    ['priceFileDate', '2026-02-30'],
    ['startDate', '2027-01-15T00:00:00Z'],
    ['startDate', 'next month'],
  ])('refuses %s %s that is not a plain date', async (field, value) => {
    const failure = expectFailure(
      await create(validProspect(refs, { [field]: value })),
      400,
      'VALIDATION_FAILED',
    );
    expect(failure.errors).toEqual([
      ...(value.length > 10 ? [`body.${field}: must NOT have more than 10 characters`] : []),
      `body.${field}: must match format "date"`,
    ]);
  });

  /** How each field refuses an empty value: the coded ones by their pattern. */
  const EMPTY_REFUSAL: Record<string, string> = {
    address1: 'must NOT have fewer than 1 characters',
    city: 'must NOT have fewer than 1 characters',
    state: 'must match pattern "^[A-Z]{2}$"',
    zipCode: 'must match pattern "^[0-9]{5}$"',
  };

  it.each(['address1', 'city', 'state', 'zipCode'])(
    'requires a non-empty %s in each address',
    async (field) => {
      const address = { address1: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201' } as Record<
        string,
        string
      >;
      for (const which of ['serviceAddress', 'billingAddress']) {
        const missing = { ...address };
        delete missing[field];
        let failure = expectFailure(
          await create(validProspect(refs, { [which]: missing })),
          400,
          'VALIDATION_FAILED',
        );
        expect(failure.errors).toEqual([`body.${which}.${field}: is required`]);
        failure = expectFailure(
          await create(validProspect(refs, { [which]: { ...address, [field]: '' } })),
          400,
          'VALIDATION_FAILED',
        );
        expect(failure.errors).toEqual([`body.${which}.${field}: ${EMPTY_REFUSAL[field]}`]);
      }
    },
  );

  it('takes a USPS state code and a five-digit ZIP code, not free text', async () => {
    const address = { address1: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201' };
    const longest = { state: 2, zipCode: 5 };
    for (const [field, value] of [
      ['state', 'Texas'],
      ['state', 'tx'],
      ['zipCode', '7520'],
      ['zipCode', '75201-1234'],
    ] as const) {
      const failure = expectFailure(
        await create(validProspect(refs, { serviceAddress: { ...address, [field]: value } })),
        400,
        'VALIDATION_FAILED',
      );
      const tooLong = value.length > longest[field];
      expect(failure.errors).toEqual([
        ...(tooLong
          ? [`body.serviceAddress.${field}: must NOT have more than ${longest[field]} characters`]
          : []),
        `body.serviceAddress.${field}: ${EMPTY_REFUSAL[field]}`,
      ]);
    }
  });

  it('requires the customer’s phone number (non-empty) and preferred language, and a valid email if given', async () => {
    const customer = { phoneNumber: '2145550123', idPreferedLanguage: refs.englishId };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ idPreferedLanguage: refs.englishId }, 'body.customer.phoneNumber: is required'],
      [{ ...customer, phoneNumber: '' }, 'body.customer.phoneNumber: must NOT have fewer than 1 characters'],
      [{ phoneNumber: '2145550123' }, 'body.customer.idPreferedLanguage: is required'],
      [{ ...customer, email: 'maria.example.com' }, 'body.customer.email: must match format "email"'],
      [
        { ...customer, idPreferedLanguage: 99999 },
        'body.customer.idPreferedLanguage: no language has this id',
      ],
    ];
    for (const [value, message] of cases) {
      const failure = expectFailure(
        await create(validProspect(refs, { customer: value })),
        400,
        'VALIDATION_FAILED',
      );
      expect(failure.errors).toEqual([message]);
    }
    expect((await create(validProspect(refs, { customer }))).status).toBe(200);
  });

  it('checks the utility, its commodity and the customer type against the company’s own', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { priceProviderUtilityCode: 'PG&E' },
        'body.priceProviderUtilityCode: no utility of this company has the code "PG&E"',
      ],
      [{ commodityName: 'Gas' }, 'body.commodityName: must be Electric, the commodity of ONCOR'],
      [
        { customerType: 'Industrial' },
        'body.customerType: must be one of Residential, SmallBusiness, LargeBusiness',
      ],
    ];
    for (const [overrides, message] of cases) {
      const failure = expectFailure(await create(validProspect(refs, overrides)), 400, 'VALIDATION_FAILED');
      expect(failure.errors).toEqual([message]);
    }
  });

  it('applies the pricing matrix rules: customer types, terms and the tenor limit', async () => {
    let failure = expectFailure(
      await create(validProspect(refs, { customerType: 'LargeBusiness' })),
      422,
      'PRICING_RULE_REFUSED',
    );
    expect(failure.errors).toEqual(['body.customerType: must be one of Residential, SmallBusiness']);
    failure = expectFailure(await create(validProspect(refs, { term: 7 })), 422, 'PRICING_RULE_REFUSED');
    expect(failure.errors).toEqual(['body.term: must be one of 6, 12, 24, 36']);
    failure = expectFailure(
      await create(validProspect(refs, { startDate: '2028-01-01' })),
      422,
      'PRICING_RULE_REFUSED',
    );
    expect(failure.errors).toEqual(['body.startDate: must be within 12 months of priceFileDate']);
  });

  it('refuses a package that does not exist or does not cover the prospect', async () => {
    let failure = expectFailure(
      await create(validProspect(refs, { idProspectPackage: 99999 })),
      422,
      'PROSPECT_PACKAGE_NOT_APPLICABLE',
    );
    expect(failure.errors).toEqual(['body.idProspectPackage: no such package']);
    failure = expectFailure(
      await create(validProspect(refs, { idProspectPackage: refs.gasPackageId })),
      422,
      'PROSPECT_PACKAGE_NOT_APPLICABLE',
    );
    expect(failure.message).toContain('does not cover Residential customers of ONCOR');
  });

  it('answers 422 PRICE_NOT_FOUND when the matrix has no price for the key', async () => {
    const failure = expectFailure(
      await create(validProspect(refs, { zone: 'HOUSTON' })),
      422,
      'PRICE_NOT_FOUND',
    );
    expect(failure.message).toBe(
      'The pricing matrix has no price for ONCOR, zone HOUSTON, rate code RES-FIXED, 12 months, usage tier ALL, starting 2027-01.',
    );
    expectFailure(await create(validProspect(refs, { startDate: '2026-11-25' })), 422, 'PRICE_NOT_FOUND');
  });
});

describe('affiliates', () => {
  let ownId: number;
  let otherId: number;
  beforeAll(async () => {
    ownId = (await create(validProspect(refs, { affiliateReferenceId: 'ls-1' }), affiliateToken)).body.data
      .idProspect;
    otherId = (await create(validProspect(refs, { affiliateReferenceId: 'direct-1' }))).body.data.idProspect;
  });

  it('gives a linked account’s prospects its affiliate', async () => {
    const prospect = (await api.call('GET', `/prospects/${ownId}`, { token })).body.data;
    expect(prospect.affiliate).toEqual({ idAffiliate: expect.any(Number), name: 'Lone Star Door-to-Door' });
  });

  it('shows a linked account only its affiliate’s prospects; others see all of the company’s', async () => {
    const mine = (await api.call('GET', '/prospects', { token: affiliateToken, query: { pageSize: 100 } }))
      .body;
    expect(mine.data.length).toBeGreaterThan(0);
    expect(
      mine.data.every(
        (p: { affiliate: { name: string } | null }) => p.affiliate?.name === 'Lone Star Door-to-Door',
      ),
    ).toBe(true);
    expectFailure(
      await api.call('GET', `/prospects/${otherId}`, { token: affiliateToken }),
      404,
      'NOT_FOUND',
    );
    expectFailure(await updateStatus(otherId, { newStatus: 'Contacted' }, affiliateToken), 404, 'NOT_FOUND');
    const all = (await api.call('GET', '/prospects', { token, query: { pageSize: 100 } })).body.data;
    expect(all.map((p: { idProspect: number }) => p.idProspect)).toEqual(
      expect.arrayContaining([ownId, otherId]),
    );
  });

  it('keeps the affiliate account away from the import and from approving contracts', async () => {
    expectFailure(
      await api.call('POST', '/prospects/pricing-matrix/import', { token: affiliateToken }),
      403,
      'PERMISSION_DENIED',
    );
  });

  it('refuses an account without a prospect role group', async () => {
    const companyId = await sandboxCompanyId(api.db.kysely);
    const portal = await createAccount(api.db.kysely, api.app.voltin.keys, {
      companyId,
      apiKey: 'vlt_portal_only',
      permissions: ['*'],
      roleGroups: ['CustomerPortal'],
    });
    const portalToken = await login(portal.apiKey, portal.secret);
    const failure = expectFailure(
      await api.call('GET', '/prospects', { token: portalToken }),
      403,
      'PERMISSION_DENIED',
    );
    expect(failure.message).toBe('This call needs one of the role groups: Affiliate, Agent, Integration.');
  });

  it('shows another retail company none of them', async () => {
    expectFailure(await api.call('GET', `/prospects/${ownId}`, { token: rivalToken }), 404, 'NOT_FOUND');
    expect((await api.call('GET', '/prospects', { token: rivalToken })).body.data).toEqual([]);
    expectFailure(
      await api.call('GET', '/prospects/pricing-matrix-rules', { token: rivalToken }),
      404,
      'NOT_FOUND',
    );
    expect((await api.call('GET', '/prospects/packages', { token: rivalToken })).body.data).toEqual([]);
  });
});

describe('GET /prospects', () => {
  const ids: Record<string, number> = {};
  let before: string;
  beforeAll(async () => {
    before = new Date().toISOString();
    const make = async (name: string, overrides: Record<string, unknown>) => {
      const response = await create(
        validProspect(refs, { affiliateReferenceId: `list-${name}`, ...overrides }),
      );
      expect(response.status).toBe(200);
      ids[name] = response.body.data.idProspect;
    };
    await make('a', { repReferenceId: 'rep-7', ldc: '10443720009999001', status: 'Contacted' });
    await make('b', { repReferenceId: 'rep-8', ldc: '10443720009999002' });
    await make('c', { ldc: '10443720009999003', status: 'Quote_Sent' });
    await make('d', { repReferenceId: '', ldc: '10443720009999004' });
  });

  const list = async (query: Record<string, string | number>) => {
    const response = await api.call('GET', '/prospects', { token, query: { pageSize: 100, ...query } });
    expect(response.status).toBe(200);
    return response.body.data as Array<{ idProspect: number; affiliateReferenceId: string }>;
  };
  const ours = (items: Array<{ idProspect: number }>) =>
    items.map((p) => p.idProspect).filter((id) => Object.values(ids).includes(id));

  it('filters by affiliate reference, rep reference, status and LDC', async () => {
    expect(ours(await list({ affiliateReferenceId: 'list-b' }))).toEqual([ids.b]);
    expect(ours(await list({ repReferenceId: 'rep-7' }))).toEqual([ids.a]);
    expect(ours(await list({ status: 'Quote_Sent' }))).toEqual([ids.c]);
    expect(ours(await list({ ldcNumber: '10443720009999004' }))).toEqual([ids.d]);
  });

  it('filters on having a rep reference: All, Yes, No', async () => {
    expect(ours(await list({ updateFrom: before }))).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(ours(await list({ updateFrom: before, hasRepReferenceId: 'All' }))).toEqual([
      ids.a,
      ids.b,
      ids.c,
      ids.d,
    ]);
    expect(ours(await list({ updateFrom: before, hasRepReferenceId: 'Yes' }))).toEqual([ids.a, ids.b]);
    expect(ours(await list({ updateFrom: before, hasRepReferenceId: 'No' }))).toEqual([ids.c, ids.d]);
    const failure = expectFailure(
      await api.call('GET', '/prospects', { token, query: { hasRepReferenceId: 'Maybe' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(failure.errors).toEqual([
      'querystring.hasRepReferenceId: must be equal to one of the allowed values (All, Yes, No)',
    ]);
  });

  it('lists what changed in an update window, oldest change first', async () => {
    await updateStatus(ids.b!, { newStatus: 'Contacted' });
    const afterUpdate = (await api.call('GET', `/prospects/${ids.b}`, { token })).body.data
      .modifiedAt as string;
    expect(ours(await list({ updateFrom: before }))).toEqual([ids.a, ids.c, ids.d, ids.b]);
    expect(ours(await list({ updateFrom: afterUpdate }))).toEqual([ids.b]);
    expect(ours(await list({ updateFrom: before, updateTo: before }))).toEqual([]);
    expect(await list({ updateFrom: addDaysUtc(1) })).toEqual([]);
    expect(ours(await list({ updateTo: addDaysUtc(0), updateFrom: addDaysUtc(0) }))).toEqual([
      ids.a,
      ids.c,
      ids.d,
      ids.b,
    ]);
  });

  it('refuses a malformed or inverted window, naming the parameter', async () => {
    let failure = expectFailure(
      await api.call('GET', '/prospects', { token, query: { updateFrom: 'yesterday' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(failure.errors[0]).toMatch(/^querystring\.updateFrom: /);
    failure = expectFailure(
      await api.call('GET', '/prospects', {
        token,
        query: { updateFrom: '2026-11-02', updateTo: '2026-11-01' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(failure.errors).toEqual(['querystring.updateTo: must not be before updateFrom']);
  });

  it('pages the list', async () => {
    const first = await api.call('GET', '/prospects', { token, query: { updateFrom: before, pageSize: 3 } });
    expect(first.body).toMatchObject({ pageNumber: 1, pageSize: 3, totalRecords: 4, totalPages: 2 });
    const second = await api.call('GET', '/prospects', {
      token,
      query: { updateFrom: before, pageSize: 3, pageNumber: 2 },
    });
    expect(second.body.data.map((p: { idProspect: number }) => p.idProspect)).toEqual([ids.b]);
  });
});

describe('POST /prospects/{id}/update-status', () => {
  it('moves along the transition table and returns the previous and new status', async () => {
    const id = (await create(validProspect(refs))).body.data.idProspect as number;
    const moved = await updateStatus(id, { newStatus: 'Contacted', repReferenceId: 'rep-42' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toEqual({ idProspect: id, previousStatus: 'New', newStatus: 'Contacted' });
    const prospect = (await api.call('GET', `/prospects/${id}`, { token })).body.data;
    expect(prospect).toMatchObject({ status: 'Contacted', repReferenceId: 'rep-42' });
    expect((await updateStatus(id, { newStatus: 'Quote_Sent' })).body.data.previousStatus).toBe('Contacted');
  });

  it('refuses a move the table forbids, saying where the prospect may go', async () => {
    const id = (await create(validProspect(refs))).body.data.idProspect as number;
    const failure = expectFailure(
      await updateStatus(id, { newStatus: 'Contract_Signed' }),
      409,
      'PROSPECT_STATUS_TRANSITION_REFUSED',
    );
    expect(failure.message).toBe(
      'A prospect in status New cannot be moved to Contract_Signed; it may move to Contacted, Quote_Sent, Canceled.',
    );
    expectFailure(
      await updateStatus(id, { newStatus: 'Quote_Expired' }),
      409,
      'PROSPECT_STATUS_TRANSITION_REFUSED',
    );
    expectFailure(await updateStatus(id, { newStatus: 'New' }), 409, 'PROSPECT_STATUS_TRANSITION_REFUSED');
    await updateStatus(id, { newStatus: 'Canceled' });
    const final = expectFailure(
      await updateStatus(id, { newStatus: 'New' }),
      409,
      'PROSPECT_STATUS_TRANSITION_REFUSED',
    );
    expect(final.message).toBe('A prospect in status Canceled cannot be moved to New; Canceled is final.');
  });

  it('refuses an unknown status and an unknown prospect', async () => {
    const failure = expectFailure(await updateStatus(1, { newStatus: 'Won' }), 400, 'VALIDATION_FAILED');
    expect(failure.errors[0]).toMatch(/^body\.newStatus: must be equal to one of the allowed values/);
    expectFailure(await updateStatus(99999, { newStatus: 'Contacted' }), 404, 'NOT_FOUND');
  });

  it('sends the contract on Contract_Sent: signingStatus Created then Unsigned, expiry restarted', async () => {
    const id = (await create(validProspect(refs, { status: 'Quote_Sent' }))).body.data.idProspect as number;
    expect((await updateStatus(id, { newStatus: 'Contract_Sent' })).status).toBe(200);
    const prospect = (await api.call('GET', `/prospects/${id}`, { token })).body.data;
    expect(prospect).toMatchObject({
      status: 'Contract_Sent',
      signingStatus: 'Unsigned',
      expirationDate: addDaysUtc(30),
    });
    const envelopes = await api.db.kysely
      .selectFrom('signing_envelopes')
      .selectAll()
      .where('prospect_id', '=', id)
      .execute();
    expect(envelopes).toHaveLength(1);
    expect(envelopes[0]).toMatchObject({
      status: 'Unsigned',
      envelope_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // Withdrawing the contract voids the envelope.
    await updateStatus(id, { newStatus: 'Quote_Sent' });
    expect((await api.call('GET', `/prospects/${id}`, { token })).body.data).toMatchObject({
      status: 'Quote_Sent',
      signingStatus: 'Canceled',
    });
  });

  it('answers 503 and changes nothing when the signing service is unreachable (sandbox signer "Offline")', async () => {
    const customer = {
      firstName: 'Otto',
      lastName: 'Offline',
      phoneNumber: '2145550000',
      idPreferedLanguage: refs.englishId,
    };
    const id = (await create(validProspect(refs, { status: 'Quote_Sent', customer }))).body.data
      .idProspect as number;
    expectFailure(await updateStatus(id, { newStatus: 'Contract_Sent' }), 503, 'UPSTREAM_UNAVAILABLE');
    expect((await api.call('GET', `/prospects/${id}`, { token })).body.data).toMatchObject({
      status: 'Quote_Sent',
      signingStatus: null,
    });
  });

  it('holds the contract (signingStatus OnHold) when the envelope could not be sent (sandbox signer "Unsent")', async () => {
    const customer = {
      firstName: 'Uma',
      lastName: 'Unsent',
      phoneNumber: '2145550001',
      idPreferedLanguage: refs.englishId,
    };
    const id = (await create(validProspect(refs, { status: 'Quote_Sent', customer }))).body.data
      .idProspect as number;
    expect((await updateStatus(id, { newStatus: 'Contract_Sent' })).status).toBe(200);
    expect((await api.call('GET', `/prospects/${id}`, { token })).body.data).toMatchObject({
      status: 'Contract_Sent',
      signingStatus: 'OnHold',
    });
  });

  it('refuses Contract_Sent for a company without a signing account', async () => {
    const id = (await create(validProspect(refs, { status: 'Quote_Sent' }))).body.data.idProspect as number;
    const companyId = await sandboxCompanyId(api.db.kysely);
    const holder = (await createTenant(api.db.kysely, api.app.voltin.keys, 'no-signing')).companyId;
    await withoutSigningAccount(api.db.kysely, companyId, holder, async () => {
      expectFailure(await updateStatus(id, { newStatus: 'Contract_Sent' }), 422, 'SIGNING_NOT_CONFIGURED');
    });
  });
});

describe('GET /prospects/pricing-matrix-rules and GET /prospects/packages', () => {
  it('gives the company’s pricing matrix rules', async () => {
    const response = await api.call('GET', '/prospects/pricing-matrix-rules', { token: affiliateToken });
    expect(response.body.data).toEqual({
      availableCustomerTypes: ['Residential', 'SmallBusiness'],
      termsAvailableForUse: [6, 12, 24, 36],
      recomendedPricingMatrixTerms: [12, 24],
      tenorLimitForPrices: 12,
    });
  });

  it('lists packages with customer types, markets, utilities and documents, filtered by each parameter', async () => {
    const all = (await api.call('GET', '/prospects/packages', { token })).body.data;
    expect(all.map((p: { name: string }) => p.name)).toEqual([
      'Texas Residential Door-to-Door',
      'Texas Small Business Fixed',
      'Ohio and Georgia Residential Gas',
    ]);
    expect(all[0]).toMatchObject({
      customerTypes: ['Residential'],
      markets: [{ state_code: 'TX', name: 'Texas (ERCOT)' }],
      documents: expect.arrayContaining([
        expect.objectContaining({ documentType: 'EFL', name: 'Electricity Facts Label' }),
      ]),
    });
    expect(all[0].utilities.map((u: { code: string }) => u.code)).toEqual([
      'ONCOR',
      'CNP',
      'AEP_TCC',
      'AEP_TNC',
      'TNMP',
    ]);
    const names = async (query: Record<string, string>) =>
      (await api.call('GET', '/prospects/packages', { token, query })).body.data.map(
        (p: { name: string }) => p.name,
      );
    expect(await names({ State: 'GA' })).toEqual(['Ohio and Georgia Residential Gas']);
    expect(await names({ State: 'tx', CustomerType: 'SmallBusiness' })).toEqual([
      'Texas Small Business Fixed',
    ]);
    expect(await names({ PriceProviderUtilityCode: 'AGL' })).toEqual(['Ohio and Georgia Residential Gas']);
    expect(await names({ PriceProviderUtilityCode: 'oncor', CustomerType: 'Residential' })).toEqual([
      'Texas Residential Door-to-Door',
    ]);
    expect(await names({ State: 'CA' })).toEqual([]);
    expectFailure(
      await api.call('GET', '/prospects/packages', { token, query: { State: 'Texas' } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('role permissions', () => {
  it('lets Agent and Integration approve a signed contract, not Affiliate', async () => {
    const id = (await create(validProspect(refs, { status: 'Quote_Sent' }), affiliateToken)).body.data
      .idProspect as number;
    await updateStatus(id, { newStatus: 'Contract_Sent' }, affiliateToken);
    const { envelope_id: envelopeId } = await api.db.kysely
      .selectFrom('signing_envelopes')
      .select('envelope_id')
      .where('prospect_id', '=', id)
      .executeTakeFirstOrThrow();
    const completed = JSON.stringify({
      event: 'envelope-completed',
      generatedDateTime: '2026-11-21T09:00:00Z',
      data: { accountId: SANDBOX_PROSPECTS.signingAccountId, envelopeId },
    });
    const webhook = await api.call('POST', '/webhooks/docusign', {
      body: completed,
      headers: {
        'x-docusign-signature-1': createHmac('sha256', SANDBOX_PROSPECTS.connectKey)
          .update(completed)
          .digest('base64'),
      },
    });
    expect(webhook.body.data.status).toBe('Contract_Signed');
    const failure = expectFailure(
      await updateStatus(id, { newStatus: 'Contract_Approved' }, affiliateToken),
      403,
      'PERMISSION_DENIED',
    );
    expect(failure.message).toBe(
      'Moving a prospect from Contract_Signed to Contract_Approved needs one of the role groups: Agent, Integration.',
    );
    const approved = await updateStatus(id, { newStatus: 'Contract_Approved' }, integrationToken);
    expect(approved.body.data).toEqual({
      idProspect: id,
      previousStatus: 'Contract_Signed',
      newStatus: 'Contract_Approved',
    });
  });

  it('keeps the import for the Agent role group', async () => {
    const failure = expectFailure(
      await api.call('POST', '/prospects/pricing-matrix/import', { token: integrationToken }),
      403,
      'PERMISSION_DENIED',
    );
    expect(failure.message).toBe('This call needs one of the role groups: Agent.');
  });
});

describe('the tables the docs site is generated from', () => {
  it('gives every prospect route the role groups of PROSPECT_ROLE_PERMISSIONS', () => {
    const prospectRoutes = api.app.routeCatalogue.filter((r) => r.url.startsWith('/api/v1/prospects'));
    expect(prospectRoutes.map((r) => r.operationId).sort()).toEqual(
      PROSPECT_ROLE_PERMISSIONS.map((p) => p.operationId).sort(),
    );
    for (const route of prospectRoutes) {
      const entry = PROSPECT_ROLE_PERMISSIONS.find((p) => p.operationId === route.operationId)!;
      expect(route.roleGroups).toEqual([...entry.roleGroups]);
    }
  });

  it('reaches every sales status, and leaves Contract_Approved and Canceled final', () => {
    const reached = new Set(PROSPECT_STATUS_TRANSITIONS.map((t) => t.to));
    for (const status of PROSPECT_STATUSES.filter((s) => s !== 'New' && s !== 'Contacted')) {
      expect(reached.has(status)).toBe(true);
    }
    expect(
      PROSPECT_STATUS_TRANSITIONS.filter((t) => t.from === 'Contract_Approved' || t.from === 'Canceled'),
    ).toEqual([]);
  });
});
