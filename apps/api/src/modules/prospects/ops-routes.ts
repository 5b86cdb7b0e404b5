import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { FileKind } from '../../domain/file-kinds.js';
import { Envelope, ok, PagedEnvelope, paged, pagingOf } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import { readSingleFile, uploadOf } from '../../http/uploads.js';
import type { AuditLog } from '../audit/index.js';
import type { Affiliates } from './affiliates.js';
import {
  AffiliateChange,
  AffiliateDetail,
  AffiliateIdPath,
  AffiliateRep,
  AffiliateSummary,
  MatrixActivation,
  MatrixDifferences,
  MatrixIdPath,
  MatrixImport,
  MatrixPrice,
  MatrixPriceQuery,
  NewAffiliate,
  NewRep,
  ProspectBoardColumn,
  ProspectBoardQuery,
  ProspectCard,
  RepChange,
  RepIdPath,
  StaffMove,
  StaffProspect,
  StaffProspectFilePath,
  StaffProspectPath,
  StaffProspectQuery,
} from './ops-schemas.js';
import type { PricingMatrixImports } from './pricing-matrix-imports.js';
import { StatusUpdateResponse } from './schemas.js';
import type { StaffProspects } from './staff-prospects.js';

const companyOf = (request: FastifyRequest) => staffOf(request).companyId;

const tags = ['Prospect pricing matrix'];
const MATRIX_FILES: FileKind[] = ['csv', 'xlsx'];
const read = { permission: 'work.read', errors: ['PRICING_MATRIX_NOT_FOUND' as const] };
const decide = {
  permission: 'plans.write',
  errors: [
    'PRICING_MATRIX_NOT_FOUND' as const,
    'PRICING_MATRIX_CHANGED' as const,
    'PRICING_MATRIX_NOT_ACTIVATABLE' as const,
  ],
};

/**
 * Pricing staff's prospect pricing matrix: a file is uploaded and checked whole, its differences with the matrix in
 * force read, then it is activated or discarded; a past matrix can be restored. Every decision is audited.
 */
