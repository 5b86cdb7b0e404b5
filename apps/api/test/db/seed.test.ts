import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seedPremises } from '../../src/db/seed/premises.js';
import { seedReferenceData } from '../../src/db/seed/reference.js';
import { seedSandbox } from '../../src/db/seed/sandbox.js';
import { deriveKeys } from '../../src/security/keys.js';
import { masterKeyFor } from '../../src/security/master-key.js';
import { open } from '../../src/security/secret-box.js';
import { openTestDatabase, SANDBOX, testConfig } from '../helpers/app.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
});
afterAll(() => drop());

const count = async (table: 'retail_companies' | 'zipcodes' | 'utilities' | 'customers') =>
  (await db.kysely.selectFrom(table).select('id').execute()).length;

describe('migrations and the sandbox seed', () => {
  it('migrate, seed once, and change nothing when run again', async () => {
    expect(await migrateToLatest(db.kysely)).toContain('2026-11-21T0000-platform-core');
    const keys = deriveKeys(await masterKeyFor(testConfig(), db.kysely));
    expect(await seedReferenceData(db.kysely)).toBe(true);
    expect(await seedPremises(db.kysely)).toBe(true);
    expect(await seedSandbox(db.kysely, keys, 10)).toBe(true);
    const counts = [
      await count('retail_companies'),
      await count('zipcodes'),
      await count('utilities'),
      await count('customers'),
    ];

    expect(await migrateToLatest(db.kysely)).toEqual([]);
    expect(await seedReferenceData(db.kysely)).toBe(false);
    expect(await seedSandbox(db.kysely, keys, 10)).toBe(false);
    expect([
      await count('retail_companies'),
      await count('zipcodes'),
      await count('utilities'),
      await count('customers'),
    ]).toEqual(counts);
    expect(counts).toEqual([1, expect.any(Number), 11, 1]);
  });

  it('keeps the account secret encrypted at rest', async () => {
    const account = await db.kysely.selectFrom('web_service_accounts').selectAll().executeTakeFirstOrThrow();
    expect(account.secret_sealed).not.toContain(SANDBOX.apiSecret);
    const keys = deriveKeys(await masterKeyFor(testConfig(), db.kysely));
    expect(open(keys.secretBox, account.secret_sealed)).toBe(SANDBOX.apiSecret);
  });
});
