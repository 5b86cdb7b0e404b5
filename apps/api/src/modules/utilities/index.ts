export { assertUtilityTakes, type EnrollingUtility } from './enrolling.js';
export { utilityRoutes } from './routes.js';
export { DeliveryChargeSchema } from './schemas.js';
export { createUtilitiesService, toDeliveryCharge, type UtilitiesService } from './service.js';
export { listUtilities } from './store.js';
