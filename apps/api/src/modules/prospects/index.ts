export { type Affiliates, createAffiliates } from './affiliates.js';
export { PROSPECT_FILE_OWNER } from './documents.js';
export { affiliateOpsRoutes, pricingMatrixOpsRoutes, prospectOpsRoutes } from './ops-routes.js';
export { PRICING_MATRIX_COLUMNS, parsePricingMatrix } from './pricing-matrix.js';
export {
  createPricingMatrixImports,
  importPricingMatrix,
  type PricingMatrixImports,
} from './pricing-matrix-imports.js';
export { prospectRoutes } from './routes.js';
export {
  INITIAL_PROSPECT_STATUSES,
  PROSPECT_STATUSES,
  type ProspectStatus,
  SIGNING_STATUSES,
  type SigningStatus,
} from './schemas.js';
export { createProspectsService, type ProspectsService } from './service.js';
export { configureSigningAccount } from './signing-accounts.js';
export { sandboxSigningRoutes } from './signing-page.js';
export { applySigningStatus, currentStatuses } from './signing-status.js';
export { findEnvelope, findSigningAccountByProviderId, findSigningAccountSettings } from './signing-store.js';
export type { StaffProspects } from './staff-prospects.js';
export {
  affiliatesOfAccounts,
  bindAccountToAffiliate,
  companyAffiliates,
  prospectsChangedSince,
} from './store.js';
export {
  PROSPECT_ROLE_PERMISSIONS,
  PROSPECT_STATUS_TRANSITIONS,
  SIGNING_EVENT_STATUS,
  SIGNING_SALES_EFFECT,
} from './transitions.js';
