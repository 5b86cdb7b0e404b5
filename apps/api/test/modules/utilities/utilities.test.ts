import { beforeAll, describe, expect, it } from 'vitest';
import { setPlans, setUtility } from '../../fixtures/operator.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';

const api = useTestApi();
let token: string;
const get = (path: string, query?: Record<string, any>) => api.call('GET', path, { token, query });
const codes = (response: { body: { data: Array<{ code: string }> } }) =>
  response.body.data.map((u) => u.code).sort();

beforeAll(async () => {
  token = await api.sandboxToken();
});

describe('GET /utilities', () => {
  it('lists every utility of the company with its charges, customer types and methods', async () => {
    const response = await get('/utilities');
    expect(codes(response)).toEqual(
      [
        'AEP_TCC',
        'AEP_TNC',
        'AGL',
        'CNP',
        'CNP_OH',
        'COH',
        'DUKE_OH',
        'DUKE_OH_E',
        'EGO',
        'ONCOR',
        'TNMP',
      ].sort(),
    );
    const oncor = response.body.data.find((u: { code: string }) => u.code === 'ONCOR');
    expect(oncor).toMatchObject({
      name: 'Oncor',
      commodity_name: 'Electric',
      state_code: 'TX',
      ldc_length: 17,
      rescission_period: 3,
      zipcodes: [],
      method_delivery: [
        { id_method_delivery: 1, name: 'Email' },
        { id_method_delivery: 2, name: 'Letter' },
        { id_method_delivery: 3, name: 'Email and letter' },
      ],
    });
    expect(oncor.current_tdsp_charges).toContainEqual(
      expect.objectContaining({
        type: 'monthly',
        charge: 4.23,
        translations: { es: 'Cargos por cliente y medición' },
      }),
    );
    expect(oncor.customer_types.map((t: { code: string }) => t.code)).toEqual([
      'Residential',
      'SmallBusiness',
      'LargeBusiness',
    ]);
  });

  it('finds the utilities serving a zip code', async () => {
    expect(codes(await get('/utilities', { zipCode: '75201' }))).toEqual(['ONCOR']);
    expect(codes(await get('/utilities', { zipCode: '45202' }))).toEqual(['DUKE_OH', 'DUKE_OH_E']);
    expect(codes(await get('/utilities', { zipCode: '99501' }))).toEqual([]);
    expectFailure(await get('/utilities', { zipCode: '7520' }), 400, 'VALIDATION_FAILED');
  });

  it('includes served zip codes on request', async () => {
    const [oncor] = (await get('/utilities', { zipCode: '75201', include_zipcodes: true })).body.data;
    expect(oncor.zipcodes).toContain('75201');
    expect(oncor.zipcodes.length).toBeGreaterThan(20);
  });

  it('filters by active, allow_enrollments, customer type and plans on sale', async () => {
    const tnmp = (
      await api.db.kysely
        .selectFrom('utilities')
        .select('id')
        .where('code', '=', 'TNMP')
        .executeTakeFirstOrThrow()
    ).id;
    await setUtility(api.db.kysely, 'TNMP', { allow_enrollments: 0 });
    await setPlans(api.db.kysely, { utilityId: tnmp }, { published: 0 });
    expect(codes(await get('/utilities', { allow_enrollments: false }))).toEqual(['TNMP']);
    expect(codes(await get('/utilities', { has_available_plans: false }))).toEqual(['TNMP']);
    expect(codes(await get('/utilities', { has_available_plans: true }))).not.toContain('TNMP');
    expect((await get('/utilities', { active: false })).body.data).toEqual([]);
    const business = (
      await api.db.kysely
        .selectFrom('customer_types')
        .select('id')
        .where('code', '=', 'SmallBusiness')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await get('/utilities', { id_customer_type: business })).body.data.length).toBe(11);
    expect(codes(await get('/utilities', { id_utility: tnmp }))).toEqual(['TNMP']);
  });
});

describe('GET /utilities/utility-information', () => {
  it('tells how to ask for the LDC number: ESIID and Move-In in Texas, account number in Ohio', async () => {
    const all = (await get('/utilities')).body.data as Array<{ code: string; id_utility: number }>;
    const id = (code: string) => all.find((u) => u.code === code)!.id_utility;
    expect((await get('/utilities/utility-information', { utilityId: id('CNP') })).body.data).toMatchObject({
      switch_types: ['Switch', 'Move-In'],
      ldc_Label: 'ESIID',
      ldc_length: 22,
      is_tx_market: true,
    });
    expect((await get('/utilities/utility-information', { utilityId: id('COH') })).body.data).toMatchObject({
      switch_types: ['Switch'],
      is_tx_market: false,
      allow_weekend_start_dates: false,
    });
    expectFailure(await get('/utilities/utility-information', { utilityId: 99999 }), 404, 'NOT_FOUND');
    expectFailure(await get('/utilities/utility-information'), 400, 'VALIDATION_FAILED');
  });
});
