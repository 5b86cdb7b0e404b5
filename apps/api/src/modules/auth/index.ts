export { authRoutes } from './routes.js';
export { type AuthService, createAuthService, loginSigningString } from './service.js';
