import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { Db } from '../../../src/db/client.js';
import { open } from '../../../src/security/secret-box.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { openTestDatabase, testConfig } from '../../helpers/app.js';
import { everyRowAsText } from '../payments/helpers.js';

const TAX_ID = '746654321';

let db: Db;
let url: string;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, url, drop } = await openTestDatabase());
});
afterAll(() => drop());

/** Starts the app on the test database (migrations and start-up steps run) and stops it again. */
async function startAndStop() {
  const app = await buildApp(testConfig({ databaseUrl: url }), { db, logger: false });
  const keys = app.voltin.keys;
  await app.close();
  return keys;
}

/** Puts the database back where a database from before migration 2026-11-25T1600 was: the tax id column in clear. */
async function asBeforeTheMigration() {
  await sql`alter table customers rename column fed_tax_id_sealed to fed_tax_id`.execute(db.kysely);
  await sql`delete from kysely_migration where name = '2026-11-25T1600-sealed-tax-ids'`.execute(db.kysely);
}

async function insertBusinessCustomer(taxIdInClear: string): Promise<number> {
  const companyId = await sandboxCompanyId(db.kysely);
  const now = new Date().toISOString();
  const { rows } = await sql<{ id: number }>`insert into customers
      (company_id, first_name, last_name, firm_name, fed_tax_id, id_prefered_language, created_at, updated_at)
    values (${companyId}, 'Ana', 'Garcia', 'Elm Street Bakery', ${taxIdInClear},
      (select id from languages where is_default = 1), ${now}, ${now})
    returning id`.execute(db.kysely);
  return rows[0]!.id;
}

const storedTaxId = async (id: number) =>
  (
    await db.kysely
      .selectFrom('customers')
      .select('fed_tax_id_sealed')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).fed_tax_id_sealed;

describe('federal tax ids at rest', () => {
  it('a database from before sealing has its tax ids sealed at the next start, and the next start changes nothing', async () => {
    await startAndStop();
    await asBeforeTheMigration();
    const id = await insertBusinessCustomer(TAX_ID);
    expect(await everyRowAsText(db)).toContain(TAX_ID);

    const keys = await startAndStop();
    const sealed = await storedTaxId(id);
    expect(await everyRowAsText(db)).not.toContain(TAX_ID);
    expect(open(keys.secretBox, sealed!)).toBe(TAX_ID);

    await startAndStop();
    expect(await storedTaxId(id)).toBe(sealed);
  });
});
