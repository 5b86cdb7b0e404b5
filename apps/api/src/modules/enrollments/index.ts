export { activeAutopayTokens } from './account-store.js';
export { type AccountChanges, createAccountChanges } from './changes.js';
export {
  cancellationsByActor,
  enrollmentsCreatedPerDay,
  enrollmentsSubmittedPerDay,
  holdsByAge,
  submissionOutcomes,
} from './dashboard-store.js';
export { DEPOSIT_STATUSES, type DepositStatus, isDepositDue, isDepositHeld } from './decision.js';
export { enrollmentRecord } from './dossier.js';
export {
  AGENT_QUEUE_STATUSES,
  BILLED_STATUSES,
  ENROLLMENT_STATUSES,
  type EnrollmentStatus,
  HIDDEN_FROM_CUSTOMERS,
  HOLD_STATUSES,
  LIFECYCLE,
} from './lifecycle.js';
export { enrollmentOwner, enrollmentsByMeterPrefix } from './queue-store.js';
export {
  type CreditLetterItem,
  creditLetterQueue,
  enrollmentsOfCustomer,
  isQueueStatus,
  QUEUE_STATUSES,
  type QueueItem,
  queueCounts,
  queueItemOf,
  statusMeaning,
  statusQueue,
  unverifiedMeterQueue,
} from './queues.js';
export {
  etfInvoicePage,
  findCreditLetter,
  findEtfInvoice,
  recordCreditLetterReview,
  recordMeterVerified,
  resolveQueuedEtfInvoice,
  unverifiedMeterPage,
} from './review-store.js';
export { enrollmentRoutes } from './routes.js';
export {
  DeliveryMethodRequest,
  DROP_REASONS,
  DropRequest,
  DropResult,
  Enrollment as EnrollmentSchema,
  EnrollmentCorrection,
  EnrollmentCreateResult,
  RenewalRequest,
  TransferRequest,
  TransferResult,
} from './schemas.js';
export {
  type CapturedDepositCharge,
  createEnrollmentsService,
  type EnrollmentsService,
} from './service.js';
export {
  countAwaitingSubmission,
  type EnrollmentRow,
  findEnrollmentById,
  findEnrollmentsByIds,
  replacedOn,
  startedEnrollmentsAfter,
  statusChangesAfter,
  statusHistory,
} from './store.js';
