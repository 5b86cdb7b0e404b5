import { type Kysely, sql } from 'kysely';

/**
 * Mail already sent, or abandoned after its last attempt (8), kept its text and HTML, which carry reset links and
 * personal data; the outbox now removes them once no attempt will use them, and this clears the rows from before.
 * The notes are written out rather than imported: a migration stays what it was when it ran.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const delivered = '[delivered; body removed]';
  const abandoned = '[not delivered; body removed]';
  await sql`update mail_outbox set text = ${delivered}, html = ${delivered} where status = 'sent'`.execute(
    db,
  );
  await sql`update mail_outbox set text = ${abandoned}, html = ${abandoned}
    where status = 'failed' and attempts >= 8`.execute(db);
}
