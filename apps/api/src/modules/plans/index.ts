export { bundleIdsWithPlan, findBundlePlans } from './bundle-store.js';
export { type Bundles, createBundles } from './bundles.js';
export { type Campaigns, createCampaigns } from './campaigns.js';
export { type DocumentSource, documentLink, documentPath } from './document-links.js';
export { customerFieldValidators, type FieldValidator, validateFields } from './field-validators.js';
export { PLAN_TYPES, type PlanTypeId, planName } from './naming.js';
export { bundleOpsRoutes, campaignOpsRoutes, planOpsRoutes } from './ops-routes.js';
export { createPlanPricing, type PlanPricing } from './pricing.js';
export type { CampaignUse } from './promo-codes.js';
export { linksFor, planRoutes } from './routes.js';
export { LanguageQuery, PlanIdParams, PlanTerms, StartPriorityField, SwitchTypeField } from './schemas.js';
export {
  createPlansService,
  type LibraryDocumentsOf,
  type LinkContext,
  type PlansService,
  type PlanWire,
} from './service.js';

export { standardPlanDocuments } from './standard-documents.js';
export {
  findPlanNames,
  findPlanOwners,
  findPlanTerms,
  planCountsByUtility,
  utilitiesWithPlansOnSale,
} from './store.js';

export { planTerms } from './terms.js';
export { timeOfUseOf } from './versions.js';
