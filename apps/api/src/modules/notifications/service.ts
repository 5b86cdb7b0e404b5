import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import { readSetting, writeSetting } from '../../db/system-settings.js';
import { isPayingType, isSettled } from '../../domain/charges.js';
import type { Clock } from '../../domain/clock.js';
import { notFound } from '../../http/errors.js';
import { type BillingService, money } from '../billing/index.js';
import type { EnrollmentStatus } from '../enrollments/index.js';
import { chargeEvents, customerLanguages, statusChangeEvents } from './events.js';
import {
  type MessageKind,
  type MessageValues,
  type NotificationLanguage,
  renderMessage,
  STATUS_MESSAGES,
} from './messages.js';
import type { Notification } from './schemas.js';
import * as store from './store.js';

const STATUS_CURSOR = 'notifications.cursor.enrollment_status_history';
const CHARGE_CURSOR = 'notifications.cursor.charge_transactions';
const BATCH = 500;
/**
 * A cursor stays this far behind the newest rows it has read: on PostgreSQL a transaction that took an id earlier
 * may commit later, and it must still be seen. Rows read twice are absorbed by the unique source_key.
 */
const SETTLE_SECONDS = 60;
/** A charge still pending or unknown after this long no longer holds the cursor back (reconciliation's window). */
const UNSETTLED_CHARGE_DAYS = 7;

const languageOf = (shortName: string | null): NotificationLanguage => (shortName === 'es' ? 'es' : 'en');

type NotificationRow = NonNullable<Awaited<ReturnType<typeof store.find>>>;
type NotificationWire = Static<typeof Notification>;

function toWire(n: NotificationRow): NotificationWire {
  return {
    id_notification: n.id,
    id_customer: n.customer_id,
    id_enrollment: n.enrollment_id,
    id_message: n.id_message,
    kind: n.kind,
    sent_date: n.sent_date,
    read_date: n.read_date,
    messages: { subject: n.subject, message: n.message, display_priority: n.display_priority },
  };
}

