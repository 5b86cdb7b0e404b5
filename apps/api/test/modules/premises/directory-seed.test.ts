import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { SERVICE_AREA_ZIPS, UTILITIES } from '../../../src/db/seed/data/index.js';
import { samplePremises, seedPremises } from '../../../src/db/seed/premises.js';
import { seedReferenceData } from '../../../src/db/seed/reference.js';
import { houseNumberOf } from '../../../src/domain/service-address.js';
import { openTestDatabase } from '../../helpers/app.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrateToLatest(db.kysely);
});
afterAll(() => drop());

const TEXAS_ZIPS = SERVICE_AREA_ZIPS.filter((zip) => zip.stateCode === 'TX');

describe('the sample premise directory', () => {
  it('is loaded in the sandbox after the reference data, without any retail company, and only once', async () => {
    await seedReferenceData(db.kysely);
    expect(await seedPremises(db.kysely)).toBe(true);
    expect(await db.kysely.selectFrom('retail_companies').select('id').execute()).toEqual([]);
    const rows = await db.kysely.selectFrom('premises').selectAll().execute();
    expect(rows.length).toBeGreaterThan(TEXAS_ZIPS.length * 20 - 1);
    expect(await seedPremises(db.kysely)).toBe(false);
    expect((await db.kysely.selectFrom('premises').select('esiid').execute()).length).toBe(rows.length);
  });

  it('has 20 to 40 premises in every served Texas zip code, and none elsewhere', async () => {
    const rows = await db.kysely.selectFrom('premises').select(['zipcode', 'state', 'city']).execute();
    for (const zip of TEXAS_ZIPS) {
      const inZip = rows.filter((row) => row.zipcode === zip.zipcode);
      expect(inZip.length, zip.zipcode).toBeGreaterThanOrEqual(20);
      expect(inZip.length, zip.zipcode).toBeLessThanOrEqual(40);
      expect(inZip.every((row) => row.city === zip.city && row.state === 'TX')).toBe(true);
    }
    expect(rows.every((row) => row.state === 'TX')).toBe(true);
  });

  it("builds each ESIID from its utility's prefix and length, uniquely", async () => {
    const rows = await db.kysely.selectFrom('premises').select(['esiid', 'utility_code']).execute();
    expect(new Set(rows.map((row) => row.esiid)).size).toBe(rows.length);
    for (const row of rows) {
      const utility = UTILITIES.find((u) => u.code === row.utility_code)!;
      expect(row.esiid.startsWith(utility.ldcPrefix!), row.esiid).toBe(true);
      expect(row.esiid, row.utility_code).toHaveLength(utility.ldcLength);
      expect(row.esiid).toMatch(/^\d+$/);
    }
  });

  it('mixes about 10% commercial, about 5% de-energized premises and apartments with units', async () => {
    const rows = await db.kysely.selectFrom('premises').selectAll().execute();
    const share = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length / rows.length;
    expect(share((row) => row.premise_type === 'Commercial')).toBeGreaterThan(0.06);
    expect(share((row) => row.premise_type === 'Commercial')).toBeLessThan(0.15);
    expect(share((row) => row.status === 'De-Energized')).toBeGreaterThan(0.02);
    expect(share((row) => row.status === 'De-Energized')).toBeLessThan(0.08);
    expect(share((row) => row.address_2?.startsWith('Apt ') ?? false)).toBeGreaterThan(0.1);
    for (const row of rows) {
      expect(['Residential', 'Commercial']).toContain(row.premise_type);
      expect(['Active', 'De-Energized']).toContain(row.status);
      expect(['AMSR', 'AMSM', 'IDR', 'NIDR']).toContain(row.meter_type);
      expect(row.address_2 ?? 'Apt 1A').toMatch(/^(Apt \d+[A-D]|Apt \d{3}|Ste \d00)$/);
      expect(row.house_number).toBe(houseNumberOf(row.address_1));
      expect(row.address_1).toMatch(/^\d+ \S/);
    }
  });

  it('is deterministic: the same zip code always gives the same premises', async () => {
    const zip = TEXAS_ZIPS.find((z) => z.zipcode === '77002')!;
    const stored = await db.kysely
      .selectFrom('premises')
      .selectAll()
      .where('zipcode', '=', '77002')
      .orderBy('esiid')
      .execute();
    const again = samplePremises(zip).sort((a, b) => a.esiid.localeCompare(b.esiid));
    expect(again).toEqual(stored);
    expect(samplePremises(zip)).toEqual(samplePremises(zip));
  });
});
