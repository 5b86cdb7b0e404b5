import { type Kysely, sql } from 'kysely';

/**
 * The rules that must hold however many requests arrive at once, kept by the database:
 * - one live enrollment per meter (retail company, commodity, LDC number). A renewal is live as soon as it is
 *   scheduled, but it takes the meter over only when it starts serving (its predecessor is archived first);
 * - one live renewal of an enrollment;
 * - one active recurring billing per enrollment;
 * - one open (pending or approved) letter of credit per enrollment.
 * The statuses are written out here as they were when the indexes were made; a test checks that the lifecycle
 * table still agrees (a new status that ends an enrollment needs a new migration).
 */
const ENDED = `('DROPPED', 'CANCELLED', 'ARCHIVED')`;
const SERVING = `('ACTIVE', 'DROP_PENDING')`;

export const LIVE_ENROLLMENT_PREDICATE = `status not in ${ENDED}`;
export const METER_HOLDER_PREDICATE = `${LIVE_ENROLLMENT_PREDICATE} and (previous_enrollment_id is null or status in ${SERVING})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const duplicates = await sql<{ company_id: number; commodity: string; ldc_account: string; n: number }>`
    select company_id, commodity, ldc_account, count(*) as n
    from enrollments where ${sql.raw(METER_HOLDER_PREDICATE)}
    group by company_id, commodity, ldc_account having count(*) > 1`.execute(db);
  if (duplicates.rows.length > 0) {
    const list = duplicates.rows
      .slice(0, 20)
      .map((d) => `company ${d.company_id} ${d.commodity} ${d.ldc_account} (${d.n} live enrollments)`)
      .join('; ');
    throw new Error(
      `Cannot guarantee one live enrollment per meter: these meters have several live enrollments: ${list}. Cancel the extra enrollments, then start again.`,
    );
  }
  await sql`create unique index enrollments_one_live_per_meter
    on enrollments (company_id, commodity, ldc_account) where ${sql.raw(METER_HOLDER_PREDICATE)}`.execute(db);
  await sql`create unique index enrollments_one_live_renewal
    on enrollments (previous_enrollment_id)
    where previous_enrollment_id is not null and ${sql.raw(LIVE_ENROLLMENT_PREDICATE)}`.execute(db);

  // Several active rows can only be the result of the race this index closes: the newest one replaced the others.
  await sql`update recurring_billings set status = 'finished', finished_at = created_at
    where status = 'active' and exists (
      select 1 from recurring_billings newer
      where newer.enrollment_id = recurring_billings.enrollment_id and newer.status = 'active'
        and newer.id > recurring_billings.id)`.execute(db);
  await sql`create unique index recurring_billings_one_active
    on recurring_billings (enrollment_id) where status = 'active'`.execute(db);

  // Likewise a second open letter of credit: the newest stands, the older ones are discarded (status 3).
  await sql`update credit_letters set status = 3
    where status in (0, 1) and exists (
      select 1 from credit_letters newer
      where newer.enrollment_id = credit_letters.enrollment_id and newer.status in (0, 1)
        and newer.id > credit_letters.id)`.execute(db);
  await sql`create unique index credit_letters_one_open
    on credit_letters (enrollment_id) where status in (0, 1)`.execute(db);
}
