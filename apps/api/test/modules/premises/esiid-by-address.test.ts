import type { Selectable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PremisesTable } from '../../../src/db/tables/premises.js';
import { createTenant, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';

const api = useTestApi();
let token: string;
type Premise = Selectable<PremisesTable>;
const search = (query: Record<string, string | boolean>, as = token) =>
  api.call('GET', '/miscellaneous/esiid-by-address', { token: as, query });

/** A seeded premise of the sandbox directory (the sample rows differ per zip code, so tests look them up). */
async function premise(filter: {
  zipcode?: string;
  premise_type?: string;
  status?: string;
  unit?: boolean;
}): Promise<Premise> {
  let query = api.db.kysely.selectFrom('premises').selectAll();
  if (filter.zipcode) query = query.where('zipcode', '=', filter.zipcode);
  if (filter.premise_type) query = query.where('premise_type', '=', filter.premise_type);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.unit !== undefined) query = query.where('address_2', filter.unit ? 'is not' : 'is', null);
  return query.orderBy('esiid').executeTakeFirstOrThrow();
}

const LONG_SUFFIX: Record<string, string> = {
  St: 'Street',
  Ave: 'Avenue',
  Rd: 'Road',
  Dr: 'Drive',
  Blvd: 'Boulevard',
  Pkwy: 'Parkway',
  Hwy: 'Highway',
  Ln: 'Lane',
};
const spelledOut = (address: string) =>
  address
    .split(' ')
    .map((word) => LONG_SUFFIX[word] ?? word)
    .join(' ')
    .toLowerCase();

beforeAll(async () => {
  token = await api.sandboxToken();
});