export function createNotificationsService(deps: {
  db: Kysely<Database>;
  billing: BillingService;
  clock: Clock;
}) {
  const { db, billing, clock } = deps;

  async function send(
    target: { companyId: number; customerId: number; enrollmentId: number; language: NotificationLanguage },
    kind: MessageKind,
    values: MessageValues,
    sourceKey: string,
  ): Promise<number> {
    const message = renderMessage(kind, target.language, values);
    return store.insertOnce(db, {
      company_id: target.companyId,
      customer_id: target.customerId,
      enrollment_id: target.enrollmentId,
      id_message: message.id_message,
      kind,
      subject: message.subject,
      message: message.message,
      display_priority: message.display_priority,
      sent_date: clock.now().toISOString(),
      read_date: null,
      source_key: sourceKey,
    });
  }

  /** Enrollment status changes a customer should hear about, once each. */
  async function statusChanges(settleBefore: string): Promise<number> {
    const from = Number((await readSetting(db, STATUS_CURSOR)) ?? 0);
    const rows = await statusChangeEvents(db, from, BATCH);
    let created = 0;
    let next = from;
    let settled = true;
    for (const row of rows) {
      const kind = STATUS_MESSAGES[row.to_status as EnrollmentStatus];
      if (kind && row.from_status !== row.to_status) {
        const date =
          row.to_status === 'DROP_PENDING' || row.to_status === 'DROPPED'
            ? row.drop_effective_date
            : (row.contract_start_date ?? row.requested_start_date);
        created += await send(
          {
            companyId: row.company_id,
            customerId: row.customer_id,
            enrollmentId: row.enrollment_id,
            language: languageOf(row.language),
          },
          kind,
          {
            enrollmentId: row.enrollment_id,
            address: `${row.service_address_1}, ${row.service_city}`,
            date,
            amount: row.deposit_amount_cents > 0 ? money(row.deposit_amount_cents) : null,
            what: 'payment',
          },
          `status-history:${row.id}`,
        );
      }
      settled &&= row.created_at <= settleBefore;
      if (settled) next = row.id;
    }
    if (next > from) await writeSetting(db, STATUS_CURSOR, String(next));
    return created;
  }

  /** Payments received and failed, once each. */
  async function payments(settleBefore: string, staleBefore: string): Promise<number> {
    const from = Number((await readSetting(db, CHARGE_CURSOR)) ?? 0);
    const rows = await chargeEvents(db, from, BATCH);
    let created = 0;
    let next = from;
    let settled = true;
    for (const row of rows) {
      if (isPayingType(row.transaction_type) && isSettled(row.status)) {
        created += await send(
          {
            companyId: row.company_id,
            customerId: row.customer_id,
            enrollmentId: row.enrollment_id,
            language: languageOf(row.language),
          },
          row.status === 'approved' ? 'payment-received' : 'payment-failed',
          {
            enrollmentId: row.enrollment_id,
            address: `${row.service_address_1}, ${row.service_city}`,
            date: row.updated_at.slice(0, 10),
            amount: money(row.amount_cents),
            what: row.transaction_type === 'DEPOSIT' ? 'deposit' : 'payment',
          },
          `charge:${row.id}:${row.status}`,
        );
      }
      settled &&=
        row.updated_at <= settleBefore &&
        (isSettled(row.status) || row.transaction_type === 'REFUND' || row.created_at < staleBefore);
      if (settled) next = row.id;
    }
    if (next > from) await writeSetting(db, CHARGE_CURSOR, String(next));
    return created;
  }

  /** The newest statement of each enrollment in service, once per statement token. */
  async function statementsReady(): Promise<number> {
    let created = 0;
    let afterId = 0;
    for (;;) {
      const { lastId, statements } = await billing.latestStatements(afterId, 200);
      const ready = statements.filter((s) => s.statement !== null);
      const languages = await customerLanguages(
        db,
        ready.map((s) => s.customerId),
      );
      for (const s of ready) {
        const statement = s.statement!;
        created += await send(
          {
            companyId: s.companyId,
            customerId: s.customerId,
            enrollmentId: s.enrollmentId,
            language: languageOf(languages.get(s.customerId) ?? null),
          },
          'statement-ready',
          {
            enrollmentId: s.enrollmentId,
            address: s.serviceAddress,
            date: statement.dueDate,
            amount: money(statement.balanceCents),
            what: 'payment',
          },
          `statement:${statement.token}`,
        );
      }
      if (lastId === null) return created;
      afterId = lastId;
    }
  }

  return {
    /** One pass of the create-notifications task. */
    async createFromEvents(): Promise<string> {
      const now = clock.now().getTime();
      const settleBefore = new Date(now - SETTLE_SECONDS * 1000).toISOString();
      const staleBefore = new Date(now - UNSETTLED_CHARGE_DAYS * 86_400_000).toISOString();
      const status = await statusChanges(settleBefore);
      const paid = await payments(settleBefore, staleBefore);
      const statements = await statementsReady();
      return `${status} status, ${paid} payment and ${statements} statement notifications`;
    },

    async byCustomer(
      companyId: number,
      customerId: number,
      unreadOnly: boolean,
    ): Promise<NotificationWire[]> {
      return (await store.listForCustomer(db, companyId, customerId, unreadOnly)).map(toWire);
    },

    /**
     * Staff send a notification again: a copy dated now and unread, at the top of the customer's list; the original
     * stays as it was, so the history shows both.
     */
    async resend(companyId: number, id: number): Promise<NotificationWire> {
      const row = await store.find(db, companyId, id);
      if (!row) throw notFound(`Notification ${id}`);
      const { id: originalId, ...original } = row;
      const now = clock.now().toISOString();
      const copyId = await store.insertCopy(db, {
        ...original,
        sent_date: now,
        read_date: null,
        source_key: `resend:${originalId}:${now}`,
      });
      return toWire((await store.find(db, companyId, copyId))!);
    },

    /** What the customer was told about one enrollment, newest first. */
    async byEnrollment(companyId: number, enrollmentId: number): Promise<NotificationWire[]> {
      return (await store.listForEnrollment(db, companyId, enrollmentId, 50)).map(toWire);
    },

    /** The notification's owner, for the route to check before marking. */
    async owner(companyId: number, id: number): Promise<number> {
      const row = await store.find(db, companyId, id);
      if (!row) throw notFound(`Notification ${id}`);
      return row.customer_id;
    },

    async markRead(companyId: number, id: number): Promise<NotificationWire> {
      await store.markRead(db, id, clock.now().toISOString());
      const row = await store.find(db, companyId, id);
      if (!row) throw notFound(`Notification ${id}`);
      return toWire(row);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
