export { referenceRoutes } from './routes.js';
export { createReferenceService, type ReferenceService } from './service.js';
export { listLanguages } from './store.js';
