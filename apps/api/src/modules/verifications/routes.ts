import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import { Verification, VerificationParams, VerificationUpdate } from './schemas.js';
import type { VerificationsService } from './service.js';

export const verificationRoutes: FastifyPluginAsyncTypebox<{ verifications: VerificationsService }> = async (
  app,
  { verifications },
) => {
  app.put(
    '/tpv/verification/:verificationId',
    {
      config: { roleGroups: ['Verification'] },
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
