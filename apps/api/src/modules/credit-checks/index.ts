export { creditCheckRoutes } from './routes.js';
export { type CreditChecksService, createCreditChecksService, DEFAULT_CREDIT_RULES } from './service.js';
