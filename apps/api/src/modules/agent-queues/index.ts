export { agentOpsRoutes } from './ops-routes.js';
export { QueueItem } from './ops-schemas.js';
export { agentRoutes } from './routes.js';
export { type AgentQueues, consoleAgent, createAgentQueues, DEFAULT_QUEUE, queueLabel } from './service.js';
