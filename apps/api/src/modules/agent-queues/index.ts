export { agentOpsRoutes } from './ops-routes.js';
export { QueueItem } from './ops-schemas.js';
export { agentRoutes } from './routes.js';
export { type AgentQueues, createAgentQueues, DEFAULT_QUEUE } from './service.js';
