import { beforeAll, describe, expect, it } from 'vitest';
import { planName } from '../../../src/modules/plans/naming.js';
import { createTenant } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';

const api = useTestApi();
let token: string;
const utilityIds = new Map<string, number>();
const get = (path: string, query?: Record<string, any>, as = token) =>
  api.call('GET', path, { token: as, query });
const planIdNamed = async (name: string, utility = 'ONCOR') =>
  (
    await api.db.kysely
      .selectFrom('plans')
      .innerJoin('utilities', 'utilities.id', 'plans.utility_id')
      .select('plans.id')
      .where('plans.name', '=', name)
      .where('utilities.code', '=', utility)
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  token = await api.sandboxToken();
  for (const u of await api.db.kysely.selectFrom('utilities').select(['id', 'code']).execute())
    utilityIds.set(u.code, u.id);
});

describe('GET /plans/for-wizard', () => {
  it('lists the plans on sale for the utilities and customer type, with EFL prices', async () => {
    const response = await get('/plans/for-wizard', {
      ids_utilities: utilityIds.get('ONCOR'),
      customer_type: 1,
    });
    expect(response.status).toBe(200);
    const names = response.body.data.map((p: { name: string }) => p.name);
    expect(names).toContain('Bluebonnet Energy 12-Month Fixed Electric');
    expect(names).toContain('Bluebonnet Energy Month-to-Month Daily Rate Electric');
    expect(names.some((n: string) => n.includes('HOMEFALL26') || n.includes('SUMMER25'))).toBe(false);
    const fixed = response.body.data.find(
      (p: { name: string }) => p.name === 'Bluebonnet Energy 12-Month Fixed Electric',
    );
    expect(fixed).toMatchObject({
      rate: 9.4,
      monthly_fee: 9.95,
      rate500: 17.4,
      rate1000: 16,
      rate2000: 15.3,
      rate_type: 'Fixed',
      display_in_wizard: true,
    });
    expect(
      response.body.data.every((p: { customer_type: string }) => p.customer_type === 'Residential'),
    ).toBe(true);
  });

  it('never lists drafts, deprecated plans or plans whose sale window closed', async () => {
    const names = (await get('/plans/for-wizard', { ids_utilities: utilityIds.get('ONCOR') })).body.data.map(
      (p: { name: string }) => p.name,
    );
    for (const hidden of [' 6-Month', ' 18-Month', ' 3-Month'])
      expect(names.some((n: string) => n.includes(hidden))).toBe(false);
  });

  it('adds the plans of a valid campaign code, in any letter case', async () => {
    const names = (
      await get('/plans/for-wizard', { ids_utilities: utilityIds.get('ONCOR'), promo_code: 'homefall26' })
    ).body.data.map((p: { name: string }) => p.name);
    expect(names).toContain('Bluebonnet Energy 12-Month Fixed Electric HOMEFALL26');
    expect(names).toContain('Bluebonnet Energy 12-Month Fixed Electric');
  });

  it('refuses an unknown or expired promo code with PROMO_CODE_INVALID', async () => {
    expectFailure(
      await get('/plans/for-wizard', { ids_utilities: utilityIds.get('ONCOR'), promo_code: 'NOPE' }),
      422,
      'PROMO_CODE_INVALID',
    );
    expectFailure(
      await get('/plans/for-wizard', { ids_utilities: utilityIds.get('ONCOR'), promo_code: 'SUMMER25' }),
      422,
      'PROMO_CODE_INVALID',
    );
  });

  it('requires ids_utilities and refuses utilities the company does not have', async () => {
    const body = expectFailure(await get('/plans/for-wizard'), 400, 'VALIDATION_FAILED');
    expect(body.errors).toContain('querystring.ids_utilities: is required');
    expectFailure(await get('/plans/for-wizard', { ids_utilities: 'abc' }), 400, 'VALIDATION_FAILED');
    expectFailure(await get('/plans/for-wizard', { ids_utilities: 99999 }), 404, 'NOT_FOUND');
  });

  it('gives the gas rate unit by market: Ccf in Ohio, therm in Georgia, and no EFL', async () => {
    const data = (
      await get('/plans/for-wizard', { ids_utilities: `${utilityIds.get('COH')},${utilityIds.get('AGL')}` })
    ).body.data;
    const ohio = data.find((p: { id_utility: number }) => p.id_utility === utilityIds.get('COH'));
    const georgia = data.find((p: { id_utility: number }) => p.id_utility === utilityIds.get('AGL'));
    expect(ohio).toMatchObject({ rate_unit: 'Ccf', commodity_name: 'Gas', id_commodity: 2, rate1000: null });
    expect(georgia).toMatchObject({ rate_unit: 'therm', monthly_fee: 5.99 });
  });
});

