export { type DocumentSource, documentPath } from './document-links.js';
export { EFL_USAGE_TIERS, effectiveEnergyRate, eflAveragePrices } from './efl.js';
export { customerFieldValidators, type FieldValidator, validateFields } from './field-validators.js';
export { DAY_TYPE_WEIGHT, HOURLY_SHARE, SEASON_WEIGHT, SUMMER_MONTHS } from './load-shape.js';
export { PLAN_TYPES, planName } from './naming.js';
export { linksFor, planRoutes } from './routes.js';
export { createPlansService, type PlansService } from './service.js';
