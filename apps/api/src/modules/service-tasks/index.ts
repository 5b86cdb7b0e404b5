export { SERVICE_TASK_STATUSES, type ServiceTaskStatus } from './model.js';
export { serviceTaskOpsRoutes } from './ops-routes.js';
export { createServiceTasks, type ServiceTasks } from './service.js';
