export { billingRoutes } from './routes.js';
export { BILLED_STATUSES, type BillingService, createBillingService } from './service.js';
export { money } from './statement-pdf.js';
