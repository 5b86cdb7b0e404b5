import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import { CreditCheckRequest, CreditCheckResult } from './schemas.js';
import type { CreditChecksService } from './service.js';

export const creditCheckRoutes: FastifyPluginAsyncTypebox<{ creditChecks: CreditChecksService }> = async (
  app,
  { creditChecks },
) => {
  app.post(
    '/payments/credit-check',
    {
      config: { errors: ['PLAN_NOT_FOUND'], idempotent: true },
      schema: {
        operationId: 'runCreditCheck',
        tags: ['Payments'],
        summary:
          "Checks a customer's credit before enrolling: score, deposit and refusal against the plan's thresholds",
        description:
          'With `planId`, deposit_required and deny_service follow that plan (deposit under deposit_required_under_score; ' +
          'refusal under deposit_deny_service_under_score unless it is 0) and the plan decides whether the date of birth may ' +
          'replace the SSN. No score requires a deposit. If the bureau cannot be reached the answer carries `error_msg`. ' +
          'The SSN and date of birth are stored encrypted and never returned. The check backs enrollments of this person ' +
          "only (name, date of birth, SSN), for the company's credit_check_valid_days, at most one live enrollment per LDC number.",
        body: CreditCheckRequest,
        response: { 200: Envelope(CreditCheckResult) },
      },
    },
    async (request) => {
      const result = await creditChecks.run(callerOf(request).companyId, request.body);
      return ok(result, result.error_msg ?? 'OK');
    },
  );
};
