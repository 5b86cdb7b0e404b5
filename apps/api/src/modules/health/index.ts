export { healthRoutes } from './routes.js';
export { pingDatabase, queueDepths } from './store.js';