export const pricingMatrixOpsRoutes: FastifyPluginAsyncTypebox<{
  matrices: PricingMatrixImports;
  audit: AuditLog;
}> = async (app, { matrices, audit }) => {
  const emailOf = (request: FastifyRequest) => staffOf(request).email;

  app.get(
    '/pricing-matrices',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listPricingMatrices',
        tags,
        summary: 'Every pricing matrix uploaded, newest first: the one in force, pending ones and history',
        response: { 200: Envelope(Type.Array(MatrixImport, { maxItems: 100_000 })) },
      },
    },
    async (request) => ok(await matrices.list(companyOf(request))),
  );

  app.post(
    '/pricing-matrices',
    {
      config: { permission: 'plans.write', errors: ['PRICING_MATRIX_INVALID' as const] },
      schema: {
        operationId: 'uploadPricingMatrix',
        tags,
        summary:
          'Uploads a pricing matrix file (CSV or Excel .xlsx), checks it whole and keeps it pending; answers its differences with the matrix in force',
        description:
          'One bad line rejects the whole file (400 `PRICING_MATRIX_INVALID`, errors "line N: …", N being the ' +
          'CSV line or the sheet row) and nothing is kept. A good file changes nothing in force until it is ' +
          'activated.',
        ...uploadOf(MATRIX_FILES),
        response: { 200: Envelope(MatrixDifferences) },
      },
    },
    async (request) => {
      const file = await readSingleFile(request, MATRIX_FILES);
      const differences = await matrices.upload(
        companyOf(request),
        { fileName: file.fileName, content: file.bytes },
        emailOf(request),
      );
      const { import: upload, counts } = differences;
      await audit.record(auditActorOf(request), {
        action: 'pricing-matrix.upload',
        targetType: 'pricing-matrix',
        targetId: upload.id,
        summary: `${upload.fileName}: ${upload.rows} prices of ${upload.priceFileDate} kept pending (${counts.added} added, ${counts.removed} removed, ${counts.changed} changed)`,
        before: null,
        after: upload,
      });
      return ok(differences);
    },
  );

  app.get(
    '/pricing-matrices/:importId/differences',
    {
      config: read,
      schema: {
        operationId: 'getPricingMatrixDifferences',
        tags,
        summary: 'What putting this matrix in force would change: prices added, removed and changed',
        params: MatrixIdPath,
        response: { 200: Envelope(MatrixDifferences) },
      },
    },
    async (request) => ok(await matrices.differences(companyOf(request), request.params.importId)),
  );

  app.get(
    '/pricing-matrices/:importId/prices',
    {
      config: read,
      schema: {
        operationId: 'listPricingMatrixPrices',
        tags,
        summary: "One page of a matrix's prices, in key order",
        params: MatrixIdPath,
        querystring: MatrixPriceQuery,
        response: { 200: PagedEnvelope(MatrixPrice) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const page = await matrices.prices(companyOf(request), request.params.importId, request.query, paging);
      return paged(page.items, page.total, paging);
    },
  );

  app.post(
    '/pricing-matrices/:importId/activation',
    {
      config: decide,
      schema: {
        operationId: 'activatePricingMatrix',
        tags,
        summary:
          'Puts a pending matrix in force, or restores a past one; the matrix in force becomes history. Prospects are priced from it at once',
        params: MatrixIdPath,
        body: MatrixActivation,
        response: { 200: Envelope(MatrixImport) },
      },
    },
    async (request) => {
      const { importId } = request.params;
      const { activated, replaced, restored } = await matrices.activate(
        companyOf(request),
        importId,
        request.body.inForceId,
        emailOf(request),
      );
      await audit.record(auditActorOf(request), {
        action: restored ? 'pricing-matrix.restore' : 'pricing-matrix.activate',
        targetType: 'pricing-matrix',
        targetId: importId,
        summary: `${activated.fileName} (${activated.rows} prices of ${activated.priceFileDate}) ${restored ? 'restored' : 'put in force'} in place of ${replaced ? `import ${replaced.id} (${replaced.fileName})` : 'no matrix'}`,
        before: replaced,
        after: activated,
      });
      return ok(activated);
    },
  );

  app.post(
    '/pricing-matrices/:importId/discard',
    {
      config: decide,
      schema: {
        operationId: 'discardPricingMatrix',
        tags,
        summary: 'Discards a pending matrix; its prices are let go',
        params: MatrixIdPath,
        response: { 200: Envelope(MatrixImport) },
      },
    },
    async (request) => {
      const { importId } = request.params;
      const after = await matrices.discard(companyOf(request), importId, emailOf(request));
      await audit.record(auditActorOf(request), {
        action: 'pricing-matrix.discard',
        targetType: 'pricing-matrix',
        targetId: importId,
        summary: `${after.fileName} (${after.rows} prices of ${after.priceFileDate}) discarded`,
        before: { status: 'pending' },
        after,
      });
      return ok(after);
    },
  );
};

const affiliateTags = ['Affiliates'];
const affiliateRead = { permission: 'work.read', errors: ['NOT_FOUND' as const] };
const affiliateChange = {
  permission: 'marketing.write',
  errors: ['NOT_FOUND' as const, 'AFFILIATE_NAME_TAKEN' as const],
};
const repChange = {
  permission: 'marketing.write',
  errors: ['NOT_FOUND' as const, 'AFFILIATE_REP_REFERENCE_TAKEN' as const],
};

/** Affiliates (sales partners) and their reps: read by every staff member, kept by marketing staff; audited. */
export const affiliateOpsRoutes: FastifyPluginAsyncTypebox<{
  affiliates: Affiliates;
  audit: AuditLog;
}> = async (app, { affiliates, audit }) => {
  app.get(
    '/affiliates',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listAffiliates',
        tags: affiliateTags,
        summary: 'The company’s sales affiliates by name, with how many reps and prospects each has',
        response: { 200: Envelope(Type.Array(AffiliateSummary, { maxItems: 10_000 })) },
      },
    },
    async (request) => ok(await affiliates.list(companyOf(request))),
  );

  app.post(
    '/affiliates',
    {
      config: affiliateChange,
      schema: {
        operationId: 'createAffiliate',
        tags: affiliateTags,
        summary: 'Adds an affiliate; bind web service accounts to it on the Web service accounts screen',
        body: NewAffiliate,
        response: { 200: Envelope(AffiliateDetail) },
      },
    },
    async (request) => {
      const after = await affiliates.create(companyOf(request), request.body);
      await audit.record(auditActorOf(request), {
        action: 'affiliate.create',
        targetType: 'affiliate',
        targetId: after.id,
        summary: `affiliate ${after.name} added`,
        before: null,
        after,
      });
      return ok(after);
    },
  );

  app.get(
    '/affiliates/:affiliateId',
    {
      config: affiliateRead,
      schema: {
        operationId: 'getAffiliate',
        tags: affiliateTags,
        summary: 'One affiliate with its reps and its web service accounts',
        params: AffiliateIdPath,
        response: { 200: Envelope(AffiliateDetail) },
      },
    },
    async (request) => ok(await affiliates.detail(companyOf(request), request.params.affiliateId)),
  );

  app.patch(
    '/affiliates/:affiliateId',
    {
      config: affiliateChange,
      schema: {
        operationId: 'updateAffiliate',
        tags: affiliateTags,
        summary: 'Renames, deactivates or reactivates an affiliate',
        params: AffiliateIdPath,
        body: AffiliateChange,
        response: { 200: Envelope(AffiliateDetail) },
      },
    },
    async (request) => {
      const { affiliateId } = request.params;
      const { before, after } = await affiliates.change(companyOf(request), affiliateId, request.body);
      const what =
        request.body.active === undefined ? 'changed' : request.body.active ? 'reactivated' : 'deactivated';
      await audit.record(auditActorOf(request), {
        action: 'affiliate.update',
        targetType: 'affiliate',
        targetId: affiliateId,
        summary: `affiliate ${after.name} ${what}`,
        before,
        after: { name: after.name, active: after.active },
      });
      return ok(after);
    },
  );

  app.post(
    '/affiliates/:affiliateId/reps',
    {
      config: repChange,
      schema: {
        operationId: 'createAffiliateRep',
        tags: affiliateTags,
        summary: 'Adds a sales rep to an affiliate',
        params: AffiliateIdPath,
        body: NewRep,
        response: { 200: Envelope(AffiliateRep) },
      },
    },
    async (request) => {
      const { affiliateId } = request.params;
      const after = await affiliates.addRep(companyOf(request), affiliateId, request.body);
      await audit.record(auditActorOf(request), {
        action: 'affiliate-rep.create',
        targetType: 'affiliate',
        targetId: affiliateId,
        summary: `rep ${after.name} (${after.reference}) added`,
        before: null,
        after,
      });
      return ok(after);
    },
  );

  app.patch(
    '/affiliates/:affiliateId/reps/:repId',
    {
      config: repChange,
      schema: {
        operationId: 'updateAffiliateRep',
        tags: affiliateTags,
        summary: 'Changes a rep’s reference, name, email or phone, or deactivates or reactivates the rep',
        params: RepIdPath,
        body: RepChange,
        response: { 200: Envelope(AffiliateRep) },
      },
    },
    async (request) => {
      const { affiliateId, repId } = request.params;
      const { before, after } = await affiliates.changeRep(
        companyOf(request),
        affiliateId,
        repId,
        request.body,
      );
      await audit.record(auditActorOf(request), {
        action: 'affiliate-rep.update',
        targetType: 'affiliate',
        targetId: affiliateId,
        summary: `rep ${after.name} (${after.reference}) changed`,
        before,
        after,
      });
      return ok(after);
    },
  );
};

