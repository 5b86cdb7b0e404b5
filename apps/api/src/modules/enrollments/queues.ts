import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Page, Paging } from '../../http/envelope.js';
import { findUtilityTerms } from '../company/index.js';
import { customerNames } from '../customers/index.js';
import { findPlanTerms } from '../plans/index.js';
import { AGENT_QUEUE_STATUSES, type EnrollmentStatus, LIFECYCLE } from './lifecycle.js';
import {
  countsByStatus,
  enrollmentQueueRows,
  enrollmentsOfCustomerRows,
  pendingCreditLetterCount,
  pendingCreditLetterPage,
  type QueueCount,
  type QueueRow,
  queuedEtfInvoiceCount,
  statusQueuePage,
  unverifiedMeterCount,
  unverifiedMeterQueuePage,
} from './queue-store.js';

/** The statuses agents work as queues: every hold and failed submission, and renewals waiting for the batch. */
export const QUEUE_STATUSES: readonly EnrollmentStatus[] = [...AGENT_QUEUE_STATUSES, 'RENEWAL_PENDING'];

/** One enrollment as a queue lists it: who, where, what, and how long it has waited. */
export interface QueueItem {
  id: number;
  status: string;
  since: string;
  createdAt: string;
  customerId: number;
  customerName: string;
  planName: string;
  utilityName: string;
  ldcAccount: string;
  serviceArea: string;
  deposit: number;
  depositStatus: string;
  reviewReasons: string[];
  billingErrors: string[];
  submissionAttempts: number;
}

/** How many items wait in each queue and since when the oldest did. */
export async function queueCounts(db: Kysely<Database>, companyId: number): Promise<QueueCount[]> {
  const [statuses, letters, invoices, meters] = await Promise.all([
    countsByStatus(db, companyId, QUEUE_STATUSES),
    pendingCreditLetterCount(db, companyId),
    queuedEtfInvoiceCount(db, companyId),
    unverifiedMeterCount(db, companyId),
  ]);
  const byStatus = new Map(statuses.map((count) => [count.key, count]));
  return [
    ...QUEUE_STATUSES.map((status) => byStatus.get(status) ?? { key: status, count: 0, oldest: null }),
    letters,
    invoices,
    meters,
  ];
}

export const isQueueStatus = (status: string): status is EnrollmentStatus =>
  (QUEUE_STATUSES as readonly string[]).includes(status);

const nameOf = (customer: { first_name: string; last_name: string; firm_name: string | null } | undefined) =>
  customer ? customer.firm_name || `${customer.first_name} ${customer.last_name}`.trim() : '';

const distinct = (ids: number[]) => [...new Set(ids)];

/** The names of a page's customers, one look-up for the page. */
async function customerNamesOf(db: Kysely<Database>, companyId: number, customerIds: number[]) {
  if (customerIds.length === 0) return new Map<number, string>();
  const customers = await customerNames(db, companyId, distinct(customerIds));
  return new Map(customers.map((c) => [c.id, nameOf(c)]));
}

/** A page of queue rows with the names a person reads (three look-ups for the page, not one per row). */
async function queueItems(db: Kysely<Database>, companyId: number, rows: QueueRow[]): Promise<QueueItem[]> {
  if (rows.length === 0) return [];
  const [customerById, plans, utilities] = await Promise.all([
    customerNamesOf(
      db,
      companyId,
      rows.map((row) => row.customer_id),
    ),
    findPlanTerms(db, distinct(rows.map((row) => row.plan_version_id))),
    findUtilityTerms(db, distinct(rows.map((row) => row.utility_id))),
  ]);
  const planById = new Map(plans.map((p) => [p.id, p.name]));
  const utilityById = new Map(utilities.map((u) => [u.id, u.name]));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    since: row.status_since,
    createdAt: row.created_at,
    customerId: row.customer_id,
    customerName: customerById.get(row.customer_id) ?? '',
    planName: planById.get(row.plan_id) ?? '',
    utilityName: utilityById.get(row.utility_id) ?? '',
    ldcAccount: row.ldc_account,
    serviceArea: `${row.service_city}, ${row.service_state}`,
    deposit: row.deposit_amount_cents / 100,
    depositStatus: row.deposit_status,
    reviewReasons: JSON.parse(row.manual_review_reasons) as string[],
    billingErrors: row.billing_errors ? (JSON.parse(row.billing_errors) as string[]) : [],
    submissionAttempts: row.submission_attempts,
  }));
}

/** One page of a status queue, longest waiting first (or newest first). */
export async function statusQueue(
  db: Kysely<Database>,
  companyId: number,
  status: EnrollmentStatus,
  paging: Paging,
  order: 'oldest' | 'newest',
): Promise<Page<QueueItem>> {
  const { rows, total } = await statusQueuePage(db, companyId, status, paging, order);
  return { items: await queueItems(db, companyId, rows), total };
}

/** One page of the enrollments whose meter awaits an agent's check. */
export async function unverifiedMeterQueue(
  db: Kysely<Database>,
  companyId: number,
  paging: Paging,
): Promise<Page<QueueItem>> {
  const { rows, total } = await unverifiedMeterQueuePage(db, companyId, paging);
  return { items: await queueItems(db, companyId, rows), total };
}

/** A customer's enrollments as the console lists them, newest first. */
/** One enrollment as the queues show it: who, which plan, why it waits, what the billing system said. */
export async function queueItemOf(
  db: Kysely<Database>,
  companyId: number,
  enrollmentId: number,
): Promise<QueueItem | undefined> {
  return (await queueItems(db, companyId, await enrollmentQueueRows(db, companyId, enrollmentId)))[0];
}

export async function enrollmentsOfCustomer(
  db: Kysely<Database>,
  companyId: number,
  customerId: number,
): Promise<QueueItem[]> {
  return queueItems(db, companyId, await enrollmentsOfCustomerRows(db, companyId, customerId));
}

/** A letter of credit waiting for an agent, with what the agent decides on. */
export interface CreditLetterItem {
  id: number;
  enrollmentId: number;
  enrollmentStatus: string;
  customerId: number;
  customerName: string;
  fileId: number;
  fileName: string;
  uploadedAt: string;
  deposit: number;
}

export async function creditLetterQueue(
  db: Kysely<Database>,
  companyId: number,
  paging: Paging,
): Promise<Page<CreditLetterItem>> {
  const { rows, total } = await pendingCreditLetterPage(db, companyId, paging);
  const names = await customerNamesOf(
    db,
    companyId,
    rows.map((row) => row.customer_id),
  );
  const items = rows.map((row) => ({
    id: row.id,
    enrollmentId: row.enrollment_id,
    enrollmentStatus: row.enrollment_status,
    customerId: row.customer_id,
    customerName: names.get(row.customer_id) ?? '',
    fileId: row.file_id,
    fileName: row.file_name,
    uploadedAt: row.uploaded_at,
    deposit: row.deposit_amount_cents / 100,
  }));
  return { items, total };
}

/** What a status means, from the lifecycle table (the console shows it beside each queue). */
export const statusMeaning = (status: EnrollmentStatus) => LIFECYCLE[status].meaning;
