import { type Kysely, sql } from 'kysely';
import { METER_HOLDER_PREDICATE } from './2026-11-25T0600-one-live-enrollment-per-meter.js';

/**
 * A credit check backs at most one live enrollment per LDC number, however many creates arrive at once. "Live" is
 * the meter holder's rule: a scheduled renewal, which carries its predecessor's check, counts only once it serves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const duplicates = await sql<{ credit_check_id: number; ldc_account: string; n: number }>`
    select credit_check_id, ldc_account, count(*) as n
    from enrollments where credit_check_id is not null and ${sql.raw(METER_HOLDER_PREDICATE)}
    group by credit_check_id, ldc_account having count(*) > 1`.execute(db);
  if (duplicates.rows.length > 0) {
    const list = duplicates.rows
      .slice(0, 20)
      .map((d) => `credit check ${d.credit_check_id} on ${d.ldc_account} (${d.n} live enrollments)`)
      .join('; ');
    throw new Error(
      `Cannot guarantee one live enrollment per credit check and LDC number: ${list}. Cancel the extra enrollments, then start again.`,
    );
  }
  await sql`create unique index enrollments_credit_check_one_per_ldc
    on enrollments (credit_check_id, ldc_account)
    where credit_check_id is not null and ${sql.raw(METER_HOLDER_PREDICATE)}`.execute(db);
}
