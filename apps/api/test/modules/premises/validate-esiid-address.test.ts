import type { Selectable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PremisesTable } from '../../../src/db/tables/premises.js';
import { addCustomerType } from '../../fixtures/operator.js';
import { createTenant, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';

const api = useTestApi();
let token: string;
const typeIds: Record<string, number> = {};
type Premise = Selectable<PremisesTable>;

const validate = (query: Record<string, string | number>, as = token) =>
  api.call('GET', '/miscellaneous/validate-esiid-address', { token: as, query });

async function premise(filter: { premise_type: string; status: string; unit: boolean }): Promise<Premise> {
  return api.db.kysely
    .selectFrom('premises')
    .selectAll()
    .where('premise_type', '=', filter.premise_type)
    .where('status', '=', filter.status)
    .where('address_2', filter.unit ? 'is not' : 'is', null)
    .orderBy('esiid')
    .executeTakeFirstOrThrow();
}

const fullAddress = (p: Premise) => [p.address_1, p.address_2].filter(Boolean).join(' ');
const codes = (body: { data: { errors: Array<{ code: string }> } }) => body.data.errors.map((e) => e.code);

beforeAll(async () => {
  token = await api.sandboxToken();
  const companyId = await sandboxCompanyId(api.db.kysely);
  const types = await api.db.kysely
    .selectFrom('customer_types')
    .select(['id', 'code'])
    .where('company_id', '=', companyId)
    .execute();
  for (const type of types) typeIds[type.code] = type.id;
});

describe('GET /miscellaneous/validate-esiid-address', () => {
  it('is valid for an active premise at its own address and a fitting customer type', async () => {
    const home = await premise({ premise_type: 'Residential', status: 'Active', unit: false });
    const response = await validate({
      esiidNumber: home.esiid,
      addressint: home.address_1,
      customerTypeId: typeIds.Residential!,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ succeeded: true, data: { is_valid: true, errors: [] } });

    const shop = await premise({ premise_type: 'Commercial', status: 'Active', unit: false });
    for (const code of ['SmallBusiness', 'LargeBusiness']) {
      const business = await validate({
        esiidNumber: shop.esiid,
        addressint: shop.address_1,
        customerTypeId: typeIds[code]!,
      });
      expect(business.body.data).toEqual({ is_valid: true, errors: [] });
    }
  });

  it('compares addresses normalised, with the unit of an apartment', async () => {
    const flat = await premise({ premise_type: 'Residential', status: 'Active', unit: true });
    const [number, ...street] = flat.address_1.split(' ');
    const spelled = `${number} ${street.join(' ').toUpperCase().replace(/ ST$/, ' STREET').replace(/ AVE$/, ' AVENUE')}`;
    for (const addressint of [
      fullAddress(flat),
      `${spelled}, ${flat.address_2!.replace('Apt ', 'Apartment ')}, ${flat.city}, TX ${flat.zipcode}`,
      `${flat.address_1.toLowerCase()} #${flat.address_2!.replace('Apt ', '')}`,
    ]) {
      const response = await validate({
        esiidNumber: flat.esiid,
        addressint,
        customerTypeId: typeIds.Residential!,
      });
      expect(response.body.data, addressint).toEqual({ is_valid: true, errors: [] });
    }
  });

  it('ESIID_PREFIX_MISMATCH: not the prefix of any of the company Texas utilities', async () => {
    const response = await validate({
      esiidNumber: '99999999999999999',
      addressint: '100 Main St',
      customerTypeId: typeIds.Residential!,
    });
    expect(response.body.data.is_valid).toBe(false);
    expect(codes(response.body)).toEqual(['ESIID_PREFIX_MISMATCH']);
    expect(response.body.data.errors[0].message).toMatch(/prefix/);
  });

  it('ESIID_PREFIX_MISMATCH: a real premise of a utility the company does not serve', async () => {
    const rival = await createTenant(api.db.kysely, api.app.voltin.keys, 'rival-esiid');
    const rivalToken = (
      await api.call('POST', '/auth/login', { query: signLogin(rival.apiKey, rival.secret) })
    ).body.data.token;
    const id = await addCustomerType(api.db.kysely, rival.companyId, 'Residential');
    const home = await premise({ premise_type: 'Residential', status: 'Active', unit: false });
    const response = await validate(
      { esiidNumber: home.esiid, addressint: home.address_1, customerTypeId: id },
      rivalToken,
    );
    expect(codes(response.body)).toEqual(['ESIID_PREFIX_MISMATCH']);
    expectFailure(
      await validate({ esiidNumber: home.esiid, addressint: home.address_1, customerTypeId: id }),
      404,
      'NOT_FOUND',
    );
  });

  it("ESIID_LENGTH_MISMATCH: the utility's prefix but not its length", async () => {
    const home = await premise({ premise_type: 'Residential', status: 'Active', unit: false });
    for (const esiidNumber of [home.esiid.slice(0, -1), `${home.esiid}0`]) {
      const response = await validate({
        esiidNumber,
        addressint: home.address_1,
        customerTypeId: typeIds.Residential!,
      });
      expect(codes(response.body)).toEqual(['ESIID_LENGTH_MISMATCH']);
    }
  });

  it('ESIID_UNKNOWN: a well-formed ESIID that is not in the directory', async () => {
    // Oncor prefix and length; the sample directory never uses 99999 after the prefix.
    const response = await validate({
      esiidNumber: '10443720999999999',
      addressint: '100 Main St',
      customerTypeId: typeIds.Residential!,
    });
    expect(codes(response.body)).toEqual(['ESIID_UNKNOWN']);
  });

  it('ESIID_ADDRESS_MISMATCH: another house number, another street, or a missing or other unit', async () => {
    const home = await premise({ premise_type: 'Residential', status: 'Active', unit: false });
    const flat = await premise({ premise_type: 'Residential', status: 'Active', unit: true });
    const [number, ...street] = home.address_1.split(' ');
    const cases: Array<[Premise, string]> = [
      [home, `${Number(number) + 2} ${street.join(' ')}`],
      [home, `${number} Nowhere Ln`],
      [home, `${home.address_1} Apt 1`],
      [flat, flat.address_1],
      [flat, `${flat.address_1} Apt 999Z`],
    ];
    for (const [target, addressint] of cases) {
      const response = await validate({
        esiidNumber: target.esiid,
        addressint,
        customerTypeId: typeIds.Residential!,
      });
      expect(codes(response.body), addressint).toEqual(['ESIID_ADDRESS_MISMATCH']);
    }
  });

  it('PREMISE_DE_ENERGIZED: a de-energized premise cannot be switched', async () => {
    const off = await premise({ premise_type: 'Residential', status: 'De-Energized', unit: false });
    const response = await validate({
      esiidNumber: off.esiid,
      addressint: off.address_1,
      customerTypeId: typeIds.Residential!,
    });
    expect(codes(response.body)).toEqual(['PREMISE_DE_ENERGIZED']);
    expect(response.body.data.errors[0].message).toMatch(/move-in/);
  });

  it('PREMISE_TYPE_MISMATCH: a commercial premise for a residential customer, and the reverse', async () => {
    const shop = await premise({ premise_type: 'Commercial', status: 'Active', unit: false });
    const home = await premise({ premise_type: 'Residential', status: 'Active', unit: false });
    const cases: Array<[Premise, string]> = [
      [shop, 'Residential'],
      [home, 'SmallBusiness'],
      [home, 'LargeBusiness'],
    ];
    for (const [target, type] of cases) {
      const response = await validate({
        esiidNumber: target.esiid,
        addressint: target.address_1,
        customerTypeId: typeIds[type]!,
      });
      expect(codes(response.body), type).toEqual(['PREMISE_TYPE_MISMATCH']);
    }
  });

  it('reports every failed check of a premise at once', async () => {
    const off = await api.db.kysely
      .selectFrom('premises')
      .selectAll()
      .where('status', '=', 'De-Energized')
      .where('premise_type', '=', 'Residential')
      .orderBy('esiid')
      .executeTakeFirstOrThrow();
    const response = await validate({
      esiidNumber: off.esiid,
      addressint: '1 Nowhere Ln',
      customerTypeId: typeIds.SmallBusiness!,
    });
    expect(response.body.data.is_valid).toBe(false);
    expect(codes(response.body)).toEqual([
      'ESIID_ADDRESS_MISMATCH',
      'PREMISE_DE_ENERGIZED',
      'PREMISE_TYPE_MISMATCH',
    ]);
  });

  it('refuses malformed input with 400 naming the field, and an unknown customer type with 404', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [
        { esiidNumber: '1044372ABC', addressint: '100 Main St', customerTypeId: 1 },
        'querystring.esiidNumber',
      ],
      [{ esiidNumber: '1044-3720', addressint: '100 Main St', customerTypeId: 1 }, 'querystring.esiidNumber'],
      [{ addressint: '100 Main St', customerTypeId: 1 }, 'querystring.esiidNumber'],
      [{ esiidNumber: '10443720752011231', customerTypeId: 1 }, 'querystring.addressint'],
      [{ esiidNumber: '10443720752011231', addressint: '', customerTypeId: 1 }, 'querystring.addressint'],
      [
        { esiidNumber: '10443720752011231', addressint: '100 Main St', customerTypeId: 'home' },
        'querystring.customerTypeId',
      ],
      [{ esiidNumber: '10443720752011231', addressint: '100 Main St' }, 'querystring.customerTypeId'],
    ];
    for (const [query, field] of cases) {
      const body = expectFailure(await validate(query), 400, 'VALIDATION_FAILED');
      expect(body.errors.join(' '), JSON.stringify(query)).toContain(field);
    }
    expectFailure(
      await validate({ esiidNumber: '10443720752011231', addressint: '100 Main St', customerTypeId: 999999 }),
      404,
      'NOT_FOUND',
    );
  });
});
