export { queueDepths } from './queue-depths.js';
export { healthRoutes } from './routes.js';
export { pingDatabase } from './store.js';