const prospectTags = ['Prospects'];
const prospectRead = { permission: 'work.read', errors: ['NOT_FOUND' as const] };

/**
 * The prospect pipeline for staff: every affiliate's prospects as a board and a table, one prospect's page, and the
 * status moves of update-status made by operations agents and administrators (`enrollments.act`); audited.
 */
export const prospectOpsRoutes: FastifyPluginAsyncTypebox<{
  prospects: StaffProspects;
  audit: AuditLog;
  publicBaseUrl: () => string;
}> = async (app, { prospects, audit, publicBaseUrl }) => {
  app.get(
    '/prospects',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listStaffProspects',
        tags: prospectTags,
        summary: 'One page of the company’s prospects, most recently changed first, filtered',
        querystring: StaffProspectQuery,
        response: { 200: PagedEnvelope(ProspectCard) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const page = await prospects.list(companyOf(request), request.query, paging);
      return paged(page.items, page.total, paging);
    },
  );

  app.get(
    '/prospects/board',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'getProspectBoard',
        tags: prospectTags,
        summary:
          'The pipeline: every sales status in order, its count and its 50 most recently changed prospects',
        querystring: ProspectBoardQuery,
        response: { 200: Envelope(Type.Array(ProspectBoardColumn, { maxItems: 20 })) },
      },
    },
    async (request) => ok(await prospects.board(companyOf(request), request.query.affiliateId)),
  );

  app.get(
    '/prospects/:prospectId',
    {
      config: prospectRead,
      schema: {
        operationId: 'getStaffProspect',
        tags: prospectTags,
        summary:
          'One prospect: its quote, rep, signing envelopes and their events, documents, status history and the moves allowed now',
        params: StaffProspectPath,
        response: { 200: Envelope(StaffProspect) },
      },
    },
    async (request) =>
      ok(await prospects.get(companyOf(request), request.params.prospectId, publicBaseUrl())),
  );

  app.get(
    '/prospects/:prospectId/documents/:documentId',
    {
      config: prospectRead,
      schema: {
        operationId: 'getStaffProspectDocument',
        tags: prospectTags,
        summary: 'A document uploaded to the prospect, shown in the browser',
        params: StaffProspectFilePath,
        response: {
          200: {
            description: 'The file as uploaded, with its content type.',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const { prospectId, documentId } = request.params;
      const file = await prospects.document(companyOf(request), prospectId, documentId);
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', `inline; filename="${file.file_name.replace(/["\\\r\n]/g, '_')}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.content) as unknown as string);
    },
  );

  app.post(
    '/prospects/:prospectId/status',
    {
      config: {
        permission: 'enrollments.act',
        errors: [
          'NOT_FOUND' as const,
          'PROSPECT_STATUS_TRANSITION_REFUSED' as const,
          'SIGNING_NOT_CONFIGURED' as const,
          'SIGNING_REFUSED' as const,
          'UPSTREAM_UNAVAILABLE' as const,
        ],
      },
      schema: {
        operationId: 'moveStaffProspect',
        tags: prospectTags,
        summary: 'Moves a prospect to another sales status through the update-status transitions',
        description:
          'The same transition table and effects as `POST /api/v1/prospects/{prospectId}/update-status` (moving to ' +
          'Contract_Sent sends the contract to sign; leaving it voids the envelope). Staff act as the company’s ' +
          'agents, so they may approve a signed contract. A prospect that is no longer in `expectedStatus`, or that ' +
          'another move changed meanwhile, is refused with 409.',
        params: StaffProspectPath,
        body: StaffMove,
        response: { 200: Envelope(StatusUpdateResponse) },
      },
    },
    async (request) => {
      const { prospectId } = request.params;
      const moved = await prospects.move(staffOf(request), prospectId, request.body);
      await audit.record(auditActorOf(request), {
        action: 'prospect.move',
        targetType: 'prospect',
        targetId: prospectId,
        summary: `prospect ${prospectId} moved from ${moved.previousStatus} to ${moved.newStatus}`,
        before: { status: moved.previousStatus },
        after: { status: moved.newStatus },
      });
      return ok(moved);
    },
  );
};
