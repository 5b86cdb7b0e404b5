import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import {
  listBounces,
  listCompanyOutboxMail,
  MAX_MAIL_ATTEMPTS,
  type Mailer,
  maskEmail,
} from '../../adapters/mail/index.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import type { Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { BillingService } from '../billing/index.js';
import { findCompanyBrands, findCustomerTypes } from '../company/index.js';
import { listLanguages } from '../reference/index.js';
import { createEventSender, enrollmentEvent } from './event-sends.js';
import { brandOf, enrollmentContext } from './event-sources.js';
import type {
  AutoresponderCatalogue,
  CreatePackageBody,
  MailBounce,
  OutboxMail,
  TestMessageSent,
  UpdatePackageBody,
} from './ops-schemas.js';
import type {
  AutoresponderPackage,
  AutoresponderSend,
  AutoresponderTemplate,
  CreateTemplateBody,
  TemplatePreview,
  UpdateTemplateBody,
} from './schemas.js';
import * as store from './store.js';
import { templateWire, toHtml, validateTemplate } from './templates.js';
import {
  AUTORESPONDER_TRIGGERS,
  TRIGGERS_BY_KEY,
  type TriggerDefinition,
  triggerStatus,
} from './triggers.js';
import { exampleValue, REPLACEMENT_VARIABLES, renderText, valueFrom, variablesFor } from './variables.js';

type PackageWire = Static<typeof AutoresponderPackage>;
type TemplateWire = Static<typeof AutoresponderTemplate>;
type SendWire = Static<typeof AutoresponderSend>;

/**
 * The company's packages with the names of their brand, language and customer type, read from their owners (company,
 * reference). As the join this replaces did, a package whose brand, language or customer type is gone is left out.
 */
async function namedPackages(db: Kysely<Database>, companyId: number) {
  const [packages, brands, languages, types] = await Promise.all([
    store.packages(db, companyId),
    findCompanyBrands(db, companyId),
    listLanguages(db, false),
    findCustomerTypes(db, companyId),
  ]);
  return packages.flatMap((p) => {
    const brand = brands.find((b) => b.id === p.brand_id);
    const language = languages.find((l) => l.id === p.language_id);
    const type = types.find((t) => t.id === p.customer_type_id);
    if (!brand || !language || !type) return [];
    return [{ ...p, brand_name: brand.name, language: language.short_name, customer_type: type.name }];
  });
}

type TemplateRow = NonNullable<Awaited<ReturnType<typeof store.findTemplate>>>;
type OutboxRow = Awaited<ReturnType<typeof listCompanyOutboxMail>>['rows'][number];

function rendered(
  template: TemplateRow,
  values: (name: string) => string | null | undefined,
): Static<typeof TemplatePreview> {
  const subject = renderText(template.subject, values);
  const body = renderText(template.body, values);
  return {
    id_template: template.id,
    trigger: template.trigger_key,
    subject: subject.text,
    body: body.text,
    html: toHtml(body.text),
    missing_variables: [...new Set([...subject.missing, ...body.missing])],
  };
}

/** The values an event of the template's trigger about this enrollment of the company would give. */
async function sampleValues(
  db: Kysely<Database>,
  companyId: number,
  template: TemplateRow,
  enrollmentId: number,
) {
  const sample = await enrollmentContext(db, enrollmentId);
  if (!sample || sample.enrollment.company_id !== companyId) throw notFound(`Enrollment ${enrollmentId}`);
  const trigger = TRIGGERS_BY_KEY.get(template.trigger_key)!;
  const event = enrollmentEvent(sample, trigger, 'preview', {
    payment: null,
    statement: null,
    status: triggerStatus(trigger.key) ?? sample.enrollment.status,
  });
  const pack = (await store.findPackage(db, companyId, template.package_id))!;
  const brand = await brandOf(db, companyId, pack.brand_id);
  return valueFrom({ ...event.context, trigger, brand });
}

/** Who gets a trigger's message and how: prospects by email only, customers also in My Account. */
function delivery(trigger: TriggerDefinition) {
  return trigger.source === 'prospect'
    ? { recipient: "The prospect's email address.", channels: ['mail' as const] }
    : {
        recipient: "The enrollment's customer: their email address, else their alternative one.",
        channels: ['mail' as const, 'in-app' as const],
      };
}

