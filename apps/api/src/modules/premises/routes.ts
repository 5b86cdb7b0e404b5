import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import {
  EsiidByAddressQuery,
  EsiidValidation,
  MAX_PREMISES,
  Premise,
  SsnValidation,
  ValidateEsiidAddressQuery,
  ValidateSsnQuery,
} from './schemas.js';
import type { PremisesService } from './service.js';

const tags = ['Miscellaneous'];

export const premiseRoutes: FastifyPluginAsyncTypebox<{ premises: PremisesService }> = async (
  app,
  { premises },
) => {
  app.get(
    '/miscellaneous/esiid-by-address',
    {
      config: { errors: ['TEXAS_ONLY', 'TEXAS_ZIPCODE_NOT_SERVED'], access: 'account' },
      schema: {
        operationId: 'esiidByAddress',
        tags,
        summary: 'Texas premises (ESIIDs) at a service address',
        description:
          "Searches the ERCOT premise directory in one Texas zip code served by the company's utilities, " +
          `at most ${MAX_PREMISES} premises. A zip code outside Texas is refused with TEXAS_ONLY, a Texas zip ` +
          "code none of the company's utilities serves with TEXAS_ZIPCODE_NOT_SERVED.",
        querystring: EsiidByAddressQuery,
        response: { 200: Envelope(Type.Array(Premise)) },
      },
    },
    async (request) => ok(await premises.premisesByAddress(callerOf(request).companyId, request.query)),
  );

  app.get(
    '/miscellaneous/validate-esiid-address',
    {
      config: { access: 'account' },
      schema: {
        operationId: 'validateEsiidAddress',
        tags,
        summary: 'Checks that an ESIID can be enrolled at a service address for a customer type',
        description:
          "Checks the ESIID's prefix and length against the company's Texas utilities; when they fit, that " +
          'the premise exists, its address is the one given, it is not de-energized and its type fits the ' +
          'customer type. Each failed check is one entry in `errors`.',
        querystring: ValidateEsiidAddressQuery,
        response: { 200: Envelope(EsiidValidation) },
      },
    },
    async (request) => ok(await premises.validateEsiidAddress(callerOf(request).companyId, request.query)),
  );

  app.get(
    '/miscellaneous/validate-ssn',
    {
      config: { access: 'account' },
      schema: {
        operationId: 'validateSsn',
        tags,
        summary: 'Checks a social security number against the SSA numbering rules',
        description:
          'Format (9 digits, dashes only as 123-45-6789), area (not 000, 666 or 900-999), group (not 00), ' +
          'serial (not 0000) and well-known invalid numbers. The number is never echoed or logged.',
        querystring: ValidateSsnQuery,
        response: { 200: Envelope(SsnValidation) },
      },
    },
    async (request) => ok(premises.validateSsn(request.query.ssn)),
  );
};
