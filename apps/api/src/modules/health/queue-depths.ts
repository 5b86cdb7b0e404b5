/**
 * Work waiting for a background task, by queue, counted by the owners of the queues: the mail outbox (the mail
 * adapter's), enrollments awaiting the billing system (enrollments') and verifications to hand over (verifications').
 */
import type { Kysely } from 'kysely';
import { countPendingOutboxMail, MAX_MAIL_ATTEMPTS } from '../../adapters/mail/index.js';
import type { Database } from '../../db/schema.js';
import { countAwaitingSubmission } from '../enrollments/index.js';
import { countUnsentVerifications } from '../verifications/index.js';

/** Work waiting for a background task, by queue: what an operator watches grow when a task or a partner stalls. */
export async function queueDepths(db: Kysely<Database>): Promise<Record<string, number>> {
  const [mail, submissions, verifications] = await Promise.all([
    countPendingOutboxMail(db, MAX_MAIL_ATTEMPTS),
    countAwaitingSubmission(db),
    countUnsentVerifications(db),
  ]);
  return {
    mail_outbox: mail,
    billing_submissions: submissions,
    verification_dispatch: verifications,
  };
}