describe('GET /plans/batch-for-wizard', () => {
  it('adds utility names and codes, for several utilities at once', async () => {
    const data = (
      await get('/plans/batch-for-wizard', {
        ids_utilities: [utilityIds.get('ONCOR')!, utilityIds.get('CNP')!],
      })
    ).body.data;
    expect(new Set(data.map((p: { utility_code: string }) => p.utility_code))).toEqual(
      new Set(['ONCOR', 'CNP']),
    );
    expect(data[0]).toHaveProperty('utility_name');
    expect(data[0]).toHaveProperty('utility_formal_name');
  });
});

describe('GET /plans/{planId}', () => {
  it('returns the full record: rules, validators, documents and acceptance options', async () => {
    const id = await planIdNamed('Bluebonnet Energy 24-Month Fixed Electric');
    const plan = (await get(`/plans/${id}`)).body.data;
    expect(plan.general_rules).toMatchObject({
      required_credit_check: true,
      deposit_required_under_score: 600,
      deposit_deny_service_under_score: 450,
      allow_bypass_credit_check: false,
      allow_use_date_of_birth: false,
    });
    expect(plan.general_rules.ldc_account_number[0]).toMatchObject({
      fieldName: 'ldcAccount',
      fieldLength: 17,
      defaultValue: '10443720',
    });
    expect(
      plan.customer_fields.find((f: { fieldName: string }) => f.fieldName === 'socialSecurityNumber')
        .isFieldRequired,
    ).toBe(true);
    expect(plan.plan_documents.map((d: { doc_type: string }) => d.doc_type)).toEqual(['EFL', 'TOS']);
    expect(plan.market_documents.map((d: { doc_type: string }) => d.doc_type)).toEqual(['YRAC', 'PRIVACY']);
    expect(plan.acceptance_options.filter((o: { is_required: boolean }) => o.is_required)).toHaveLength(2);
  });

  it('keeps a deprecated plan readable for its customers, but not on sale', async () => {
    const plan = (await get(`/plans/${await planIdNamed('Bluebonnet Energy 18-Month Fixed Electric')}`)).body
      .data;
    expect(plan).toMatchObject({ deprecated: true, display_in_wizard: false });
  });

  it('answers PLAN_NOT_FOUND for a draft, an unknown plan and another company plan', async () => {
    expectFailure(
      await get(`/plans/${await planIdNamed('Bluebonnet Energy 6-Month Fixed Electric')}`),
      404,
      'PLAN_NOT_FOUND',
    );
    expectFailure(await get('/plans/99999'), 404, 'PLAN_NOT_FOUND');
    const rival = await createTenant(api.db.kysely, api.app.voltin.keys, 'rival-power');
    const rivalToken = (
      await api.call('POST', '/auth/login', { query: signLogin(rival.apiKey, rival.secret) })
    ).body.data.token;
    expectFailure(
      await get(
        `/plans/${await planIdNamed('Bluebonnet Energy 12-Month Fixed Electric')}`,
        undefined,
        rivalToken,
      ),
      404,
      'PLAN_NOT_FOUND',
    );
  });

  it('names every seeded plan by the one naming rule', async () => {
    const rows = await api.db.kysely
      .selectFrom('plans')
      .innerJoin('utilities', 'utilities.id', 'plans.utility_id')
      .selectAll('plans')
      .select('utilities.commodity')
      .execute();
    for (const row of rows) {
      const expected = planName({
        brandName: 'Bluebonnet Energy',
        term: row.term,
        planType: row.id_plan_type as 1 | 2 | 4,
        timeOfUse: row.is_time_of_use === 1,
        commodity: row.commodity as 'Electric' | 'Gas',
        promoCode: row.promo_code,
      });
      expect(row.name).toBe(expected);
    }
  });
});

