export { createVerificationDispatch, MAX_DISPATCH_ATTEMPTS } from './dispatch.js';
export { verificationRoutes } from './routes.js';
export { TPV_RESULTS, type TpvResult } from './schemas.js';
export {
  createVerificationsService,
  type EnrollmentFollower,
  type VerificationsService,
} from './service.js';
export { countUnsentVerifications, insertPendingVerification } from './store.js';
