import type { Kysely } from 'kysely';

/**
 * The company settings the money and enrollment rules read: where the hosted payment page may send a browser back,
 * the largest single payment, how long a credit check backs an enrollment, when a sale needs phone verification and
 * where the verification provider is, and what to do with a meter the ESIID data does not know.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: Array<[string, 'text' | 'integer', string | number | null]> = [
    ['payment_return_origins', 'text', '[]'],
    ['max_single_payment_cents', 'integer', 500_000],
    ['credit_check_valid_days', 'integer', 30],
    ['verification_required', 'integer', 0],
    ['verification_provider_url', 'text', null],
    ['verification_provider_secret_sealed', 'text', null],
    ['unknown_esiids', 'text', 'refuse'],
  ];
  for (const [name, type, defaultValue] of columns) {
    await db.schema
      .alterTable('company_settings')
      .addColumn(name, type, (c) => (defaultValue === null ? c : c.notNull().defaultTo(defaultValue)))
      .execute();
  }
}
