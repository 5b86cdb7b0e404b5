import type { Kysely } from 'kysely';
import type { Mailer } from '../../adapters/mail/index.js';
import { maskEmail } from '../../adapters/mail/index.js';
import type { Database } from '../../db/schema.js';
import { readSetting, writeSetting } from '../../db/system-settings.js';
import type { Clock } from '../../domain/clock.js';
import type { BillingService } from '../billing/index.js';
import { insertNotificationOnce, notificationsAfter } from '../notifications/index.js';
import { prospectsChangedSince } from '../prospects/index.js';
import {
  brandOf,
  defaultLanguageId,
  type EnrollmentContext,
  enrollmentContext,
  historyStatus,
  paymentOf,
} from './event-sources.js';
import * as store from './store.js';
import { toHtml } from './templates.js';
import {
  TRIGGER_BY_NOTIFICATION_KIND,
  TRIGGERS_BY_KEY,
  type TriggerDefinition,
  triggerStatus,
} from './triggers.js';
import { type EventContext, renderText, valueFrom } from './variables.js';

const NOTIFICATION_CURSOR = 'autoresponders.cursor.notifications';
const PROSPECT_CURSOR = 'autoresponders.cursor.prospects';
const BATCH = 500;
/** Like create-notifications: a cursor stays this far behind the newest rows, re-reads are absorbed by the key. */
const SETTLE_SECONDS = 60;
/** The id_message of the notification that records an autoresponder email. */
export const AUTORESPONDER_MESSAGE_ID = 401;
/** The kind of that notification; the autoresponders do not answer their own notifications. */
const AUTORESPONDER_KIND = 'autoresponder';

interface Target {
  companyId: number;
  brandId: number | null;
  customerTypeId: number;
  languageId: number;
  recipient: string | null;
  customerId: number | null;
  enrollmentId: number | null;
  prospectId: number | null;
}

/** One event to send the templates of its trigger for. */
export interface AutoresponderEvent {
  target: Target;
  trigger: TriggerDefinition;
  /** Identifies the event: a template sends once per source key. */
  sourceKey: string;
  context: Omit<EventContext, 'brand' | 'trigger'>;
}

type Db = Kysely<Database>;
type ActiveTemplate = Awaited<ReturnType<typeof store.activeTemplates>>[number];
type NotificationRow = Awaited<ReturnType<typeof notificationsAfter>>[number];
type ProspectRow = Awaited<ReturnType<typeof prospectsChangedSince>>[number];

/** What a notification adds to its enrollment: the payment or statement it is about, the status it announces. */
export interface NotificationDetails {
  payment: EventContext['payment'];
  statement: EventContext['statement'];
  status: string;
}

export function enrollmentEvent(
  { enrollment: e, customer, plan }: EnrollmentContext,
  trigger: TriggerDefinition,
  sourceKey: string,
  details: NotificationDetails,
): AutoresponderEvent {
  return {
    target: {
      companyId: e.company_id,
      brandId: plan.brand_id,
      customerTypeId: e.customer_type_id,
      languageId: customer.id_prefered_language,
      recipient: customer.email ?? customer.alternative_email,
      customerId: e.customer_id,
      enrollmentId: e.id,
      prospectId: null,
    },
    trigger,
    sourceKey,
    context: {
      customer: { firstName: customer.first_name, lastName: customer.last_name },
      enrollment: {
        id: e.id,
        status: details.status,
        startDate: e.contract_start_date ?? e.requested_start_date,
        esiid: e.ldc_account,
        serviceAddress: `${e.service_address_1}, ${e.service_city}, ${e.service_state} ${e.service_zipcode}`,
        depositCents: trigger.source === 'enrollment' ? e.deposit_amount_cents : 0,
        commodity: e.commodity,
      },
      plan: { name: plan.name, rate: plan.rate, term: plan.term },
      payment: details.payment,
      statement: details.statement,
      prospect: null,
    },
  };
}

