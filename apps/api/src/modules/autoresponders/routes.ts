import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import {
  AutoresponderPackage,
  AutoresponderSend,
  AutoresponderTemplate,
  CreateTemplateBody,
  SendsQuery,
  TemplateIdParams,
  TemplatePreview,
  UpdateTemplateBody,
} from './schemas.js';
import type { AutorespondersService } from './service.js';

const tags = ['Autoresponders'];
const agentOnly = { roleGroups: ['Agent'] };
const addition = 'Voltin addition to the platform spec (role group Agent). ';

export const autoresponderRoutes: FastifyPluginAsyncTypebox<{
  autoresponders: AutorespondersService;
}> = async (app, { autoresponders }) => {
  app.get(
    '/autoresponders/packages',
    {
      config: agentOnly,
      schema: {
        operationId: 'listAutoresponderPackages',
        tags,
        summary: 'Autoresponder packages with their templates',
        description: `${addition}One package per brand, language and customer type.`,
        response: { 200: Envelope(Type.Array(AutoresponderPackage)) },
      },
    },
    async (request) => ok(await autoresponders.packages(callerOf(request).companyId)),
  );

  app.post(
    '/autoresponders/templates',
    {
      config: {
        ...agentOnly,
        idempotent: true,
        errors: ['AUTORESPONDER_TRIGGER_UNKNOWN', 'AUTORESPONDER_VARIABLE_UNKNOWN'],
      },
      schema: {
        operationId: 'createAutoresponderTemplate',
        tags,
        summary: 'Add a template to a package',
        description: `${addition}The trigger must be in the trigger table and every {{variable}} in the replacement-variable table and provided by the trigger (422 otherwise).`,
        body: CreateTemplateBody,
        response: { 200: Envelope(AutoresponderTemplate) },
      },
    },
    async (request) => ok(await autoresponders.createTemplate(callerOf(request).companyId, request.body)),
  );

  app.put(
    '/autoresponders/templates/:templateId',
    {
      config: { ...agentOnly, errors: ['AUTORESPONDER_TRIGGER_UNKNOWN', 'AUTORESPONDER_VARIABLE_UNKNOWN'] },
      schema: {
        operationId: 'updateAutoresponderTemplate',
        tags,
        summary: 'Change a template',
        description: `${addition}Fields left out keep their value; the result is validated like a new template.`,
        params: TemplateIdParams,
        body: UpdateTemplateBody,
        response: { 200: Envelope(AutoresponderTemplate) },
      },
    },
    async (request) =>
      ok(
        await autoresponders.updateTemplate(
          callerOf(request).companyId,
          request.params.templateId,
          request.body,
        ),
      ),
  );

  app.get(
    '/autoresponders/templates/:templateId/preview',
    {
      config: agentOnly,
      schema: {
        operationId: 'previewAutoresponderTemplate',
        tags,
        summary: 'A template rendered with example values',
        description: `${addition}Each variable is replaced by the example of the replacement-variable table.`,
        params: TemplateIdParams,
        response: { 200: Envelope(TemplatePreview) },
      },
    },
    async (request) =>
      ok(await autoresponders.preview(callerOf(request).companyId, request.params.templateId)),
  );

  app.get(
    '/autoresponders/sends',
    {
      config: agentOnly,
      schema: {
        operationId: 'listAutoresponderSends',
        tags,
        summary: 'Autoresponder emails sent, newest first',
        description: `${addition}One row per template and event, with the variables that had no value.`,
        querystring: SendsQuery,
        response: { 200: Envelope(Type.Array(AutoresponderSend)) },
      },
    },
    async (request) =>
      ok(
        await autoresponders.sends(callerOf(request).companyId, {
          templateId: request.query.templateId,
          limit: request.query.limit ?? 100,
        }),
      ),
  );
};
