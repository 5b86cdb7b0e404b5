import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import { SignedLinkQuery } from '../../http/schemas.js';
import { LanguageQuery, linksFor, PlanIdParams, type PlansService } from '../plans/index.js';
import type { Language } from './content.js';
import { BundleDocument, DocumentBundleQuery, DownloadParams } from './schemas.js';
import type { DocumentsService } from './service.js';

const tags = ['Documents'];

export const documentRoutes: FastifyPluginAsyncTypebox<{
  documents: DocumentsService;
  plans: PlansService;
}> = async (app, { documents, plans }) => {
  app.get(
    '/document-bundles/:planId',
    {
      config: { access: 'customer' },
      schema: {
        operationId: 'listDocumentBundle',
        tags,
        summary: "A plan's documents for the self-service site, by document type",
        params: PlanIdParams,
        querystring: DocumentBundleQuery,
        response: { 200: Envelope(Type.Array(BundleDocument)) },
      },
    },
    async (request) => {
      const language = await plans.languageCode(request.query.languageId);
      const links = { ...linksFor(request, language), language };
      return ok(
        await documents.bundle(
          callerOf(request).companyId,
          request.params.planId,
          request.query.documentType,
          links,
        ),
      );
    },
  );

  app.get(
    '/document-bundles/enrollment-documents/:planId',
    {
      config: { errors: ['PLAN_NOT_FOUND'], access: 'customer' },
      schema: {
        operationId: 'listEnrollmentDocuments',
        tags,
        summary: 'The documents a customer receives when enrolling in the plan, in one language',
        params: PlanIdParams,
        querystring: LanguageQuery,
        response: { 200: Envelope(Type.Array(BundleDocument)) },
      },
    },
    async (request) => {
      const language = await plans.languageCode(request.query.languageId);
      const links = { ...linksFor(request, language), language };
      return ok(
        await documents.enrollmentDocuments(callerOf(request).companyId, request.params.planId, links),
      );
    },
  );

  app.get(
    '/documents/:source/:documentId/:file',
    {
      config: { errors: ['FILE_LINK_EXPIRED', 'FILE_LINK_INVALID'], access: 'public' },
      schema: {
        operationId: 'downloadDocument',
        tags,
        summary: 'Download a plan or market document as PDF through its signed link',
        description:
          'Answers only to the signed `url` given with a document; the link works without a bearer token for 24 hours. ' +
          'An altered link is 403 `FILE_LINK_INVALID`, an expired one 410 `FILE_LINK_EXPIRED`.',
        params: DownloadParams,
        querystring: SignedLinkQuery,
        response: {
          200: {
            description: 'The PDF.',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const language = request.params.file.slice(0, 2) as Language;
      const pdf = await documents.download(
        request.params.source,
        request.params.documentId,
        language,
        request.url,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${pdf.fileName}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(pdf.bytes as unknown as string);
    },
  );
};
