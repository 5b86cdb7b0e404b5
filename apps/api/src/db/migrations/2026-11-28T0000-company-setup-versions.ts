import type { Kysely } from 'kysely';

/**
 * Administrators change the company's settings and brands in the console, two of them possibly at once: each row
 * counts its changes, and a change names the version it was read at, so the second of two edits of the same read is
 * refused instead of silently undoing the first. The company file's changes count too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['company_settings', 'brands'])
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
}