describe('plan details for the wizard', () => {
  let planId: number;
  beforeAll(async () => {
    planId = await planIdNamed('Bluebonnet Energy 12-Month Fixed Electric');
  });

  /** Spanish's id_language, as a caller finds it. */
  const spanishId = async () =>
    ((await get('/document-languages')).body.data as Array<{ id_language: number; short_name: string }>).find(
      (l) => l.short_name === 'es',
    )!.id_language;

  it('GET /plans/docs/{planId} gives download links in the asked language', async () => {
    const spanish = await spanishId();
    const docs = (await get(`/plans/docs/${planId}`, { languageId: spanish })).body.data;
    expect(docs.map((d: { url: string }) => d.url)).toEqual([
      expect.stringMatching(/\/es\.pdf\?expires=\d+&signature=/),
      expect.stringMatching(/\/es\.pdf\?/),
    ]);
    expectFailure(await get(`/plans/docs/${planId}`, { languageId: 999 }), 404, 'NOT_FOUND');
  });

  it('plan shopping, the plan and its thank-you page link documents in the asked language', async () => {
    const spanish = await spanishId();
    const linksOf = (plan: { plan_documents: { url: string }[]; market_documents: { url: string }[] }) =>
      [...plan.plan_documents, ...plan.market_documents].map((d) => d.url);
    const plan = (await get(`/plans/${planId}`)).body.data;
    const utility = plan.id_utility as number;
    const inSpanish = (await get(`/plans/${planId}`, { languageId: spanish })).body.data;
    expect(linksOf(plan).every((url) => /\/en\.pdf\?/.test(url))).toBe(true);
    expect(linksOf(inSpanish).length).toBe(linksOf(plan).length);
    expect(linksOf(inSpanish).every((url) => /\/es\.pdf\?expires=\d+&signature=/.test(url))).toBe(true);

    const listed = (await get('/plans/for-wizard', { ids_utilities: utility, languageId: spanish })).body
      .data;
    const same = listed.find((p: { id_plan: number }) => p.id_plan === planId);
    expect(linksOf(same).every((url) => /\/es\.pdf\?/.test(url))).toBe(true);

    const thanks = (await get(`/plans/thank-you-page/${planId}`, { languageId: spanish })).body.data;
    expect(thanks.documents.map((d: { url: string }) => d.url)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/es\.pdf\?/)]),
    );
    const spanishLink = await fetch(linksOf(inSpanish)[0]!);
    expect(spanishLink.status).toBe(200);
    expect(spanishLink.headers.get('content-type')).toContain('application/pdf');
    expectFailure(await get(`/plans/${planId}`, { languageId: 999 }), 404, 'NOT_FOUND');
  });

  it("GET /plans/zip-codes/{planId} lists the utility's zip codes", async () => {
    const zips = (await get(`/plans/zip-codes/${planId}`)).body.data.map(
      (z: { zipcode: string }) => z.zipcode,
    );
    expect(zips).toContain('75201');
    expect(zips).not.toContain('77002');
  });

  it('GET /plans/thank-you-page/{planId} gives the text, brand contact, documents and rescission period', async () => {
    const page = (await get(`/plans/thank-you-page/${planId}`)).body.data;
    expect(page).toMatchObject({
      plan_name: 'Bluebonnet Energy 12-Month Fixed Electric',
      rescission_period: 3,
      brand: { name: 'Bluebonnet Energy' },
    });
    expect(page.thank_you_text).toContain('Welcome to Bluebonnet Energy');
    expect(page.documents.length).toBeGreaterThan(0);
  });

  it('GET /plans/acceptance-options lists what must be agreed', async () => {
    const options = (await get('/plans/acceptance-options', { planId })).body.data;
    expect(options).toHaveLength(3);
    expect(options[0]).toMatchObject({
      is_required: true,
      text: expect.stringContaining('Electricity Facts Label'),
    });
    expectFailure(await get('/plans/acceptance-options'), 400, 'VALIDATION_FAILED');
  });

  it('GET /plans/request-customer-fields/{planId} and request-address-fields', async () => {
    const customer = (await get(`/plans/request-customer-fields/${planId}`)).body.data;
    expect(
      customer.find((f: { fieldName: string }) => f.fieldName === 'socialSecurityNumber').dependOnFields,
    ).toEqual(['dateOfBirth']);
    const address = (await get(`/plans/request-address-fields/${planId}`)).body.data;
    expect(address.map((f: { fieldName: string }) => f.fieldName)).toEqual([
      'address',
      'address2',
      'city',
      'county',
      'state',
      'zipcode',
      'meter_number',
      'ldcAccount',
    ]);
  });
});

