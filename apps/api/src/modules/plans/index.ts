export { type DocumentSource, documentPath } from './document-links.js';
export { customerFieldValidators, type FieldValidator, validateFields } from './field-validators.js';
export { PLAN_TYPES, type PlanTypeId, planName } from './naming.js';
export { linksFor, planRoutes } from './routes.js';
export { LanguageQuery, PlanIdParams, PlanTerms } from './schemas.js';
export { createPlansService, type LinkContext, type PlansService, type PlanWire } from './service.js';
export { findPlanTerms, timeOfUseRates, utilitiesWithPlansOnSale } from './store.js';
export { planTerms } from './terms.js';
