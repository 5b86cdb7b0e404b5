/**
 * The events notifications are made of (enrollments' status changes, charges) with what a message needs of their
 * enrollment and the customer's language, read through the modules that own them: the cursor scan reads its own
 * owner's batch, then each other owner's rows for the whole batch in one `in (...)` query.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { chargesAfter } from '../charges/index.js';
import { preferredLanguages } from '../customers/index.js';
import { findEnrollmentsByIds, statusChangesAfter } from '../enrollments/index.js';
import { listLanguages } from '../reference/index.js';

type Db = Kysely<Database>;

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Each of these customers' language (its short name; null when the customer's language is not known). A customer
 * who does not exist has no entry.
 */
export async function customerLanguages(db: Db, customerIds: number[]): Promise<Map<number, string | null>> {
  if (customerIds.length === 0) return new Map();
  const [customers, languages] = await Promise.all([
    preferredLanguages(db, unique(customerIds)),
    listLanguages(db, false),
  ]);
  const shortNames = new Map(languages.map((l) => [l.id, l.short_name]));
  return new Map(customers.map((c) => [c.id, shortNames.get(c.id_prefered_language) ?? null]));
}

async function enrollmentsOf(db: Db, enrollmentIds: number[]) {
  const rows = await findEnrollmentsByIds(db, unique(enrollmentIds));
  return new Map(rows.map((e) => [e.id, e]));
}

/**
 * Status changes after the cursor, oldest first, with what a message needs: the customer, their language, the
 * address. A change whose enrollment or customer is missing is left out.
 */
export async function statusChangeEvents(db: Db, afterId: number, limit: number) {
  const changes = await statusChangesAfter(db, afterId, limit);
  if (changes.length === 0) return [];
  const enrollments = await enrollmentsOf(
    db,
    changes.map((h) => h.enrollment_id),
  );
  const languages = await customerLanguages(
    db,
    [...enrollments.values()].map((e) => e.customer_id),
  );
  return changes.flatMap((h) => {
    const e = enrollments.get(h.enrollment_id);
    if (!e || !languages.has(e.customer_id)) return [];
    return [
      {
        id: h.id,
        from_status: h.from_status,
        to_status: h.to_status,
        created_at: h.created_at,
        enrollment_id: e.id,
        company_id: e.company_id,
        customer_id: e.customer_id,
        service_address_1: e.service_address_1,
        service_city: e.service_city,
        requested_start_date: e.requested_start_date,
        contract_start_date: e.contract_start_date,
        drop_effective_date: e.drop_effective_date,
        deposit_amount_cents: e.deposit_amount_cents,
        language: languages.get(e.customer_id) ?? null,
      },
    ];
  });
}

/**
 * Charges after the cursor, oldest first, with their enrollment's address and the customer's language. A charge
 * whose enrollment or customer is missing is left out.
 */
export async function chargeEvents(db: Db, afterId: number, limit: number) {
  const charges = await chargesAfter(db, afterId, limit);
  if (charges.length === 0) return [];
  const [enrollments, languages] = await Promise.all([
    enrollmentsOf(
      db,
      charges.map((t) => t.enrollment_id),
    ),
    customerLanguages(
      db,
      charges.map((t) => t.customer_id),
    ),
  ]);
  return charges.flatMap((t) => {
    const e = enrollments.get(t.enrollment_id);
    if (!e || !languages.has(t.customer_id)) return [];
    return [
      {
        ...t,
        enrollment_id: e.id,
        service_address_1: e.service_address_1,
        service_city: e.service_city,
        language: languages.get(t.customer_id) ?? null,
      },
    ];
  });
}
