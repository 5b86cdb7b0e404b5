import { type Kysely, sql } from 'kysely';
import { MAX_MAIL_ATTEMPTS } from '../../adapters/mail/index.js';
import type { Database } from '../../db/schema.js';

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Work waiting for a background task, by queue: what an operator watches grow when a task or a partner stalls. */
export async function queueDepths(db: Kysely<Database>): Promise<Record<string, number>> {
  const [mail, submissions, verifications] = await Promise.all([
    db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['queued', 'failed'])
      .where('attempts', '<', MAX_MAIL_ATTEMPTS)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', [
        'QUEUED_FOR_SUBMISSION',
        'SUBMITION_NOT_SENT_CONNECTION_ERROR',
        'RENEWAL_PENDING',
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tpv_verifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('result', '=', 'NOT_SENT')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    mail_outbox: Number(mail.n),
    billing_submissions: Number(submissions.n),
    verification_dispatch: Number(verifications.n),
  };
}
