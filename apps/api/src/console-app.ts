import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/index.js';
import { registerConsoleSite } from './http/console-site.js';
import { type UndeclaredAnswer, watchDeclaredAnswers } from './http/declared-errors.js';
import { registerOpsOpenApi } from './http/openapi.js';
import { createHttpServer } from './http/server-base.js';
import { staffAccessControl } from './http/staff-access.js';
import { multipartOptions } from './http/uploads.js';
import { type AgentQueues, agentOpsRoutes } from './modules/agent-queues/index.js';
import { type AuditLog, auditRoutes } from './modules/audit/index.js';
import { type ServiceAccounts, serviceAccountOpsRoutes } from './modules/auth/index.js';
import { type AutorespondersService, autoresponderOpsRoutes } from './modules/autoresponders/index.js';
import { type ChargesService, chargeOpsRoutes } from './modules/charges/index.js';
import {
  type CompanySetup,
  companySetupOpsRoutes,
  type UtilityMarket,
  utilityOpsRoutes,
} from './modules/company/index.js';
import { type CustomerView, customerViewOpsRoutes } from './modules/customer-view/index.js';
import { type DashboardService, dashboardOpsRoutes } from './modules/dashboard/index.js';
import {
  type DocumentLibrary,
  type DocumentsService,
  documentLibraryOpsRoutes,
  documentOpsRoutes,
} from './modules/documents/index.js';
import type { FilesService } from './modules/files/index.js';
import {
  type Bundles,
  bundleOpsRoutes,
  type Campaigns,
  campaignOpsRoutes,
  type PlanPricing,
  planOpsRoutes,
} from './modules/plans/index.js';
import { type Platform, platformOpsRoutes } from './modules/platform/index.js';
import { type EsiidImports, premiseOpsRoutes } from './modules/premises/index.js';
import {
  type Affiliates,
  affiliateOpsRoutes,
  type PricingMatrixImports,
  pricingMatrixOpsRoutes,
  prospectOpsRoutes,
  type StaffProspects,
} from './modules/prospects/index.js';
import { type ServiceTasks, serviceTaskOpsRoutes } from './modules/service-tasks/index.js';
import { type StaffService, staffRoutes } from './modules/staff/index.js';

export interface ConsoleServices {
  staff: StaffService;
  audit: AuditLog;
  platform: Platform;
  agent: AgentQueues;
  files: FilesService;
  customers: CustomerView;
  charges: ChargesService;
  dashboard: DashboardService;
  pricing: PlanPricing;
  campaigns: Campaigns;
  bundles: Bundles;
  documents: DocumentsService;
  documentLibrary: DocumentLibrary;
  pricingMatrices: PricingMatrixImports;
  utilities: UtilityMarket;
  companySetup: CompanySetup;
  esiidImports: EsiidImports;
  serviceAccounts: ServiceAccounts;
  autoresponders: AutorespondersService;
  serviceTasks: ServiceTasks;
  affiliates: Affiliates;
  staffProspects: StaffProspects;
}

/**
 * The Operations console's server: its own port (CONSOLE_PORT), its pages at `/` and its API at `/ops/api/v1`, built
 * on the same services as the public API, so both apply one rule for each action. The public server never mounts
 * these routes: a supplier can keep the console on a private network.
 */
export async function buildConsoleApp(
  config: Config,
  parent: FastifyInstance,
  services: ConsoleServices,
  onUndeclaredAnswer?: (answer: UndeclaredAnswer) => void,
): Promise<FastifyInstance> {
  const ops = await createHttpServer(config, { loggerInstance: parent.log.child({ server: 'console' }) });
  await ops.register(cookie);
  await ops.register(multipart, multipartOptions(config));
  await ops.register(staffAccessControl, { resolver: services.staff });
  await registerOpsOpenApi(ops);
  if (onUndeclaredAnswer) watchDeclaredAnswers(ops, onUndeclaredAnswer);
  await ops.register(
    async (api) => {
      await api.register(staffRoutes, { staff: services.staff });
      await api.register(auditRoutes, { audit: services.audit });
      await api.register(platformOpsRoutes, { platform: services.platform });
      await api.register(serviceAccountOpsRoutes, {
        accounts: services.serviceAccounts,
        audit: services.audit,
      });
      await api.register(agentOpsRoutes, {
        agent: services.agent,
        audit: services.audit,
        files: services.files,
      });
      await api.register(customerViewOpsRoutes, { customers: services.customers, audit: services.audit });
      await api.register(chargeOpsRoutes, { charges: services.charges, audit: services.audit });
      await api.register(dashboardOpsRoutes, { dashboard: services.dashboard });
      await api.register(planOpsRoutes, {
        pricing: services.pricing,
        audit: services.audit,
        publicBaseUrl: () => config.publicBaseUrl,
      });
      await api.register(campaignOpsRoutes, { campaigns: services.campaigns, audit: services.audit });
      await api.register(bundleOpsRoutes, { bundles: services.bundles, audit: services.audit });
      await api.register(documentOpsRoutes, { documents: services.documents });
      await api.register(documentLibraryOpsRoutes, {
        library: services.documentLibrary,
        audit: services.audit,
      });
      await api.register(pricingMatrixOpsRoutes, {
        matrices: services.pricingMatrices,
        audit: services.audit,
      });
      await api.register(autoresponderOpsRoutes, {
        autoresponders: services.autoresponders,
        audit: services.audit,
      });
      await api.register(utilityOpsRoutes, { market: services.utilities, audit: services.audit });
      await api.register(companySetupOpsRoutes, { setup: services.companySetup, audit: services.audit });
      await api.register(premiseOpsRoutes, {
        imports: services.esiidImports,
        audit: services.audit,
        uploadLimitBytes: config.esiidUploadLimitBytes,
      });
      await api.register(serviceTaskOpsRoutes, { tasks: services.serviceTasks, audit: services.audit });
      await api.register(affiliateOpsRoutes, { affiliates: services.affiliates, audit: services.audit });
      await api.register(prospectOpsRoutes, {
        prospects: services.staffProspects,
        audit: services.audit,
        publicBaseUrl: () => config.publicBaseUrl,
      });
    },
    { prefix: '/ops/api/v1' },
  );
  await registerConsoleSite(ops, { root: config.console.dir });
  return ops;
}