function catalogue(): Static<typeof AutoresponderCatalogue> {
  return {
    triggers: AUTORESPONDER_TRIGGERS.map((t) => ({
      key: t.key,
      source: t.source,
      fires: t.fires,
      ...delivery(t),
      variables: variablesFor(t.source),
    })),
    variables: REPLACEMENT_VARIABLES.map((v) => ({
      name: v.name,
      description: v.description,
      example: v.example,
      sources: [...v.sources],
    })),
  };
}

/** The brand, language and customer type a new package names must be the company's (languages are shared). */
async function requireOwners(
  db: Kysely<Database>,
  companyId: number,
  input: Static<typeof CreatePackageBody>,
) {
  const [brands, languages, types] = await Promise.all([
    findCompanyBrands(db, companyId),
    listLanguages(db, false),
    findCustomerTypes(db, companyId),
  ]);
  const unknown = [
    brands.some((b) => b.id === input.id_brand) ? '' : `brand ${input.id_brand}`,
    languages.some((l) => l.id === input.id_language) ? '' : `language ${input.id_language}`,
    types.some((t) => t.id === input.id_customer_type) ? '' : `customer type ${input.id_customer_type}`,
  ].filter(Boolean);
  if (unknown.length > 0)
    throw new ApiError('AUTORESPONDER_PACKAGE_INVALID', `Unknown ${unknown.join(', ')}.`, unknown);
}

function outboxWire(row: OutboxRow): Static<typeof OutboxMail> {
  const retried = row.status === 'failed' && row.attempts < MAX_MAIL_ATTEMPTS;
  return {
    id_outbox: row.id,
    created_at: row.created_at,
    sent_at: row.sent_at,
    status: row.status,
    recipient: maskEmail(row.recipient),
    subject: row.subject,
    template: row.template,
    attempts: row.attempts,
    max_attempts: MAX_MAIL_ATTEMPTS,
    last_error: row.last_error,
    next_attempt_at: retried ? new Date(row.next_attempt_at * 1000).toISOString() : null,
  };
}

