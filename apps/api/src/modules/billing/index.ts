export { billingRoutes } from './routes.js';
export { BillingStatement } from './schemas.js';
export { type BillingService, createBillingService } from './service.js';
export { money } from './statement-pdf.js';
