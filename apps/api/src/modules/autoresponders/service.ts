import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Mailer } from '../../adapters/mail/index.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import { notFound } from '../../http/errors.js';
import type { BillingService } from '../billing/index.js';
import { findCompanyBrands, findCustomerTypes } from '../company/index.js';
import { listLanguages } from '../reference/index.js';
import { createEventSender } from './event-sends.js';
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
import { exampleValue, renderText } from './variables.js';

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

export function createAutorespondersService(deps: {
  db: Kysely<Database>;
  billing: BillingService;
  mail: Mailer;
  clock: Clock;
}) {
  const { db, clock } = deps;
  const { sendFromEvents } = createEventSender(deps);

  return {
    /** One pass of the send-autoresponders task. */
    sendFromEvents,

    async packages(companyId: number): Promise<PackageWire[]> {
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
    },

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

    async updateTemplate(
      companyId: number,
      id: number,
      input: Static<typeof UpdateTemplateBody>,
    ): Promise<TemplateWire> {
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
      return templateWire((await store.findTemplate(db, companyId, id))!);
    },

    /** The template rendered with each variable's example value. */
    async preview(companyId: number, id: number): Promise<Static<typeof TemplatePreview>> {
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
