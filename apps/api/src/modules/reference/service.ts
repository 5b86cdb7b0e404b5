import type { Kysely, Selectable } from 'kysely';
import type { BrandsTable, Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import * as store from './store.js';

const toBrand = ({ id, company_id: _company, active, ...brand }: Selectable<BrandsTable>) => ({
  id_site: id,
  ...brand,
  active: active === 1,
});

export function createReferenceService(db: Kysely<Database>) {
  return {
    async brands(companyId: number) {
      return (await store.listBrands(db, companyId)).map(toBrand);
    },
    async brand(companyId: number, systemName: string) {
      const [brand] = await store.listBrands(db, companyId, systemName);
      if (!brand) throw notFound(`Brand "${systemName}"`);
      return toBrand(brand);
    },
    async states() {
      return (await store.listStates(db)).map((s) => ({ id_state: s.id, code: s.code, name: s.name }));
    },
    async counties(stateId: number) {
      if (!(await store.findState(db, stateId))) throw notFound(`State ${stateId}`);
      return (await store.listCounties(db, stateId)).map((c) => ({
        id_county: c.id,
        id_state: c.state_id,
        name: c.name,
      }));
    },
    async cities(countyId: number) {
      if (!(await store.findCounty(db, countyId))) throw notFound(`County ${countyId}`);
      return (await store.listCities(db, countyId)).map((c) => ({
        id_city: c.id,
        id_county: c.county_id,
        name: c.name,
      }));
    },
    zipcodes(companyId: number, filter: { stateCode?: string; zipcode?: string }) {
      return store.listServedZipcodes(db, companyId, {
        stateCode: filter.stateCode?.toUpperCase(),
        zipcodePrefix: filter.zipcode,
      });
    },
    async idNames(type: 'State' | 'County' | 'City', parentId?: number) {
      const rows =
        type === 'State'
          ? await store.listStates(db)
          : type === 'County'
            ? await store.listCounties(db, parentId)
            : await store.listCities(db, parentId);
      return rows.map((row) => ({ id: row.id, name: row.name }));
    },
    async languages(onlyActive: boolean) {
      return (await store.listLanguages(db, onlyActive)).map((l) => ({
        id_language: l.id,
        name: l.name,
        short_name: l.short_name,
        is_default: l.is_default === 1,
        active: l.active === 1,
      }));
    },
    async contactMethods(id?: number) {
      const rows = await store.listContactMethods(db, id);
      if (id !== undefined && rows.length === 0) throw notFound(`Contact method ${id}`);
      return rows.map((m) => ({ id_method_contact: m.id, name: m.name, description: m.description }));
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
