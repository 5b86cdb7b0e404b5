export { premiseRoutes } from './routes.js';
export { createPremisesService, type PremisesService, premiseTypeFor } from './service.js';
