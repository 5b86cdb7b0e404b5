import type { Kysely } from 'kysely';

/**
 * The console's dashboard counts a company's day (enrollments created, credit checks, declined charges) and the
 * status changes of a day (submissions answered, cancellations), at a million enrollments: each count is one range of
 * one of these indexes, grouped in SQL. The status history has no company column; a day's changes to one status are
 * a range of (to_status, created_at), joined to their enrollment by its key for the company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of [
    ['enrollments_company_created', 'enrollments', ['company_id', 'created_at']],
    ['enrollment_status_history_to_status_created', 'enrollment_status_history', ['to_status', 'created_at']],
    ['credit_checks_company_created', 'credit_checks', ['company_id', 'created_at']],
    ['charge_transactions_company_created', 'charge_transactions', ['company_id', 'created_at']],
  ] as const)
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
}
