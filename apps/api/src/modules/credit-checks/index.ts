export { type CreditDecision, creditDecisionOf, scoreBand } from './decision-view.js';
export type { EnrollingPerson } from './identity.js';
export { creditCheckRoutes } from './routes.js';
export { CreditCheckResult } from './schemas.js';
export { type CreditChecksService, createCreditChecksService, DEFAULT_CREDIT_RULES } from './service.js';
export { creditCheckCounts } from './store.js';
export { type CreditThresholds, creditOutcome } from './thresholds.js';
