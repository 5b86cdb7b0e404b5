export {
  isRole,
  PERMISSIONS,
  type Permission,
  PLATFORM_OPERATOR,
  permissionsOf,
  ROLE_NAMES,
  ROLES,
  type Role,
} from './roles.js';
export { staffRoutes } from './routes.js';
export { createStaffService, normalizeEmail, type StaffService } from './service.js';
export { currentTotp } from './totp.js';