export function createAutorespondersService(deps: {
  db: Kysely<Database>;
  billing: BillingService;
  mail: Mailer;
  clock: Clock;
}) {
  const { db, clock } = deps;
  const { sendFromEvents } = createEventSender(deps);

  async function packages(companyId: number): Promise<PackageWire[]> {
    const packages = await namedPackages(db, companyId);
    const templates = await store.templatesOf(
      db,
      packages.map((p) => p.id),
    );
    return packages.map(
      (p): PackageWire => ({
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
      }),
    );
  }

  async function packageOf(companyId: number, id: number): Promise<PackageWire> {
    const found = (await packages(companyId)).find((p) => p.id_package === id);
    if (!found) throw notFound(`Autoresponder package ${id}`);
    return found;
  }

  /** Changes a template, checked like a new one: the template as it was and as it is (for the audit log). */
  async function changeTemplate(
    companyId: number,
    id: number,
    input: Static<typeof UpdateTemplateBody>,
  ): Promise<{ before: TemplateWire; after: TemplateWire }> {
    const current = await store.findTemplate(db, companyId, id);
    if (!current) throw notFound(`Autoresponder template ${id}`);
    const trigger = input.trigger ?? current.trigger_key;
    const subject = input.subject ?? current.subject;
    const body = input.body ?? current.body;
    validateTemplate(trigger, subject, body);
    await store.updateTemplate(db, id, {
      trigger_key: trigger,
      subject,
      body,
      active: input.active === undefined ? current.active : input.active ? 1 : 0,
      updated_at: clock.now().toISOString(),
    });
    return {
      before: templateWire(current),
      after: templateWire((await store.findTemplate(db, companyId, id))!),
    };
  }

  return {
    /** One pass of the send-autoresponders task. */
    sendFromEvents,

    packages,

    async createTemplate(companyId: number, input: Static<typeof CreateTemplateBody>): Promise<TemplateWire> {
      if (!(await store.findPackage(db, companyId, input.id_package)))
        throw notFound(`Autoresponder package ${input.id_package}`);
      validateTemplate(input.trigger, input.subject, input.body);
      const now = clock.now().toISOString();
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

    /** Changes a template; the result is checked like a new template. */
    updateTemplate: async (companyId: number, id: number, input: Static<typeof UpdateTemplateBody>) =>
      (await changeTemplate(companyId, id, input)).after,

    changeTemplate,

    /**
     * The template rendered as its customer would get it: with a sample enrollment of the company, its customer,
     * plan and the package's brand fill the variables; without one, each variable's example does.
     */
    async preview(
      companyId: number,
      id: number,
      sampleEnrollmentId?: number,
    ): Promise<Static<typeof TemplatePreview>> {
      const template = await store.findTemplate(db, companyId, id);
      if (!template) throw notFound(`Autoresponder template ${id}`);
      const values =
        sampleEnrollmentId === undefined
          ? exampleValue
          : await sampleValues(db, companyId, template, sampleEnrollmentId);
      return rendered(template, values);
    },

    /**
     * Queues the template, filled with the example values (never a customer's data), to an address staff give,
     * through the mail outbox like any autoresponder email.
     */
    async sendTest(companyId: number, id: number, to: string): Promise<Static<typeof TestMessageSent>> {
      const template = await store.findTemplate(db, companyId, id);
      if (!template) throw notFound(`Autoresponder template ${id}`);
      const message = rendered(template, exampleValue);
      const subject = `[Test] ${message.subject}`;
      const outboxId = await deps.mail.queue(db, {
        companyId,
        to,
        subject,
        text: message.body,
        html: message.html,
        template: `autoresponder-test:${template.trigger_key}`,
      });
      return { id_outbox: outboxId, recipient: maskEmail(to), subject };
    },

    catalogue,

    async createPackage(companyId: number, input: Static<typeof CreatePackageBody>): Promise<PackageWire> {
      await requireOwners(db, companyId, input);
      const id = await store.insertPackage(db, {
        company_id: companyId,
        brand_id: input.id_brand,
        language_id: input.id_language,
        customer_type_id: input.id_customer_type,
        name: input.name,
        active: input.active === false ? 0 : 1,
        created_at: clock.now().toISOString(),
      });
      return packageOf(companyId, id);
    },

    async updatePackage(
      companyId: number,
      id: number,
      input: Static<typeof UpdatePackageBody>,
    ): Promise<{ before: PackageWire; after: PackageWire }> {
      const before = await packageOf(companyId, id);
      await store.updatePackage(db, companyId, id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
      });
      return { before, after: await packageOf(companyId, id) };
    },

    package: packageOf,

    async outbox(
      companyId: number,
      filter: { status?: Static<typeof OutboxMail>['status'] } & Paging,
    ): Promise<{ items: Static<typeof OutboxMail>[]; total: number }> {
      const { rows, total } = await listCompanyOutboxMail(db, companyId, {
        status: filter.status,
        offset: (filter.pageNumber - 1) * filter.pageSize,
        limit: filter.pageSize,
      });
      return { items: rows.map(outboxWire), total };
    },

    async bounces(companyId: number): Promise<Static<typeof MailBounce>[]> {
      return (await listBounces(db, companyId)).map((b) => ({
        address: maskEmail(b.address),
        bounced_at: b.bounced_at,
        reply: b.reply,
      }));
    },

    async sends(companyId: number, filter: { templateId?: number; limit: number }): Promise<SendWire[]> {
      return (await store.sends(db, companyId, filter)).map(
        (s): SendWire => ({
          id_send: s.id,
          id_template: s.template_id,
          trigger: s.trigger_key,
          source_key: s.source_key,
          id_customer: s.customer_id,
          id_enrollment: s.enrollment_id,
          id_prospect: s.prospect_id,
          status: s.status as SendWire['status'],
          recipient: s.recipient,
          subject: s.subject,
          missing_variables: JSON.parse(s.missing_variables) as string[],
          id_outbox: s.outbox_id,
          created_at: s.created_at,
        }),
      );
    },
  };
}

export type AutorespondersService = ReturnType<typeof createAutorespondersService>;
