import type { Kysely } from 'kysely';
import type { Mailer } from '../../adapters/mail/index.js';
import { maskEmail } from '../../adapters/mail/index.js';
import type { Database } from '../../db/schema.js';
import { readSetting, writeSetting } from '../../db/system-settings.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { BillingService } from '../billing/index.js';
import * as store from './store.js';
import {
  TRIGGER_BY_NOTIFICATION_KIND,
  TRIGGERS_BY_KEY,
  type TriggerDefinition,
  triggerStatus,
} from './triggers.js';
import {
  type EventContext,
  exampleValue,
  placeholdersIn,
  renderText,
  VARIABLES_BY_NAME,
  valueFrom,
  variablesFor,
} from './variables.js';

const NOTIFICATION_CURSOR = 'autoresponders.cursor.notifications';
const PROSPECT_CURSOR = 'autoresponders.cursor.prospects';
const BATCH = 500;
/** Like create-notifications: a cursor stays this far behind the newest rows, re-reads are absorbed by the key. */
const SETTLE_SECONDS = 60;
/** The id_message of the notification that records an autoresponder email. */
export const AUTORESPONDER_MESSAGE_ID = 401;

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

type TemplateRow = NonNullable<Awaited<ReturnType<typeof store.findTemplate>>>;

function templateWire(
  t: Pick<TemplateRow, 'id' | 'package_id' | 'trigger_key' | 'subject' | 'body' | 'active' | 'updated_at'>,
) {
  return {
    id_template: t.id,
    id_package: t.package_id,
    trigger: t.trigger_key,
    subject: t.subject,
    body: t.body,
    active: t.active === 1,
    variables: placeholdersIn(`${t.subject}\n${t.body}`),
    updated_at: t.updated_at,
  };
}

