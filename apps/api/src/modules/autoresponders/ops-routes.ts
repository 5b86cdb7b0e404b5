import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok, PagedEnvelope, paged, pagingOf } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import type { AuditLog } from '../audit/index.js';
import {
  AutoresponderCatalogue,
  CreatePackageBody,
  MailBounce,
  OutboxMail,
  OutboxQuery,
  PackageIdParams,
  PreviewBody,
  TestMessageBody,
  TestMessageSent,
  UpdatePackageBody,
} from './ops-schemas.js';
import {
  AutoresponderPackage,
  AutoresponderTemplate,
  CreateTemplateBody,
  TemplateIdParams,
  TemplatePreview,
  UpdateTemplateBody,
} from './schemas.js';
import type { AutorespondersService } from './service.js';

const tags = ['Autoresponders'];
const read = { permission: 'work.read', errors: ['NOT_FOUND' as const] };
const change = { permission: 'marketing.write', errors: ['NOT_FOUND' as const] };
const templateChange = {
  permission: 'marketing.write',
  errors: [
    'NOT_FOUND' as const,
    'AUTORESPONDER_TRIGGER_UNKNOWN' as const,
    'AUTORESPONDER_VARIABLE_UNKNOWN' as const,
  ],
};

/**
 * Marketing's autoresponders: packages, their templates (the same rules as the public API's), previews, test
 * messages and the company's mail outbox. Everyone reads; Marketing and Administrators change, audited.
 */
