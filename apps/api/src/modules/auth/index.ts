export { authRoutes } from './routes.js';
export { type AuthService, createAuthService, loginSigningString } from './service.js';
export { findAccountByName, grantPermission, insertAccount, setAccountSecret } from './store.js';
