import type { DataOf, EnvelopeOf } from '../../lib/api';

/** What the action dialogs show of the enrollment they act on: a queue's row and the enrollment page's `summary`. */
export type EnrollmentSubject = Pick<
  EnvelopeOf<'/queues/enrollments', 'get'>['data'][number],
  'id' | 'status' | 'customerName' | 'deposit' | 'depositStatus' | 'reviewReasons'
>;

/** A letter of credit as a dialog shows it: from the letters' queue or from the enrollment page. */
export interface LetterSubject {
  id: number;
  enrollmentId: number;
  fileName: string;
  customerName?: string;
}

/** An ETF invoice as the queue and the enrollment page show it. */
export type EtfInvoice = DataOf<'/etf-invoices/{id}/send', 'post'>;

export const isHold = (status: string) => status.startsWith('ON_HOLD');

export const isFailedSubmission = (status: string) =>
  status === 'SUBMITION_NOT_SENT_CONNECTION_ERROR' || status === 'SUBMITTED_WITH_ERRORS';

/** Whether an agent may correct it (POST /enrollments/{id}/correct): refused by the billing system, or held. */
export const isCorrectable = (status: string) => status === 'SUBMITTED_WITH_ERRORS' || isHold(status);

/**
 * Whether the console offers to reject: in the statuses the queues list (holds, failed submissions, renewals waiting
 * for the batch), as the queue table does. The server has the last word (the lifecycle).
 */
export const isRejectable = (status: string) =>
  isHold(status) || isFailedSubmission(status) || status === 'RENEWAL_PENDING';

/** A deposit that holds the enrollment (owed, or a letter of credit awaited): the one a release may waive. */
export const isDepositHeld = (depositStatus: string) =>
  depositStatus === 'pending' || depositStatus === 'failed' || depositStatus === 'letter_of_credit';

const REASON_MIN = 3;
export const REASON_MAX = 500;

/** The reason every agent action asks for (3 to 500 characters, as the API's `Reason`). */
export const validateReason = (value: string) => {
  const reason = value.trim();
  if (reason.length < REASON_MIN) return 'Say why, in a few words: it is kept in the status history.';
  if (reason.length > REASON_MAX) return `At most ${REASON_MAX} characters.`;
  return null;
};
