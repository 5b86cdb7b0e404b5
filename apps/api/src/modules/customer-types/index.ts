export { customerTypeRoutes } from './routes.js';
export { type CustomerTypesService, createCustomerTypesService, toCustomerType } from './service.js';
