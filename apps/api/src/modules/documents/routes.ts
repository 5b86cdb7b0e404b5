import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import { SignedLinkQuery } from '../../http/schemas.js';
import { LanguageQuery, linksFor, PlanIdParams, type PlansService } from '../plans/index.js';
import type { Language } from './content.js';
import { BundleDocument, DocumentBundleQuery, DownloadParams } from './schemas.js';
import type { DocumentsService } from './service.js';

const tags = ['Documents'];

const PDF_ANSWER = {
  description: 'The PDF.',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

const languageOf = (file: string) => file.slice(0, 2) as Language;

const sendPdf = (reply: FastifyReply, pdf: { fileName: string; bytes: Uint8Array }, cacheControl: string) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${pdf.fileName}"`)
    .header('cache-control', cacheControl)
    .send(pdf.bytes as unknown as string);

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
        response: { 200: PDF_ANSWER },
      },
    },
    async (request, reply) => {
      const { source, documentId, file } = request.params;
      const pdf = await documents.download(source, documentId, languageOf(file), request.url);
      return sendPdf(reply, pdf, 'private, max-age=3600');
    },
  );

  app.get(
    '/listed-documents/:source/:documentId/:file',
    {
      config: { errors: ['NOT_FOUND'], access: 'public' },
      schema: {
        operationId: 'downloadListedDocument',
        tags,
        summary: "A published plan's document or a market notice at its permanent public address",
        description:
          'The address plan listings keep (the Power to Choose export gives it): it never expires and serves the ' +
          "document of the plan's version in force, so a price change reaches it at its moment. 404 `NOT_FOUND` once " +
          'the plan is no longer published.',
        params: DownloadParams,
        response: { 200: PDF_ANSWER },
      },
    },
    async (request, reply) => {
      const { source, documentId, file } = request.params;
      const pdf = await documents.listed(source, documentId, languageOf(file));
      return sendPdf(reply, pdf, 'public, max-age=3600');
    },
  );
};
