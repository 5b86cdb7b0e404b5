export { platformOpsRoutes } from './ops-routes.js';
export { createPlatform, type Platform } from './service.js';