/** Plain text to the HTML part: escaped, paragraphs on blank lines, line breaks kept. */
function toHtml(text: string): string {
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  return escaped
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** Refuses an unknown trigger, and variables that are unknown or that the trigger does not provide. */
function validate(trigger: string, subject: string, body: string): TriggerDefinition {
  const definition = TRIGGERS_BY_KEY.get(trigger);
  if (!definition)
    throw new ApiError('AUTORESPONDER_TRIGGER_UNKNOWN', `${trigger} is not an autoresponder trigger.`, [
      trigger,
    ]);
  const used = placeholdersIn(`${subject}\n${body}`);
  const unknown = used.filter((name) => !VARIABLES_BY_NAME.has(name));
  const provided = new Set(variablesFor(definition.source));
  const unavailable = used.filter((name) => VARIABLES_BY_NAME.has(name) && !provided.has(name));
  if (unknown.length > 0 || unavailable.length > 0) {
    const parts = [
      unknown.length ? `unknown variables: ${unknown.join(', ')}` : '',
      unavailable.length ? `not provided by ${trigger}: ${unavailable.join(', ')}` : '',
    ].filter(Boolean);
    throw new ApiError('AUTORESPONDER_VARIABLE_UNKNOWN', `The template uses ${parts.join('; ')}.`, [
      ...unknown,
      ...unavailable,
    ]);
  }
  return definition;
}

export function createAutorespondersService(deps: {
  db: Kysely<Database>;
  billing: BillingService;
  mail: Mailer;
}) {
  const { db, billing, mail } = deps;

  /** The package for the event: its language, else the default language; of the brand when the event has one. */
  async function packageFor(target: Target) {
    const where = {
      companyId: target.companyId,
      customerTypeId: target.customerTypeId,
      brandId: target.brandId,
    };
    const [own] = await store.activePackages(db, { ...where, languageId: target.languageId });
    if (own) return own;
    const fallback = await store.defaultLanguageId(db);
    if (!fallback || fallback.id === target.languageId) return undefined;
    const [byDefault] = await store.activePackages(db, { ...where, languageId: fallback.id });
    return byDefault;
  }

  /** Sends each active template of the chosen package for the trigger, once per (template, event). */
  async function fire(
    target: Target,
    trigger: TriggerDefinition,
    sourceKey: string,
    context: Omit<EventContext, 'brand' | 'trigger'>,
  ): Promise<number> {
    const chosen = await packageFor(target);
    if (!chosen) return 0;
    const templates = await store.activeTemplates(db, chosen.id, trigger.key);
    if (templates.length === 0) return 0;
    const brand = await store.brand(db, chosen.brand_id);
    const full: EventContext = {
      ...context,
      trigger,
      brand: brand
        ? { name: brand.name, phone: brand.phone, url: brand.url, myAccountUrl: brand.my_account_url }
        : null,
    };
    const values = valueFrom(full);
    let sent = 0;
    for (const template of templates) {
      const subject = renderText(template.subject, values);
      const body = renderText(template.body, values);
      const missing = [...new Set([...subject.missing, ...body.missing])];
      const now = new Date().toISOString();
      const added = await db.transaction().execute(async (trx) => {
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
          await store.insertNotificationOnce(trx, {
            company_id: target.companyId,
            customer_id: target.customerId,
            enrollment_id: target.enrollmentId,
            id_message: AUTORESPONDER_MESSAGE_ID,
            kind: 'autoresponder',
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
      sent += added;
    }
    return sent;
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

  /** Customer events: each notification the create-notifications task created, once. */
  async function customerEvents(settleBefore: string): Promise<number> {
    const from = Number((await readSetting(db, NOTIFICATION_CURSOR)) ?? 0);
    const rows = await store.notificationsAfter(db, from, BATCH);
    let sent = 0;
    let next = from;
    let settled = true;
    for (const row of rows) {
      const trigger = TRIGGER_BY_NOTIFICATION_KIND.get(row.kind);
      const e =
        trigger && row.enrollment_id !== null
          ? await store.enrollmentContext(db, row.enrollment_id)
          : undefined;
      if (trigger && e) {
        const [source, id, ...rest] = row.source_key.split(':');
        let payment: EventContext['payment'] = null;
        let statement: EventContext['statement'] = null;
        let status = triggerStatus(trigger.key) ?? e.status;
        if (source === 'charge') {
          const c = await store.charge(db, Number(id));
          if (c)
            payment = {
              amountCents: c.amount_cents,
              date: c.updated_at.slice(0, 10),
              transactionType: c.transaction_type,
            };
        }
        if (source === 'statement')
          statement = await statementOf(e.company_id, e.id, [id, ...rest].join(':'));
        if (source === 'status-history' && triggerStatus(trigger.key) === null) {
          status = (await store.historyStatus(db, Number(id)))?.to_status ?? e.status;
        }
        sent += await fire(
          {
            companyId: e.company_id,
            brandId: e.brand_id,
            customerTypeId: e.customer_type_id,
            languageId: e.id_prefered_language,
            recipient: e.email ?? e.alternative_email,
            customerId: e.customer_id,
            enrollmentId: e.id,
            prospectId: null,
          },
          trigger,
          `notification:${row.source_key}`,
          {
            customer: { firstName: e.first_name, lastName: e.last_name },
            enrollment: {
              id: e.id,
              status,
              startDate: e.contract_start_date ?? e.requested_start_date,
              esiid: e.ldc_account,
              serviceAddress: `${e.service_address_1}, ${e.service_city}, ${e.service_state} ${e.service_zipcode}`,
              depositCents: trigger.source === 'enrollment' ? e.deposit_amount_cents : 0,
              commodity: e.commodity,
            },
            plan: { name: e.plan_name, rate: e.plan_rate, term: e.plan_term },
            payment,
            statement,
            prospect: null,
          },
        );
      }
      settled &&= row.sent_date <= settleBefore;
      if (settled) next = row.id;
    }
    if (next > from) await writeSetting(db, NOTIFICATION_CURSOR, String(next));
    return sent;
  }

  /** Prospect events: a prospect reaching a sales status, once per prospect and status. */
  async function prospectEvents(settleBefore: string): Promise<number> {
    const from = (await readSetting(db, PROSPECT_CURSOR)) ?? '';
    const rows = await store.prospectsChangedSince(db, from, BATCH);
    let sent = 0;
    let next = from;
    for (const row of rows) {
      const trigger = TRIGGERS_BY_KEY.get(`prospect.status.${row.status}`);
      if (trigger) {
        const customer = JSON.parse(row.customer) as {
          firstName?: string;
          lastName?: string;
          firmName?: string;
          email?: string;
          idPreferedLanguage?: number;
        };
        sent += await fire(
          {
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
          `prospect:${row.id}:${row.status}`,
          {
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
        );
      }
      if (row.modified_at <= settleBefore && row.modified_at > next) next = row.modified_at;
    }
    if (next > from) await writeSetting(db, PROSPECT_CURSOR, next);
    return sent;
  }

  return {
    /** One pass of the send-autoresponders task. */
    async sendFromEvents(): Promise<string> {
      const settleBefore = new Date(Date.now() - SETTLE_SECONDS * 1000).toISOString();
      const customers = await customerEvents(settleBefore);
      const prospects = await prospectEvents(settleBefore);
      return `${customers} customer and ${prospects} prospect autoresponders`;
    },

    async packages(companyId: number) {
      const packages = await store.packages(db, companyId);
      const templates = await store.templatesOf(
        db,
        packages.map((p) => p.id),
      );
      return packages.map((p) => ({
        id_package: p.id,
        name: p.name,
        active: p.active === 1,
        id_brand: p.brand_id,
        brand: p.brand_name,
        id_language: p.language_id,
        language: p.language,
        id_customer_type: p.customer_type_id,
        customer_type: p.customer_type,
        templates: templates.filter((t) => t.package_id === p.id).map(templateWire),
      }));
    },

    async createTemplate(
      companyId: number,
      input: { id_package: number; trigger: string; subject: string; body: string; active?: boolean },
    ) {
      if (!(await store.findPackage(db, companyId, input.id_package)))
        throw notFound(`Autoresponder package ${input.id_package}`);
      validate(input.trigger, input.subject, input.body);
      const now = new Date().toISOString();
      const id = await store.insertTemplate(db, {
        package_id: input.id_package,
        trigger_key: input.trigger,
        subject: input.subject,
        body: input.body,
        active: input.active === false ? 0 : 1,
        created_at: now,
        updated_at: now,
      });
      return templateWire((await store.findTemplate(db, companyId, id))!);
    },

    async updateTemplate(
      companyId: number,
      id: number,
      input: { trigger?: string; subject?: string; body?: string; active?: boolean },
    ) {
      const current = await store.findTemplate(db, companyId, id);
      if (!current) throw notFound(`Autoresponder template ${id}`);
      const trigger = input.trigger ?? current.trigger_key;
      const subject = input.subject ?? current.subject;
      const body = input.body ?? current.body;
      validate(trigger, subject, body);
      await store.updateTemplate(db, id, {
        trigger_key: trigger,
        subject,
        body,
        active: input.active === undefined ? current.active : input.active ? 1 : 0,
        updated_at: new Date().toISOString(),
      });
      return templateWire((await store.findTemplate(db, companyId, id))!);
    },

    /** The template rendered with each variable's example value. */
    async preview(companyId: number, id: number) {
      const template = await store.findTemplate(db, companyId, id);
      if (!template) throw notFound(`Autoresponder template ${id}`);
      const subject = renderText(template.subject, exampleValue);
      const body = renderText(template.body, exampleValue);
      return {
        id_template: template.id,
        trigger: template.trigger_key,
        subject: subject.text,
        body: body.text,
        html: toHtml(body.text),
        missing_variables: [...new Set([...subject.missing, ...body.missing])],
      };
    },

    async sends(companyId: number, filter: { templateId?: number; limit: number }) {
      return (await store.sends(db, companyId, filter)).map((s) => ({
        id_send: s.id,
        id_template: s.template_id,
        trigger: s.trigger_key,
        source_key: s.source_key,
        id_customer: s.customer_id,
        id_enrollment: s.enrollment_id,
        id_prospect: s.prospect_id,
        status: s.status as 'queued' | 'no_recipient',
        recipient: s.recipient,
        subject: s.subject,
        missing_variables: JSON.parse(s.missing_variables) as string[],
        id_outbox: s.outbox_id,
        created_at: s.created_at,
      }));
    },
  };
}

export type AutorespondersService = ReturnType<typeof createAutorespondersService>;
