export { billingRoutes } from './routes.js';
export { type BillingService, createBillingService } from './service.js';
export { money } from './statement-pdf.js';
export { BillingStatement } from './schemas.js';
