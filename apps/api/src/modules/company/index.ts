export { applyCompanyFile, createCompanyFromFile } from './apply-company-file.js';
export { CompanyFileRefused, CompanyFileSchema, checkCompanyFile, parseCompanyFile } from './company-file.js';
export { companySetupOpsRoutes, utilityOpsRoutes } from './ops-routes.js';
export { companyRoutes } from './routes.js';
export { PAYMENT_GATEWAYS } from './schemas.js';
export { type CompanyService, createCompanyService } from './service.js';
export { type CompanySetup, createCompanySetup } from './setup.js';
export {
  findBrand as findCompanyBrand,
  findBrands as findCompanyBrands,
  findCompanyBySlug,
  findCustomerTypes,
  findFirstBrand,
  findMarkets as findCompanyMarkets,
  findSettings as findCompanySettings,
  findUtilities as findCompanyUtilities,
  findUtilityTerms,
  listCompanies,
  verificationProviders,
} from './store.js';
export { createUtilityMarket, type UtilityCountSources, type UtilityMarket } from './utility-market.js';
