import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok, PagedEnvelope, paged, pagingOf } from '../../http/envelope.js';
import {
  Verification,
  VerificationListQuery,
  VerificationParams,
  VerificationSummary,
  VerificationUpdate,
} from './schemas.js';
import type { VerificationsService } from './service.js';

export const verificationRoutes: FastifyPluginAsyncTypebox<{ verifications: VerificationsService }> = async (
  app,
  { verifications },
) => {
  app.get(
    '/tpv/verifications',
    {
      config: { roleGroups: ['Verification'] },
      schema: {
        operationId: 'listTpvVerifications',
        tags: ['Callbacks'],
        summary: 'The phone-verification provider lists the sales to verify',
        description:
          "The company's verifications, oldest first, paged; `result=NOT_SENT` lists the sales the provider has not " +
          'been told of yet, `result=PENDING` those it is working on. Not in the platform specification: the provider ' +
          'polls this list (role group Verification) and reports each result with PUT /tpv/verification/{verificationId}.',
        querystring: VerificationListQuery,
        response: { 200: PagedEnvelope(VerificationSummary) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await verifications.list(
        callerOf(request).companyId,
        request.query.result,
        paging,
      );
      return paged(items, total, paging);
    },
  );

  app.put(
    '/tpv/verification/:verificationId',
    {
      config: { errors: ['VERIFICATION_ALREADY_VERIFIED'], roleGroups: ['Verification'] },
      schema: {
        operationId: 'updateTpvVerification',
        tags: ['Callbacks'],
        summary: 'The phone-verification provider reports a result',
        description:
          'Results NOT_SENT, PENDING, VERIFIED, FAILED, COULDNT_CONTACT; FAILED and COULDNT_CONTACT need at least ' +
          'one reason. Updates may repeat until VERIFIED; after that an update is 409 ' +
          '`VERIFICATION_ALREADY_VERIFIED`. Every update is kept in `history`. Called with the web service account of the ' +
          'provider (role group Verification).',
        params: VerificationParams,
        body: VerificationUpdate,
        response: { 200: Envelope(Verification) },
      },
    },
    async (request) =>
      ok(
        await verifications.update(callerOf(request).companyId, request.params.verificationId, request.body),
        'Verification result recorded.',
      ),
  );
};
