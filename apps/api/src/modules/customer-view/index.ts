export { customerViewOpsRoutes } from './ops-routes.js';
export { type CustomerView, createCustomerView } from './service.js';
