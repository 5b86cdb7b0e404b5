export { dashboardOpsRoutes } from './ops-routes.js';
export { createDashboard, type DashboardService } from './service.js';
