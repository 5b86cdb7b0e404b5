export { maskPersonalData } from './masking.js';
export { auditRoutes } from './routes.js';
export { AuditEntry } from './schemas.js';
export { type AuditActor, type AuditChange, type AuditLog, createAuditLog } from './service.js';
