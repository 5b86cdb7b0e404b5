import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MailBouncesTable, MailOutboxTable, MailStatus } from '../../db/tables/customers.js';

type Db = Kysely<Database>;

export async function insertOutboxMail(db: Db, mail: Insertable<MailOutboxTable>): Promise<number> {
  const row = await db.insertInto('mail_outbox').values(mail).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOutboxMail(
  db: Db,
  id: number,
  values: Updateable<MailOutboxTable>,
): Promise<void> {
  await db.updateTable('mail_outbox').set(values).where('id', '=', id).execute();
}

/** New messages and failed ones whose backoff has passed, with attempts left, oldest first. */
export function listDueOutboxMail(db: Db, nowSeconds: number, maxAttempts: number, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', 'in', ['queued', 'failed'])
    .where('next_attempt_at', '<=', nowSeconds)
    .where('attempts', '<', maxAttempts)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** How many messages wait to be sent: new ones and failed ones with attempts left (a queue depth). */
export async function countPendingOutboxMail(db: Db, maxAttempts: number): Promise<number> {
  const { n } = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['queued', 'failed'])
    .where('attempts', '<', maxAttempts)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Deletes the messages sent before `cutoff`; how many. */
export async function purgeMailSentBefore(db: Db, cutoff: string): Promise<number> {
  const purged = await db
    .deleteFrom('mail_outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', cutoff)
    .executeTakeFirst();
  return Number(purged.numDeletedRows);
}

/** The newest messages of the outbox, newest first. */
export function listLatestOutboxMail(db: Db, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'created_at', 'status', 'recipient', 'subject'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One page of the company's messages, newest first, optionally of one status; no body. */
export async function listCompanyOutboxMail(
  db: Db,
  companyId: number,
  filter: { status?: MailStatus; offset: number; limit: number },
) {
  let query = db.selectFrom('mail_outbox').where('company_id', '=', companyId);
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, { n }] = await Promise.all([
    query
      .select([
        'id',
        'created_at',
        'sent_at',
        'status',
        'recipient',
        'subject',
        'template',
        'attempts',
        'last_error',
        'next_attempt_at',
      ])
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}

export function findOutboxMail(db: Db, id: number) {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

// Bounces are keyed by the company and the address as `bounceKey` writes it.

export function findBounce(db: Db, companyId: number, address: string) {
  return db
    .selectFrom('mail_bounces')
    .select(['bounced_at', 'reply'])
    .where('company_id', '=', companyId)
    .where('address', '=', address)
    .executeTakeFirst();
}

/** Records the address's bounce, replacing the one it had. */
export async function recordBounce(
  db: Db,
  companyId: number,
  address: string,
  record: Omit<Insertable<MailBouncesTable>, 'company_id' | 'address'>,
): Promise<void> {
  await db
    .insertInto('mail_bounces')
    .values({ company_id: companyId, address, ...record })
    .onConflict((oc) => oc.columns(['company_id', 'address']).doUpdateSet(record))
    .execute();
}

/** The company's bounced addresses, the latest bounce first. */
export function listBounces(db: Db, companyId: number) {
  return db
    .selectFrom('mail_bounces')
    .select(['address', 'bounced_at', 'reply'])
    .where('company_id', '=', companyId)
    .orderBy('bounced_at', 'desc')
    .execute();
}

/** Forgets the address's bounce, so it is mailed again; false when it had none. */
export async function clearBounce(db: Db, companyId: number, address: string): Promise<boolean> {
  const cleared = await db
    .deleteFrom('mail_bounces')
    .where('company_id', '=', companyId)
    .where('address', '=', address)
    .executeTakeFirst();
  return Number(cleared.numDeletedRows) > 0;
}

/** The newest messages of the company to these addresses (a customer's), newest first: what and when, no body. */
export function listMailTo(db: Db, companyId: number, recipients: string[], limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'created_at', 'sent_at', 'status', 'subject', 'template', 'attempts'])
    .where('company_id', '=', companyId)
    .where('recipient', 'in', recipients.length > 0 ? recipients : [''])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
