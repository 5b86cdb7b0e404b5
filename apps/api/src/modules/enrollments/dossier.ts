import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { creditLettersOf, etfInvoicesOf } from './account-store.js';
import { statusHistory } from './store.js';

/** The parts of one enrollment's record that the enrollments module owns, for the console's enrollment page. */
export async function enrollmentRecord(db: Kysely<Database>, companyId: number, enrollmentId: number) {
  const [history, letters, invoices] = await Promise.all([
    statusHistory(db, [enrollmentId]),
    creditLettersOf(db, companyId, enrollmentId),
    etfInvoicesOf(db, companyId, enrollmentId),
  ]);
  return {
    timeline: history.map((entry) => ({
      at: entry.created_at,
      from: entry.from_status,
      to: entry.to_status,
      actor: entry.actor,
      reason: entry.reason,
    })),
    creditLetters: letters.map((letter) => ({
      id: letter.id,
      status: (['pending', 'approved', 'rejected', 'discarded'] as const)[letter.status] ?? 'pending',
      fileName: letter.file_name,
      uploadedAt: letter.uploaded_at,
      reviewedAt: letter.reviewed_at,
      reviewedBy: letter.reviewed_by,
      note: letter.review_note,
    })),
    etfInvoices: invoices.map((invoice) => ({
      id: invoice.id,
      amount: invoice.amount_cents / 100,
      status: invoice.status,
      reason: invoice.reason,
      createdAt: invoice.created_at,
      resolvedAt: invoice.resolved_at,
      resolvedBy: invoice.resolved_by,
      resolutionNote: invoice.resolution_note,
    })),
  };
}
