import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FileKind } from '../../domain/file-kinds.js';
import { callerOf } from '../../http/access.js';
import { Envelope, ok, PagedEnvelope, paged, pagingOf } from '../../http/envelope.js';
import { publicBaseUrl } from '../../http/public-url.js';
import { DOCUMENT_KINDS, readSingleFile, uploadOf } from '../../http/uploads.js';
import {
  PackagesQuery,
  PricingMatrixImportResult,
  PricingMatrixRules,
  Prospect,
  ProspectDocument,
  ProspectIdParams,
  ProspectPackage,
  ProspectRequest,
  ProspectsQuery,
  SigningView,
  SigningViewRequest,
  StatusUpdateRequest,
  StatusUpdateResponse,
} from './schemas.js';
import type { ProspectsService } from './service.js';
import { roleGroupsFor } from './transitions.js';

/** A pricing matrix is one CSV file. */
const MATRIX_FILE: FileKind[] = ['csv'];
const tags = ['Prospects'];
const access = (operationId: string) => ({ roleGroups: roleGroupsFor(operationId) });

export const prospectRoutes: FastifyPluginAsyncTypebox<{ prospects: ProspectsService }> = async (
  app,
  { prospects },
) => {
  app.post(
    '/prospects',
    {
      config: {
        errors: ['PRICE_NOT_FOUND', 'PRICING_RULE_REFUSED', 'PROSPECT_PACKAGE_NOT_APPLICABLE'],
        ...access('createProspect'),
        idempotent: true,
      },
      schema: {
        operationId: 'createProspect',
        tags,
        summary: 'Create a priced prospect',
        description:
          'The rate comes from the pricing matrix (utility, zone, rate code, term, usage tier and the month of ' +
          "startDate); the expiration date is today plus the customer type's `prospect_expiration_days`. An " +
          'account linked to an affiliate creates the prospect for that affiliate.',
        body: ProspectRequest,
        response: { 200: Envelope(Prospect) },
      },
    },
    async (request) => ok(await prospects.create(callerOf(request), request.body, publicBaseUrl(request))),
  );

  app.get(
    '/prospects',
    {
      config: access('listProspects'),
      schema: {
        operationId: 'listProspects',
        tags,
        summary: 'Prospects created or changed in a window, oldest change first',
        description:
          'For incremental sync: pass the time of the last sync as `updateFrom`. Expired prospects and ' +
          'signing updates change `modifiedAt`, so they are listed too.',
        querystring: ProspectsQuery,
        response: { 200: PagedEnvelope(Prospect) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await prospects.list(
        callerOf(request),
        request.query,
        paging,
        publicBaseUrl(request),
      );
      return paged(items, total, paging);
    },
  );

  app.get(
    '/prospects/pricing-matrix-rules',
    {
      config: access('getPricingMatrixRules'),
      schema: {
        operationId: 'getPricingMatrixRules',
        tags,
        summary: "The company's pricing matrix rules",
        response: { 200: Envelope(PricingMatrixRules) },
      },
    },
    async (request) => ok(await prospects.rules(callerOf(request).companyId)),
  );

  app.get(
    '/prospects/packages',
    {
      config: access('listProspectPackages'),
      schema: {
        operationId: 'listProspectPackages',
        tags,
        summary: 'Prospect packages, by state, utility and customer type',
        querystring: PackagesQuery,
        response: { 200: Envelope(Type.Array(ProspectPackage)) },
      },
    },
    async (request) => ok(await prospects.packages(callerOf(request).companyId, request.query)),
  );

  app.post(
    '/prospects/pricing-matrix/import',
    {
      config: { ...access('importPricingMatrix'), errors: ['PRICING_MATRIX_INVALID'] },
      schema: {
        operationId: 'importPricingMatrix',
        tags,
        summary: 'Import a pricing matrix file (replaces the matrix)',
        description:
          'Addition to the platform spec. One multipart CSV file with the header ' +
          '`utility_code,zone,rate_code,term_months,usage_tier,start_month,price,price_file_date`. Every line ' +
          'is checked first; one bad line rejects the whole file (400 `PRICING_MATRIX_INVALID`, errors ' +
          '"line N: …") and nothing is loaded. Agent role group only.',
        ...uploadOf(MATRIX_FILE),
        response: { 200: Envelope(PricingMatrixImportResult) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const file = await readSingleFile(request, MATRIX_FILE);
      return ok(
        await prospects.importPricingMatrix(caller.companyId, {
          fileName: file.fileName,
          content: file.bytes,
          importedBy: `account ${caller.accountId}`,
        }),
      );
    },
  );

  app.get(
    '/prospects/:prospectId',
    {
      config: access('getProspect'),
      schema: {
        operationId: 'getProspect',
        tags,
        summary: 'One prospect, with its documents',
        params: ProspectIdParams,
        response: { 200: Envelope(Prospect) },
      },
    },
    async (request) =>
      ok(await prospects.get(callerOf(request), request.params.prospectId, publicBaseUrl(request))),
  );

  app.post(
    '/prospects/:prospectId/upload-document',
    {
      config: { ...access('uploadProspectDocument'), errors: ['UPLOAD_QUOTA_EXCEEDED'] },
      schema: {
        operationId: 'uploadProspectDocument',
        tags,
        summary: 'Attach a document (PDF, PNG or JPEG) to a prospect',
        description:
          'Exactly one multipart file, checked by its content. Returns a `downloadUrl` that works without a ' +
          'token for 24 hours.',
        ...uploadOf(DOCUMENT_KINDS),
        params: ProspectIdParams,
        response: { 200: Envelope(ProspectDocument) },
      },
    },
    async (request) => {
      const file = await readSingleFile(request, DOCUMENT_KINDS);
      return ok(
        await prospects.uploadDocument(
          callerOf(request),
          request.params.prospectId,
          file,
          publicBaseUrl(request),
        ),
      );
    },
  );

  app.post(
    '/prospects/:prospectId/update-status',
    {
      config: {
        ...access('updateProspectStatus'),
        errors: [
          'PROSPECT_STATUS_TRANSITION_REFUSED',
          'SIGNING_NOT_CONFIGURED',
          'SIGNING_REFUSED',
          'UPSTREAM_UNAVAILABLE',
        ],
      },
      schema: {
        operationId: 'updateProspectStatus',
        tags,
        summary: 'Move a prospect to another sales status',
        description:
          'Allowed moves follow the prospect status transition table; others are 409 ' +
          '`PROSPECT_STATUS_TRANSITION_REFUSED`. Moving to Contract_Sent creates and sends the contract at the ' +
          'document-signing service: to the customer by email (SMS without an email) with `signingMethod` Remote, ' +
          'the default; with InPerson the service sends nothing and the customer signs on your device through ' +
          '`POST /prospects/{prospectId}/signing-view`.',
        params: ProspectIdParams,
        body: StatusUpdateRequest,
        response: { 200: Envelope(StatusUpdateResponse) },
      },
    },
    async (request) =>
      ok(await prospects.updateStatus(callerOf(request), request.params.prospectId, request.body)),
  );

  app.post(
    '/prospects/:prospectId/signing-view',
    {
      config: {
        ...access('createProspectSigningView'),
        errors: [
          'SIGNING_ENVELOPE_CLOSED',
          'SIGNING_ENVELOPE_NOT_SENT',
          'SIGNING_NOT_IN_PERSON',
          'SIGNING_NO_ENVELOPE',
          'UPSTREAM_UNAVAILABLE',
        ],
      },
      schema: {
        operationId: 'createProspectSigningView',
        tags,
        summary: 'A one-time URL where the customer signs an in-person contract now',
        description:
          'For a prospect sent to Contract_Sent with `signingMethod` InPerson. Open the URL at once in the browser ' +
          'the customer signs in (the tablet at the door, the store counter): it works once and expires after five ' +
          'minutes (`expiresAt`); every call makes a new one, so ask again when one was used or expired. When the session ' +
          'ends the browser goes to `returnUrl` with `event` added (`signing_complete`, `decline`, `cancel`, …). ' +
          "The event is for your screen only: the prospect's `signingStatus` changes when the signing service " +
          'reports it. 409 `SIGNING_NO_ENVELOPE`, `SIGNING_NOT_IN_PERSON`, `SIGNING_ENVELOPE_CLOSED` or ' +
          '`SIGNING_ENVELOPE_NOT_SENT` say why there is nothing to sign; 503 `UPSTREAM_UNAVAILABLE` when the ' +
          'signing service did not answer, 422 `SIGNING_REFUSED` when it refused.',
        params: ProspectIdParams,
        body: SigningViewRequest,
        response: { 200: Envelope(SigningView) },
      },
    },
    async (request) =>
      ok(await prospects.createSigningView(callerOf(request), request.params.prospectId, request.body)),
  );
};
