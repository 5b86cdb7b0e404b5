import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { FileKind } from '../../domain/file-kinds.js';
import { Envelope, ok, PagedEnvelope, paged, pagingOf } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import { readSingleFile, uploadOf } from '../../http/uploads.js';
import type { AuditLog } from '../audit/index.js';
import {
  MatrixActivation,
  MatrixDifferences,
  MatrixIdPath,
  MatrixImport,
  MatrixPrice,
  MatrixPriceQuery,
} from './ops-schemas.js';
import type { PricingMatrixImports } from './pricing-matrix-imports.js';

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
  const companyOf = (request: FastifyRequest) => staffOf(request).companyId;
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
