import { ENROLLMENT_STATUSES, type EnrollmentStatus, LIFECYCLE } from '../enrollments/index.js';
import { STATUS_MESSAGES } from '../notifications/index.js';
import { PROSPECT_STATUS_TRANSITIONS } from '../prospects/index.js';

/** What an event is about: decides which replacement variables it can fill. */
export type TriggerSource = 'enrollment' | 'payment' | 'statement' | 'prospect';

export interface TriggerDefinition {
  key: string;
  source: TriggerSource;
  /** When it fires, in words (the docs site prints it). */
  fires: string;
  /** The notification kind it follows (customer events), or null for prospect events. */
  notificationKind: string | null;
}

/** Enrollment statuses a customer hears about: the ones the notification task announces. */
const announced = ENROLLMENT_STATUSES.filter((status) => STATUS_MESSAGES[status] !== undefined);

/** Every status a prospect can move to through the sales status table. */
const prospectTargets = [...new Set(PROSPECT_STATUS_TRANSITIONS.map((t) => t.to))];

/**
 * The one table of autoresponder triggers. Customer events follow the notifications the create-notifications
 * task creates (one trigger per notification kind); prospect events follow the prospect's sales status.
 */
export const AUTORESPONDER_TRIGGERS: readonly TriggerDefinition[] = [
  ...announced.map(
    (status): TriggerDefinition => ({
      key: `enrollment.status.${status}`,
      source: 'enrollment',
      fires: `The enrollment moved to ${status} (customers see "${LIFECYCLE[status].statusForCustomers}"). ${LIFECYCLE[status].meaning}`,
      notificationKind: STATUS_MESSAGES[status]!,
    }),
  ),
  {
    key: 'payment.received',
    source: 'payment',
    fires: 'A deposit, one-time or recurring payment was approved by the payment gateway.',
    notificationKind: 'payment-received',
  },
  {
    key: 'payment.failed',
    source: 'payment',
    fires: 'A deposit, one-time or recurring payment was declined by the payment gateway.',
    notificationKind: 'payment-failed',
  },
  {
    key: 'statement.ready',
    source: 'statement',
    fires: 'The billing system issued a new statement for an enrollment in service.',
    notificationKind: 'statement-ready',
  },
  ...prospectTargets.map(
    (status): TriggerDefinition => ({
      key: `prospect.status.${status}`,
      source: 'prospect',
      fires: `The prospect's sales status became ${status} (${PROSPECT_STATUS_TRANSITIONS.filter(
        (t) => t.to === status,
      )
        .map((t) => `from ${t.from} by ${t.by}`)
        .join(', ')}).`,
      notificationKind: null,
    }),
  ),
];

export const TRIGGERS_BY_KEY = new Map(AUTORESPONDER_TRIGGERS.map((t) => [t.key, t]));
export const TRIGGER_BY_NOTIFICATION_KIND = new Map(
  AUTORESPONDER_TRIGGERS.filter((t) => t.notificationKind !== null).map((t) => [t.notificationKind!, t]),
);

/** The enrollment status a status trigger is about. */
export function triggerStatus(key: string): EnrollmentStatus | null {
  const prefix = 'enrollment.status.';
  return key.startsWith(prefix) ? (key.slice(prefix.length) as EnrollmentStatus) : null;
}
