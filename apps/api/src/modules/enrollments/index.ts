export { type AccountChanges, createAccountChanges } from './changes.js';
export { ENROLLMENT_STATUSES, type EnrollmentStatus, LIFECYCLE } from './lifecycle.js';
export { enrollmentRoutes } from './routes.js';
export { DROP_REASONS, Enrollment as EnrollmentSchema } from './schemas.js';
export { createEnrollmentsService, type EnrollmentsService } from './service.js';