describe('validation before enrolling', () => {
  let planId: number;
  beforeAll(async () => {
    planId = await planIdNamed('Bluebonnet Energy 12-Month Fixed Electric');
  });

  it('GET /customers/validate-customer-fields reports each broken rule', async () => {
    const good = {
      firstName: 'Ana',
      lastName: 'García',
      email: 'ana@example.com',
      primaryPhoneNumber: '5125550100',
      dateOfBirth: '1984-03-02',
    };
    const ok = await get('/customers/validate-customer-fields', {
      idPlan: planId,
      customerFields: JSON.stringify(good),
    });
    expect(ok.body.data).toEqual({ is_valid: true, errors: [] });
    const bad = await get('/customers/validate-customer-fields', {
      idPlan: planId,
      customerFields: JSON.stringify({ ...good, lastName: '', email: 'nope', dateOfBirth: undefined }),
    });
    expect(bad.body.data.is_valid).toBe(false);
    expect(bad.body.data.errors.map((e: { code: string }) => e.code)).toEqual([
      'FIELD_REQUIRED',
      'FIELD_FORMAT',
      'FIELD_ONE_OF_REQUIRED',
    ]);
  });

  it('refuses customerFields that are not a JSON object', async () => {
    expectFailure(
      await get('/customers/validate-customer-fields', { idPlan: planId, customerFields: '{oops' }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await get('/customers/validate-customer-fields', { idPlan: planId, customerFields: '[1,2]' }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await get('/customers/validate-customer-fields', { idPlan: 99999, customerFields: '{}' }),
      404,
      'PLAN_NOT_FOUND',
    );
  });

  it('GET /miscellaneous/validate-address-fields checks an ESIID against the TDSP', async () => {
    const check = (address: string, fieldType = 'ldc_account_number') =>
      get('/miscellaneous/validate-address-fields', { address, planId, fieldType });
    expect((await check('10443720001234567')).body.data).toEqual({ is_valid: true, errors: [] });
    expect((await check('10089010001234567')).body.data.errors[0].code).toBe('FIELD_RULE');
    expect((await check('104437200012')).body.data.errors[0].code).toBe('FIELD_WRONG_LENGTH');
    expectFailure(await check('10443720001234567', 'zipcode'), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /plan-bundles/for-wizard', () => {
  it('offers the Cincinnati electric and gas bundle for the Duke pair', async () => {
    const query = { electricUtilityId: utilityIds.get('DUKE_OH_E'), gasUtilityId: utilityIds.get('DUKE_OH') };
    const bundles = (await get('/plan-bundles/for-wizard', query)).body.data;
    expect(bundles).toHaveLength(1);
    expect(bundles[0]).toMatchObject({
      name: 'Cincinnati Home Bundle',
      electric_plan: { commodity_name: 'Electric' },
      gas_plan: { commodity_name: 'Gas' },
    });
    const cincinnati = (await get('/zipcodes', { zipcode: '45202' })).body.data[0].id_zipcode;
    expect(
      (await get('/plan-bundles/for-wizard', { ...query, zipCodeId: cincinnati })).body.data,
    ).toHaveLength(1);
    const dallas = (await get('/zipcodes', { zipcode: '75201' })).body.data[0].id_zipcode;
    expect((await get('/plan-bundles/for-wizard', { ...query, zipCodeId: dallas })).body.data).toEqual([]);
  });

  it('refuses a pair that is not an electric and a gas utility', async () => {
    const body = expectFailure(
      await get('/plan-bundles/for-wizard', {
        electricUtilityId: utilityIds.get('DUKE_OH'),
        gasUtilityId: utilityIds.get('DUKE_OH_E'),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(body.errors).toContain('electricUtilityId: must be an electric utility');
  });
});