describe('GET /miscellaneous/esiid-by-address', () => {
  it('finds the premise at an address with its ESIID, address, utility, type, status and meter', async () => {
    const house = await premise({
      zipcode: '75201',
      premise_type: 'Residential',
      status: 'Active',
      unit: false,
    });
    const response = await search({
      customerType: 'Residential',
      address: house.address_1,
      zipCode: '75201',
    });
    expect(response.status).toBe(200);
    expect(response.body.succeeded).toBe(true);
    const oncor = await api.db.kysely
      .selectFrom('utilities')
      .select('id')
      .where('code', '=', 'ONCOR')
      .where('company_id', '=', await sandboxCompanyId(api.db.kysely))
      .executeTakeFirstOrThrow();
    expect(response.body.data).toContainEqual({
      esiid: house.esiid,
      address: { address_1: house.address_1, address_2: null, city: 'Dallas', state: 'TX', zipcode: '75201' },
      utility: { id_utility: oncor.id, name: 'Oncor', code: 'ONCOR' },
      premise_type: 'Residential',
      status: 'Active',
      meter_type: house.meter_type,
      fits_customer_type: true,
    });
    expect(house.esiid).toMatch(/^10443720\d{9}$/);
    for (const found of response.body.data) expect(found.address.address_1).toBe(house.address_1);
  });

  it('matches whatever the case, punctuation and USPS abbreviations', async () => {
    const house = await premise({ zipcode: '77002', unit: false });
    const response = await search({
      customerType: 'Residential',
      address: `${spelledOut(house.address_1)}.`,
      zipCode: '77002',
    });
    expect(response.body.data.map((p: { esiid: string }) => p.esiid)).toContain(house.esiid);
    expect(house.esiid).toMatch(/^1008901\d{15}$/);
  });

  it('lists every unit of a building without a unit, and only the one asked for with a unit', async () => {
    const flat = await premise({ zipcode: '75201', unit: true });
    const units = await api.db.kysely
      .selectFrom('premises')
      .select('esiid')
      .where('zipcode', '=', '75201')
      .where('address_1', '=', flat.address_1)
      .execute();
    expect(units.length).toBeGreaterThan(1);
    const building = await search({ customerType: 'Residential', address: flat.address_1, zipCode: '75201' });
    expect(building.body.data.map((p: { esiid: string }) => p.esiid).sort()).toEqual(
      units.map((u) => u.esiid).sort(),
    );
    const unit = flat.address_2!.replace('Apt ', '');
    for (const address of [`${flat.address_1} ${flat.address_2}`, `${flat.address_1} #${unit}`]) {
      const one = await search({ customerType: 'Residential', address, zipCode: '75201' });
      expect(one.body.data).toHaveLength(1);
      expect(one.body.data[0]).toMatchObject({ esiid: flat.esiid, address: { address_2: flat.address_2 } });
    }
  });

  it('with alternativeSearch, matches the house number and the start of the street name, ignoring the unit', async () => {
    const flat = await premise({ zipcode: '76102', unit: true });
    const [number, ...street] = flat.address_1.split(' ');
    const partial = `${number} ${street[0]!.slice(0, 3)}`;
    expect(
      (await search({ customerType: 'Residential', address: partial, zipCode: '76102' })).body.data,
    ).toEqual([]);
    const loose = await search({
      customerType: 'Residential',
      address: partial,
      zipCode: '76102',
      alternativeSearch: true,
    });
    expect(loose.body.data.map((p: { esiid: string }) => p.esiid)).toContain(flat.esiid);
    for (const found of loose.body.data) expect(found.address.address_1.split(' ')[0]).toBe(number);

    const wrongUnit = `${flat.address_1} Apt 999Z`;
    expect(
      (await search({ customerType: 'Residential', address: wrongUnit, zipCode: '76102' })).body.data,
    ).toEqual([]);
    const ignoringUnit = await search({
      customerType: 'Residential',
      address: wrongUnit,
      zipCode: '76102',
      alternativeSearch: true,
    });
    expect(ignoringUnit.body.data.map((p: { esiid: string }) => p.esiid)).toContain(flat.esiid);
  });

  it('says whether each premise fits the customer type asked for', async () => {
    const shop = await premise({ premise_type: 'Commercial', unit: false });
    const query = { address: shop.address_1, zipCode: shop.zipcode };
    const asHome = await search({ customerType: 'Residential', ...query });
    const asBusiness = await search({ customerType: 'SmallBusiness', ...query });
    const asLarge = await search({ customerType: 'LargeBusiness', ...query });
    const find = (body: { data: Array<{ esiid: string }> }) => body.data.find((p) => p.esiid === shop.esiid);
    expect(find(asHome.body)).toMatchObject({ premise_type: 'Commercial', fits_customer_type: false });
    expect(find(asBusiness.body)).toMatchObject({ fits_customer_type: true });
    expect(find(asLarge.body)).toMatchObject({ fits_customer_type: true });
  });

  it('shows de-energized premises with their status', async () => {
    const off = await premise({ status: 'De-Energized', unit: false });
    const response = await search({
      customerType: 'Residential',
      address: off.address_1,
      zipCode: off.zipcode,
    });
    expect(response.body.data.find((p: { esiid: string }) => p.esiid === off.esiid)).toMatchObject({
      status: 'De-Energized',
    });
  });

  it('answers an empty list when nothing is at the address', async () => {
    const response = await search({ customerType: 'Residential', address: '1 Nowhere Ln', zipCode: '75201' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });

  it('refuses a zip code outside Texas (Ohio, Georgia, New York) with 422 TEXAS_ONLY', async () => {
    for (const zipCode of ['43201', '30303', '10001']) {
      const body = expectFailure(
        await search({ customerType: 'Residential', address: '100 Main St', zipCode }),
        422,
        'TEXAS_ONLY',
      );
      expect(body.message).toContain(zipCode);
    }
  });

  it("refuses a Texas zip code none of the company's utilities serves with 422 TEXAS_ZIPCODE_NOT_SERVED", async () => {
    // 78701 is Austin: Austin Energy, a municipal utility outside retail choice.
    expectFailure(
      await search({ customerType: 'Residential', address: '100 Congress Ave', zipCode: '78701' }),
      422,
      'TEXAS_ZIPCODE_NOT_SERVED',
    );
    const rival = await createTenant(api.db.kysely, api.app.voltin.keys, 'rival-premises');
    const rivalToken = (
      await api.call('POST', '/auth/login', { query: signLogin(rival.apiKey, rival.secret) })
    ).body.data.token;
    expectFailure(
      await search({ customerType: 'Residential', address: '100 Main St', zipCode: '75201' }, rivalToken),
      422,
      'TEXAS_ZIPCODE_NOT_SERVED',
    );
  });

  it('refuses malformed input with 400 naming the field', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ customerType: 'Residential', address: '100 Main St', zipCode: '7520' }, 'querystring.zipCode'],
      [{ customerType: 'Residential', address: '100 Main St', zipCode: 'abcde' }, 'querystring.zipCode'],
      [{ customerType: 'Residential', zipCode: '75201' }, 'querystring.address'],
      [{ customerType: 'Residential', address: 'x'.repeat(201), zipCode: '75201' }, 'querystring.address'],
      [{ customerType: 'Residential', address: '   ', zipCode: '75201' }, 'querystring.address'],
      [{ customerType: 'Industrial', address: '100 Main St', zipCode: '75201' }, 'querystring.customerType'],
      [{ address: '100 Main St', zipCode: '75201' }, 'querystring.customerType'],
      [
        { customerType: 'Residential', address: '100 Main St', zipCode: '75201', alternativeSearch: 'maybe' },
        'querystring.alternativeSearch',
      ],
    ];
    for (const [query, field] of cases) {
      const body = expectFailure(await search(query), 400, 'VALIDATION_FAILED');
      expect(body.errors.join(' '), JSON.stringify(query)).toContain(field);
    }
  });
});
