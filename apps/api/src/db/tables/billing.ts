import type { Generated } from 'kysely';

/**
 * A message to a customer in the self-service site, created from an event (an enrollment status change, a payment
 * received or failed, a statement ready) in the customer's language at the time it was sent.
 */
export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  customer_id: number;
  enrollment_id: number | null;
  /** The message template's id (the spec's id_message); see NOTIFICATION_MESSAGES. */
  id_message: number;
  /** The template's name, e.g. enrollment-active, payment-received, statement-ready. */
  kind: string;
  subject: string;
  message: string;
  /** 1 action needed, 2 important, 3 for information. */
  display_priority: number;
  /** ISO-8601 instant. */
  sent_date: string;
  read_date: string | null;
  /** What the notification is about, e.g. `status-history:42`: one notification per event, however often the task runs. */
  source_key: string;
}

export interface BillingTables {
  notifications: NotificationsTable;
}