export const autoresponderOpsRoutes: FastifyPluginAsyncTypebox<{
  autoresponders: AutorespondersService;
  audit: AuditLog;
}> = async (app, { autoresponders, audit }) => {
  const companyOf = (request: FastifyRequest) => staffOf(request).companyId;

  app.get(
    '/autoresponders/catalogue',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'getAutoresponderCatalogue',
        tags,
        summary: 'The triggers (who gets what, by which channel) and the replacement variables each provides',
        response: { 200: Envelope(AutoresponderCatalogue) },
      },
    },
    async () => ok(autoresponders.catalogue()),
  );

  app.get(
    '/autoresponders/packages',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listAutoresponderPackagesForStaff',
        tags,
        summary: 'The company’s autoresponder packages with their templates',
        response: { 200: Envelope(Type.Array(AutoresponderPackage, { maxItems: 1000 })) },
      },
    },
    async (request) => ok(await autoresponders.packages(companyOf(request))),
  );

  app.get(
    '/autoresponders/packages/:packageId',
    {
      config: read,
      schema: {
        operationId: 'getAutoresponderPackage',
        tags,
        summary: 'One package with its templates',
        params: PackageIdParams,
        response: { 200: Envelope(AutoresponderPackage) },
      },
    },
    async (request) => ok(await autoresponders.package(companyOf(request), request.params.packageId)),
  );

  app.post(
    '/autoresponders/packages',
    {
      config: { permission: 'marketing.write', errors: ['AUTORESPONDER_PACKAGE_INVALID'] },
      schema: {
        operationId: 'createAutoresponderPackage',
        tags,
        summary: 'Adds a package for a brand, language and customer type',
        body: CreatePackageBody,
        response: { 200: Envelope(AutoresponderPackage) },
      },
    },
    async (request) => {
      const created = await autoresponders.createPackage(companyOf(request), request.body);
      await audit.record(auditActorOf(request), {
        action: 'autoresponder.package.create',
        targetType: 'autoresponder-package',
        targetId: created.id_package,
        summary: `autoresponder package ${created.name} added (${created.brand}, ${created.language}, ${created.customer_type})`,
        after: request.body,
      });
      return ok(created);
    },
  );

  app.patch(
    '/autoresponders/packages/:packageId',
    {
      config: change,
      schema: {
        operationId: 'changeAutoresponderPackage',
        tags,
        summary: 'Renames a package or turns it on or off',
        params: PackageIdParams,
        body: UpdatePackageBody,
        response: { 200: Envelope(AutoresponderPackage) },
      },
    },
    async (request) => {
      const { packageId } = request.params;
      const { before, after } = await autoresponders.updatePackage(
        companyOf(request),
        packageId,
        request.body,
      );
      await audit.record(auditActorOf(request), {
        action: 'autoresponder.package.change',
        targetType: 'autoresponder-package',
        targetId: packageId,
        summary: `autoresponder package ${packageId} changed`,
        before: { name: before.name, active: before.active },
        after: { name: after.name, active: after.active },
      });
      return ok(after);
    },
  );

  app.post(
    '/autoresponders/templates',
    {
      config: templateChange,
      schema: {
        operationId: 'createAutoresponderTemplateForStaff',
        tags,
        summary: 'Adds a template to a package; unknown triggers and variables are refused',
        body: CreateTemplateBody,
        response: { 200: Envelope(AutoresponderTemplate) },
      },
    },
    async (request) => {
      const created = await autoresponders.createTemplate(companyOf(request), request.body);
      await audit.record(auditActorOf(request), {
        action: 'autoresponder.template.create',
        targetType: 'autoresponder-template',
        targetId: created.id_template,
        summary: `autoresponder template ${created.id_template} (${created.trigger}) added to package ${created.id_package}`,
        after: request.body,
      });
      return ok(created);
    },
  );

  app.patch(
    '/autoresponders/templates/:templateId',
    {
      config: templateChange,
      schema: {
        operationId: 'changeAutoresponderTemplate',
        tags,
        summary:
          'Changes a template; every {{variable}} must be one its trigger provides (AUTORESPONDER_VARIABLE_UNKNOWN lists the others)',
        params: TemplateIdParams,
        body: UpdateTemplateBody,
        response: { 200: Envelope(AutoresponderTemplate) },
      },
    },
    async (request) => {
      const { templateId } = request.params;
      const { before, after } = await autoresponders.changeTemplate(
        companyOf(request),
        templateId,
        request.body,
      );
      await audit.record(auditActorOf(request), {
        action: 'autoresponder.template.change',
        targetType: 'autoresponder-template',
        targetId: templateId,
        summary: `autoresponder template ${templateId} (${after.trigger}) changed`,
        before: {
          trigger: before.trigger,
          subject: before.subject,
          body: before.body,
          active: before.active,
        },
        after: { trigger: after.trigger, subject: after.subject, body: after.body, active: after.active },
      });
      return ok(after);
    },
  );

  app.post(
    '/autoresponders/templates/:templateId/preview',
    {
      config: read,
      schema: {
        operationId: 'previewAutoresponderTemplateForStaff',
        tags,
        summary:
          'The template as its customer would get it: filled from a sample enrollment of the company, or with example values',
        params: TemplateIdParams,
        body: PreviewBody,
        response: { 200: Envelope(TemplatePreview) },
      },
    },
    async (request) =>
      ok(
        await autoresponders.preview(
          companyOf(request),
          request.params.templateId,
          request.body.id_enrollment,
        ),
      ),
  );

  app.post(
    '/autoresponders/templates/:templateId/test-message',
    {
      config: change,
      schema: {
        operationId: 'sendAutoresponderTestMessage',
        tags,
        summary: 'Queues the template, filled with example values, to an address through the mail outbox',
        params: TemplateIdParams,
        body: TestMessageBody,
        response: { 200: Envelope(TestMessageSent) },
      },
    },
    async (request) => {
      const { templateId } = request.params;
      const sent = await autoresponders.sendTest(companyOf(request), templateId, request.body.to);
      await audit.record(auditActorOf(request), {
        action: 'autoresponder.template.test',
        targetType: 'autoresponder-template',
        targetId: templateId,
        summary: `test of autoresponder template ${templateId} sent to ${sent.recipient} (outbox ${sent.id_outbox})`,
      });
      return ok(sent);
    },
  );

  app.get(
    '/mail-outbox',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listOutboxMail',
        tags,
        summary: 'The company’s outgoing mail, newest first: delivery status, attempts and the next retry',
        querystring: OutboxQuery,
        response: { 200: PagedEnvelope(OutboxMail) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await autoresponders.outbox(companyOf(request), {
        ...paging,
        status: request.query.status,
      });
      return paged(items, total, paging);
    },
  );

  app.get(
    '/mail-bounces',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listMailBounces',
        tags,
        summary: 'The addresses the company’s mail bounced from (mail to them is suppressed), latest first',
        response: { 200: Envelope(Type.Array(MailBounce)) },
      },
    },
    async (request) => ok(await autoresponders.bounces(companyOf(request))),
  );
};
