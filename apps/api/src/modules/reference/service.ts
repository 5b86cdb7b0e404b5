import type { Kysely, Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { BrandsTable, Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type {
  Brand,
  City,
  ContactMethod,
  County,
  IdName,
  IdNameFilterType,
  Language,
  State,
  Zipcode,
  ZipcodeQuery,
} from './schemas.js';
import * as store from './store.js';

type BrandWire = Static<typeof Brand>;

/**
 * A brand as answered. A logo the API serves itself (a path under /brand-logos/) is answered as an absolute URL on
 * the public base URL, so a site on another origin shows it as it is.
 */
const toBrand = (
  { id, company_id: _company, active, logo_url, ...brand }: Selectable<BrandsTable>,
  publicBaseUrl: string,
): BrandWire => ({
  id_site: id,
  ...brand,
  active: active === 1,
  logo_url: logo_url.startsWith('/') ? `${publicBaseUrl}${logo_url}` : logo_url,
});

export function createReferenceService(db: Kysely<Database>) {
  return {
    async brands(companyId: number, publicBaseUrl: string): Promise<BrandWire[]> {
      return (await store.listBrands(db, companyId)).map((brand) => toBrand(brand, publicBaseUrl));
    },
    async brand(companyId: number, systemName: string, publicBaseUrl: string): Promise<BrandWire> {
      const [brand] = await store.listBrands(db, companyId, systemName);
      if (!brand) throw notFound(`Brand "${systemName}"`);
      return toBrand(brand, publicBaseUrl);
    },
    async states(): Promise<Static<typeof State>[]> {
      return (await store.listStates(db)).map(
        (s): Static<typeof State> => ({ id_state: s.id, code: s.code, name: s.name }),
      );
    },
    async counties(stateId: number): Promise<Static<typeof County>[]> {
      if (!(await store.findState(db, stateId))) throw notFound(`State ${stateId}`);
      return (await store.listCounties(db, stateId)).map(
        (c): Static<typeof County> => ({
          id_county: c.id,
          id_state: c.state_id,
          name: c.name,
        }),
      );
    },
    async cities(countyId: number): Promise<Static<typeof City>[]> {
      if (!(await store.findCounty(db, countyId))) throw notFound(`County ${countyId}`);
      return (await store.listCities(db, countyId)).map(
        (c): Static<typeof City> => ({
          id_city: c.id,
          id_county: c.county_id,
          name: c.name,
        }),
      );
    },
    zipcodes(companyId: number, filter: Static<typeof ZipcodeQuery>): Promise<Static<typeof Zipcode>[]> {
      return store.listServedZipcodes(db, companyId, {
        stateCode: filter.stateCode?.toUpperCase(),
        zipcodePrefix: filter.zipcode,
      });
    },
    async idNames(
      type: Static<typeof IdNameFilterType>,
      parentId?: number,
    ): Promise<Static<typeof IdName>[]> {
      const rows =
        type === 'State'
          ? await store.listStates(db)
          : type === 'County'
            ? await store.listCounties(db, parentId)
            : await store.listCities(db, parentId);
      return rows.map((row): Static<typeof IdName> => ({ id: row.id, name: row.name }));
    },
    async languages(onlyActive: boolean): Promise<Static<typeof Language>[]> {
      return (await store.listLanguages(db, onlyActive)).map(
        (l): Static<typeof Language> => ({
          id_language: l.id,
          name: l.name,
          short_name: l.short_name,
          is_default: l.is_default === 1,
          active: l.active === 1,
        }),
      );
    },
    async contactMethods(id?: number): Promise<Static<typeof ContactMethod>[]> {
      const rows = await store.listContactMethods(db, id);
      if (id !== undefined && rows.length === 0) throw notFound(`Contact method ${id}`);
      return rows.map(
        (m): Static<typeof ContactMethod> => ({
          id_method_contact: m.id,
          name: m.name,
          description: m.description,
        }),
      );
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
