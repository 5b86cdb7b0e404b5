export { serviceAccountOpsRoutes } from './ops-routes.js';
export { ROLE_GROUPS } from './ops-schemas.js';
export { authRoutes } from './routes.js';
export { type AuthService, createAuthService, loginSigningString } from './service.js';
export { createServiceAccounts, type ServiceAccounts } from './service-accounts.js';
export { findAccountByName, grantPermission, insertAccount, setAccountSecret } from './store.js';
