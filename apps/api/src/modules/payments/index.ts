export { paymentRoutes } from './routes.js';
export { GatewayProfile, PAYMENT_TYPE_IDS } from './schemas.js';
export { createPaymentsService, type PaymentsService } from './service.js';
export {
  customerProfiles,
  customerProfileTokenOf,
  customerProfileTokens,
  findCustomerPaymentProfile,
  findProfileByToken,
  findShownProfile,
  shownProfilesByToken,
} from './store.js';
