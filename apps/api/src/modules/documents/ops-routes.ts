import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok, PagedEnvelope, paged, pagingOf } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import { readSingleFile, uploadOf } from '../../http/uploads.js';
import type { AuditLog } from '../audit/index.js';
import type { DocumentLibrary } from './library.js';
import {
  CreateLibraryDocumentBody,
  LibraryDocument,
  LibraryDocumentPath,
  LibraryDocumentSummary,
  LibraryQuery,
  LibraryUsePath,
  LibraryVersionPath,
  UploadVersionQuery,
} from './ops-schemas.js';
import type { DocumentsService } from './service.js';

const PlanVersionPath = Type.Object({
  planId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The plan id.' }),
  version: Type.Integer({ minimum: 1, maximum: 100_000, description: 'The version number.' }),
});

const DisclosureQuery = Type.Object({
  language: Type.Optional(
    Type.String({ enum: ['en', 'es'], default: 'en', description: 'English (the default) or Spanish.' }),
  ),
});

/** Staff's copy of a plan version's price disclosure: the EFL a customer sold that version was given. */
export const documentOpsRoutes: FastifyPluginAsyncTypebox<{ documents: DocumentsService }> = async (
  app,
  { documents },
) => {
  app.get(
    '/plans/:planId/versions/:version/disclosure.pdf',
    {
      config: { permission: 'work.read', errors: ['PLAN_NOT_FOUND'] },
      schema: {
        operationId: 'getPlanVersionDisclosure',
        tags: ['Plans and prices'],
        summary:
          "A plan version's Electricity Facts Label, with the line-by-line derivation of its average prices (a gas plan's price disclosure)",
        params: PlanVersionPath,
        querystring: DisclosureQuery,
        response: {
          200: {
            description: 'The PDF.',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const { planId, version } = request.params;
      const language = request.query.language === 'es' ? 'es' : 'en';
      const pdf = await documents.versionDisclosure(staffOf(request).companyId, planId, version, language);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `inline; filename="${pdf.fileName.replace(/\.pdf$/, '')} v${version} ${language}.pdf"`,
        )
        .send(pdf.bytes as unknown as string);
    },
  );
};

const tags = ['Document library'];
const read = { permission: 'work.read', errors: ['NOT_FOUND' as const] };
const change = { permission: 'marketing.write', errors: ['NOT_FOUND' as const] };

const PDF_ANSWER = {
  description: 'The PDF as uploaded.',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

/**
 * The document library of the console: every staff member reads it; Marketing and Administrators create documents,
 * upload PDF versions (the upload's first bytes must be a PDF's, at most the upload limit, and the virus scanner must
 * pass it), retire versions and attach documents to plans and plan bundles. Every change is audited.
 */
export const documentLibraryOpsRoutes: FastifyPluginAsyncTypebox<{
  library: DocumentLibrary;
  audit: AuditLog;
}> = async (app, { library, audit }) => {
  const companyOf = (request: FastifyRequest) => staffOf(request).companyId;
  const emailOf = (request: FastifyRequest) => staffOf(request).email;

  app.get(
    '/documents',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listLibraryDocuments',
        tags,
        summary: "One page of the company's document library, by name, filtered by kind, language or plan",
        querystring: LibraryQuery,
        response: { 200: PagedEnvelope(LibraryDocumentSummary) },
      },
    },
    async (request) => {
      const { kind, language, planId } = request.query;
      const paging = pagingOf(request.query);
      const page = await library.list(companyOf(request), { kind, language, planId }, paging);
      return paged(page.items, page.total, paging);
    },
  );

  app.post(
    '/documents',
    {
      config: { permission: 'marketing.write' },
      schema: {
        operationId: 'createLibraryDocument',
        tags,
        summary:
          'Creates a library document (its kind, name and language); its PDF is uploaded as its first version',
        body: CreateLibraryDocumentBody,
        response: { 201: Envelope(LibraryDocument) },
      },
    },
    async (request, reply) => {
      const document = await library.create(companyOf(request), request.body, emailOf(request));
      await audit.record(auditActorOf(request), {
        action: 'library-document.create',
        targetType: 'library-document',
        targetId: document.id,
        summary: `${document.name} (${document.kind}, ${document.language}) created`,
        before: null,
        after: document,
      });
      return reply.code(201).send(ok(document, 'Created'));
    },
  );

  app.get(
    '/documents/:documentId',
    {
      config: read,
      schema: {
        operationId: 'getLibraryDocument',
        tags,
        summary: 'A library document with its versions and the plans and bundles it is served with',
        params: LibraryDocumentPath,
        response: { 200: Envelope(LibraryDocument) },
      },
    },
    async (request) => ok(await library.detail(companyOf(request), request.params.documentId)),
  );

  app.post(
    '/documents/:documentId/versions',
    {
      config: {
        permission: 'marketing.write',
        errors: ['NOT_FOUND' as const, 'FILE_INFECTED' as const, 'LIBRARY_DOCUMENT_VERSION_TAKEN' as const],
      },
      schema: {
        operationId: 'uploadLibraryDocumentVersion',
        tags,
        summary: "Uploads a PDF as the document's next version, served from its effective day",
        description:
          'One PDF (told by its first bytes, `%PDF-`, whatever its name or content type: 415 `UNSUPPORTED_MEDIA_TYPE` ' +
          'otherwise) of at most the upload limit (10 MiB unless `UPLOAD_LIMIT_BYTES` says otherwise: 413 ' +
          '`PAYLOAD_TOO_LARGE`). The virus scanner reads it first: 422 `FILE_INFECTED` and nothing is kept when it ' +
          'finds malware.',
        params: LibraryDocumentPath,
        querystring: UploadVersionQuery,
        ...uploadOf(['pdf']),
        response: { 201: Envelope(LibraryDocument) },
      },
    },
    async (request, reply) => {
      const { documentId } = request.params;
      const { version, document } = await library.addVersion(
        companyOf(request),
        documentId,
        () => readSingleFile(request, ['pdf']),
        request.query.effectiveFrom,
        emailOf(request),
      );
      const uploaded = document.versions.find((v) => v.version === version);
      await audit.record(auditActorOf(request), {
        action: 'library-document.upload',
        targetType: 'library-document',
        targetId: documentId,
        summary: `${document.name}: version ${version} uploaded (${uploaded?.fileName}, effective ${uploaded?.effectiveFrom})`,
        before: null,
        after: uploaded,
      });
      return reply.code(201).send(ok(document, 'Uploaded'));
    },
  );

  app.get(
    '/documents/:documentId/versions/:version/file',
    {
      config: read,
      schema: {
        operationId: 'downloadLibraryDocumentVersion',
        tags,
        summary: 'The PDF of one version of a library document, retired ones included',
        params: LibraryVersionPath,
        response: { 200: PDF_ANSWER },
      },
    },
    async (request, reply) => {
      const { documentId, version } = request.params;
      const file = await library.versionFile(companyOf(request), documentId, version);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.bytes as unknown as string);
    },
  );

  app.post(
    '/documents/:documentId/versions/:version/retire',
    {
      config: {
        permission: 'marketing.write',
        errors: ['NOT_FOUND' as const, 'LIBRARY_DOCUMENT_IN_USE' as const],
      },
      schema: {
        operationId: 'retireLibraryDocumentVersion',
        tags,
        summary: 'Retires a version: it is no longer served (the newest other version in effect is)',
        description:
          'The only live version of a document a published plan is sold with (directly or through a bundle) is ' +
          'not retired: 409 `LIBRARY_DOCUMENT_IN_USE`. Retiring a retired version changes nothing.',
        params: LibraryVersionPath,
        response: { 200: Envelope(LibraryDocument) },
      },
    },
    async (request) => {
      const { documentId, version } = request.params;
      const { retired, document } = await library.retire(
        companyOf(request),
        documentId,
        version,
        emailOf(request),
      );
      if (retired)
        await audit.record(auditActorOf(request), {
          action: 'library-document.retire',
          targetType: 'library-document',
          targetId: documentId,
          summary: `${document.name}: version ${version} retired`,
          before: null,
          after: document.versions.find((v) => v.version === version),
        });
      return ok(document);
    },
  );

  app.put(
    '/documents/:documentId/uses/:targetType/:targetId',
    {
      config: change,
      schema: {
        operationId: 'attachLibraryDocument',
        tags,
        summary: 'Serves the document with a plan, or with both plans of a plan bundle',
        params: LibraryUsePath,
        response: { 200: Envelope(LibraryDocument) },
      },
    },
    async (request) => {
      const { documentId, targetType, targetId } = request.params;
      const { attached, document } = await library.attach(
        companyOf(request),
        documentId,
        targetType,
        targetId,
        emailOf(request),
      );
      if (attached) await recordUse(request, 'attach', document, targetType, targetId);
      return ok(document);
    },
  );

  app.delete(
    '/documents/:documentId/uses/:targetType/:targetId',
    {
      config: change,
      schema: {
        operationId: 'detachLibraryDocument',
        tags,
        summary: 'Stops serving the document with a plan or plan bundle',
        params: LibraryUsePath,
        response: { 200: Envelope(LibraryDocument) },
      },
    },
    async (request) => {
      const { documentId, targetType, targetId } = request.params;
      const document = await library.detach(companyOf(request), documentId, targetType, targetId);
      await recordUse(request, 'detach', document, targetType, targetId);
      return ok(document);
    },
  );

  async function recordUse(
    request: FastifyRequest,
    action: 'attach' | 'detach',
    document: { id: number; name: string },
    targetType: string,
    targetId: number,
  ) {
    await audit.record(auditActorOf(request), {
      action: `library-document.${action}`,
      targetType: 'library-document',
      targetId: document.id,
      summary: `${document.name} ${action === 'attach' ? 'attached to' : 'detached from'} ${targetType} ${targetId}`,
      before: null,
      after: { targetType, targetId },
    });
  }
};