function prospectEvent(row: ProspectRow, trigger: TriggerDefinition): AutoresponderEvent {
  const customer = JSON.parse(row.customer) as {
    firstName?: string;
    lastName?: string;
    firmName?: string;
    email?: string;
    idPreferedLanguage?: number;
  };
  return {
    target: {
      companyId: row.company_id,
      brandId: null,
      customerTypeId: row.customer_type_id,
      languageId: customer.idPreferedLanguage ?? 0,
      recipient: customer.email ?? null,
      customerId: null,
      enrollmentId: null,
      prospectId: row.id,
    },
    trigger,
    sourceKey: `prospect:${row.id}:${row.status}`,
    context: {
      customer: { firstName: customer.firstName ?? null, lastName: customer.lastName ?? null },
      enrollment: null,
      plan: null,
      payment: null,
      statement: null,
      prospect: {
        id: row.id,
        status: row.status,
        firmName: customer.firmName ?? null,
        rateMicros: row.rate_micros,
        term: row.term,
        startDate: row.start_date,
        expirationDate: row.expiration_date,
        ldc: row.ldc,
        commodity: row.commodity_name,
      },
    },
  };
}

/** The send-autoresponders task: turns notifications and prospect sales statuses into email, once per event. */
export function createEventSender(deps: { db: Db; billing: BillingService; mail: Mailer; clock: Clock }) {
  const { db, billing, mail, clock } = deps;

  /** The package for the event: its language, else the default language; of the brand when the event has one. */
  async function packageFor(target: Target) {
    const where = {
      companyId: target.companyId,
      customerTypeId: target.customerTypeId,
      brandId: target.brandId,
    };
    const [own] = await store.activePackages(db, { ...where, languageId: target.languageId });
    if (own) return own;
    const fallback = await defaultLanguageId(db);
    if (fallback === undefined || fallback === target.languageId) return undefined;
    const [byDefault] = await store.activePackages(db, { ...where, languageId: fallback });
    return byDefault;
  }

  /** Sends each active template of the chosen package for the trigger, once per (template, event). */
  async function fire(event: AutoresponderEvent): Promise<number> {
    const chosen = await packageFor(event.target);
    if (!chosen) return 0;
    const templates = await store.activeTemplates(db, chosen.id, event.trigger.key);
    if (templates.length === 0) return 0;
    const brand = await brandOf(db, event.target.companyId, chosen.brand_id);
    const values = valueFrom({ ...event.context, trigger: event.trigger, brand });
    let sent = 0;
    for (const template of templates) sent += await sendTemplate(event, template, values);
    return sent;
  }

  /**
   * Records the send, queues the email when there is a recipient and records a notification when there is a
   * customer, in one transaction: 1, or 0 when this template already sent for this event.
   */
  async function sendTemplate(
    { target, trigger, sourceKey }: AutoresponderEvent,
    template: ActiveTemplate,
    values: (name: string) => string | null | undefined,
  ): Promise<number> {
    const subject = renderText(template.subject, values);
    const body = renderText(template.body, values);
    const missing = [...new Set([...subject.missing, ...body.missing])];
    const now = clock.now().toISOString();
    return db.transaction().execute(async (trx) => {
      const sendId = await store.insertSendOnce(trx, {
        company_id: target.companyId,
        template_id: template.id,
        trigger_key: trigger.key,
        source_key: sourceKey,
        customer_id: target.customerId,
        enrollment_id: target.enrollmentId,
        prospect_id: target.prospectId,
        status: target.recipient ? 'queued' : 'no_recipient',
        recipient: target.recipient ? maskEmail(target.recipient) : null,
        subject: subject.text,
        missing_variables: JSON.stringify(missing),
        outbox_id: null,
        created_at: now,
      });
      if (sendId === undefined) return 0;
      if (target.recipient) {
        const outboxId = await mail.queue(trx, {
          companyId: target.companyId,
          to: target.recipient,
          subject: subject.text,
          text: body.text,
          html: toHtml(body.text),
          template: `autoresponder:${trigger.key}`,
        });
        await store.setOutbox(trx, sendId, outboxId);
      }
      if (target.customerId !== null) {
        await insertNotificationOnce(trx, {
          company_id: target.companyId,
          customer_id: target.customerId,
          enrollment_id: target.enrollmentId,
          id_message: AUTORESPONDER_MESSAGE_ID,
          kind: AUTORESPONDER_KIND,
          subject: subject.text,
          message: body.text,
          display_priority: 3,
          sent_date: now,
          read_date: null,
          source_key: `autoresponder:${template.id}:${sourceKey}`,
        });
      }
      return 1;
    });
  }

  /** The statement a statement-ready notification is about (by token), from the billing system. */
  async function statementOf(companyId: number, enrollmentId: number, token: string) {
    const account = await billing.account(companyId, enrollmentId);
    const { items } = await billing.statements(account, { pageNumber: 1, pageSize: 100 });
    const statement = items.find((s) => s.custStatementTkn === token);
    return statement
      ? {
          balanceCents: Math.round(statement.stmtBalanceAmt * 100),
          dueDate: statement.dueDate,
          statementDate: statement.statementDate,
        }
      : null;
  }

  /** Reads what the notification's source key points at: a charge, a statement or a status change. */
  async function notificationDetails(
    sourceKey: string,
    trigger: TriggerDefinition,
    { enrollment: e }: EnrollmentContext,
  ): Promise<NotificationDetails> {
    const [source, id, ...rest] = sourceKey.split(':');
    let payment: EventContext['payment'] = null;
    let statement: EventContext['statement'] = null;
    let status = triggerStatus(trigger.key) ?? e.status;
    if (source === 'charge') payment = await paymentOf(db, e.company_id, Number(id));
    if (source === 'statement') statement = await statementOf(e.company_id, e.id, [id, ...rest].join(':'));
    if (source === 'status-history' && triggerStatus(trigger.key) === null) {
      status = (await historyStatus(db, e.id, Number(id))) ?? e.status;
    }
    return { payment, statement, status };
  }

  async function sendForNotification(row: NotificationRow): Promise<number> {
    const trigger = TRIGGER_BY_NOTIFICATION_KIND.get(row.kind);
    if (!trigger || row.enrollment_id === null) return 0;
    const e = await enrollmentContext(db, row.enrollment_id);
    if (!e) return 0;
    const details = await notificationDetails(row.source_key, trigger, e);
    return fire(enrollmentEvent(e, trigger, `notification:${row.source_key}`, details));
  }

  /** Customer events: each notification the create-notifications task created, once. */
  async function customerEvents(settleBefore: string): Promise<number> {
    const from = Number((await readSetting(db, NOTIFICATION_CURSOR)) ?? 0);
    const rows = await notificationsAfter(db, from, BATCH, AUTORESPONDER_KIND);
    let sent = 0;
    let next = from;
    let settled = true;
    for (const row of rows) {
      sent += await sendForNotification(row);
      settled &&= row.sent_date <= settleBefore;
      if (settled) next = row.id;
    }
    if (next > from) await writeSetting(db, NOTIFICATION_CURSOR, String(next));
    return sent;
  }

  /** Prospect events: a prospect reaching a sales status, once per prospect and status. */
  async function prospectEvents(settleBefore: string): Promise<number> {
    const from = (await readSetting(db, PROSPECT_CURSOR)) ?? '';
    const rows = await prospectsChangedSince(db, from, BATCH);
    let sent = 0;
    let next = from;
    for (const row of rows) {
      const trigger = TRIGGERS_BY_KEY.get(`prospect.status.${row.status}`);
      if (trigger) sent += await fire(prospectEvent(row, trigger));
      if (row.modified_at <= settleBefore && row.modified_at > next) next = row.modified_at;
    }
    if (next > from) await writeSetting(db, PROSPECT_CURSOR, next);
    return sent;
  }

  return {
    /** One pass of the send-autoresponders task. */
    async sendFromEvents(): Promise<string> {
      const settleBefore = new Date(clock.now().getTime() - SETTLE_SECONDS * 1000).toISOString();
      const customers = await customerEvents(settleBefore);
      const prospects = await prospectEvents(settleBefore);
      return `${customers} customer and ${prospects} prospect autoresponders`;
    },
  };
}
