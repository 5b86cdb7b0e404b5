import type { ColumnType, Generated } from 'kysely';

/**
 * Password-reset security tokens. Only the SHA-256 of the token is stored; the token itself exists only in the
 * email. A token is single use (`used_at`) and expires (`expires_at`, epoch seconds).
 */
export interface CustomerResetTokensTable {
  token_hash: string;
  company_id: number;
  customer_id: number;
  expires_at: number;
  used_at: string | null;
  created_at: string;
}

/**
 * Self-service logins merged into another customer by `POST /customers/{customerId}/link-accounts`:
 * `linked_customer_id` (the old login, now inactive) belongs to `customer_id` (the one that stays).
 * Listings of a customer's enrollments read their enrollments and those of every linked customer.
 */
export interface CustomerLinksTable {
  company_id: number;
  customer_id: number;
  linked_customer_id: number;
  linked_at: string;
}

/**
 * queued → sent; failed (a transient refusal, retried with backoff, abandoned after the last attempt); bounced (the
 * server refused the recipient or message for good); suppressed (not attempted: the address bounced before).
 */
export type MailStatus = 'queued' | 'sent' | 'failed' | 'bounced' | 'suppressed';

/**
 * Every email the API sends, written in the same transaction as the change that causes it and delivered by the
 * `deliver-mail` background task. A failed message is retried with backoff (`next_attempt_at`, epoch seconds)
 * until it has had MAX_MAIL_ATTEMPTS attempts.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  company_id: number;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  next_attempt_at: number;
  created_at: string;
  sent_at: string | null;
}

/** An address a retail company's mail bounced from; mail to it is suppressed until staff clear it. */
export interface MailBouncesTable {
  company_id: number;
  /** Lower-cased. */
  address: string;
  /** The server's reply, addresses masked. */
  reply: string;
  outbox_id: number;
  bounced_at: string;
}

/** A note staff wrote about a customer in the console; added, never edited. */
export interface CustomerNotesTable {
  id: Generated<number>;
  company_id: number;
  customer_id: number;
  /** Who wrote it: `staff:<email>`. */
  author: string;
  body: string;
  created_at: string;
}

export interface CustomerAccountTables {
  customer_notes: CustomerNotesTable;
  customer_reset_tokens: CustomerResetTokensTable;
  customer_links: CustomerLinksTable;
  mail_outbox: MailOutboxTable;
  mail_bounces: MailBouncesTable;
}
