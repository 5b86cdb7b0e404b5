export { chargeRoutes } from './routes.js';
export { type ChargesService, createChargesService } from './service.js';
