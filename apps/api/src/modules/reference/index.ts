export { referenceRoutes } from './routes.js';
export { createReferenceService, type ReferenceService } from './service.js';
export { listDeliveryCharges, listLanguages, listUtilityZipcodes } from './store.js';
