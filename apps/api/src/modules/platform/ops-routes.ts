import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { auditActorOf } from '../../http/staff-access.js';
import { CompanyFileChoices, CreatedCompany, NewCompany, PlatformCompany } from './ops-schemas.js';
import type { Platform } from './service.js';

const tags = ['Platform'];
const manage = { permission: 'companies.manage' };

/** The platform operator's screens: the installation's retail companies, and onboarding a new one. */
export const platformOpsRoutes: FastifyPluginAsyncTypebox<{ platform: Platform }> = async (
  app,
  { platform },
) => {
  app.get(
    '/platform/companies',
    {
      config: manage,
      schema: {
        operationId: 'listRetailCompanies',
        tags,
        summary: 'Every retail company of the installation, newest first, with its number of staff users',
        response: { 200: Envelope(Type.Array(PlatformCompany)) },
      },
    },
    async () => ok(await platform.companies()),
  );

  app.get(
    '/platform/company-file-choices',
    {
      config: manage,
      schema: {
        operationId: 'getCompanyFileChoices',
        tags,
        summary: 'The states and reference utilities a new company’s file may name',
        response: { 200: Envelope(CompanyFileChoices) },
      },
    },
    async () => ok(platform.companyFileChoices()),
  );

  app.post(
    '/platform/companies',
    {
      config: { ...manage, errors: ['COMPANY_SLUG_TAKEN', 'STAFF_EMAIL_TAKEN'] },
      schema: {
        operationId: 'createRetailCompany',
        tags,
        summary:
          'Creates a retail company from its company file with its first Administrator, in one transaction; answers the Administrator’s set-up link once',
        description:
          'The body’s `company` is the company file of `npm run company:apply` (the same schema and checks). The new company starts with its file and the installation’s reference data only.',
        body: NewCompany,
        response: { 200: Envelope(CreatedCompany) },
      },
    },
    async (request) => ok(await platform.createCompany(auditActorOf(request), request.body)),
  );
};
