import type { EnrollmentStatus } from '../enrollments/index.js';

/**
 * Every message the self-service site shows a customer, in English and Spanish. `id_message` is the spec's
 * id_message; display_priority: 1 action needed, 2 important, 3 for information. The text is rendered in the
 * customer's preferred language when the event happens and stored with the notification.
 */
export type NotificationLanguage = 'en' | 'es';

export interface MessageValues {
  enrollmentId: number;
  /** The service address, e.g. "1201 Elm St, Dallas". */
  address: string;
  /** A plain date the message is about (start, drop, due date, payment day). */
  date: string | null;
  /** Dollars, formatted: $123.45. */
  amount: string | null;
  /** deposit or payment. */
  what: 'deposit' | 'payment';
}

interface Text {
  subject: string;
  message: string;
}

interface MessageDefinition {
  id_message: number;
  display_priority: 1 | 2 | 3;
  /** When it is sent. */
  event: string;
  text: Record<NotificationLanguage, (v: MessageValues) => Text>;
}

const en = (v: MessageValues) => `${v.address} (enrollment ${v.enrollmentId})`;
const es = (v: MessageValues) => `${v.address} (inscripción ${v.enrollmentId})`;
const whatEs = (v: MessageValues) => (v.what === 'deposit' ? 'depósito' : 'pago');

export const NOTIFICATION_MESSAGES = {
  'enrollment-on-hold': {
    id_message: 101,
    display_priority: 2,
    event: 'The enrollment moved to ON_HOLD (manual review).',
    text: {
      en: (v) => ({
        subject: 'Your enrollment is under review',
        message: `We are reviewing your enrollment for ${en(v)}. We will let you know as soon as it moves on; there is nothing you need to do now.`,
      }),
      es: (v) => ({
        subject: 'Su inscripción está en revisión',
        message: `Estamos revisando su inscripción para ${es(v)}. Le avisaremos en cuanto avance; por ahora no tiene que hacer nada.`,
      }),
    },
  },
  'enrollment-deposit-failed': {
    id_message: 102,
    display_priority: 1,
    event: 'The enrollment moved to ON_HOLD_PAYMENT_FAILED.',
    text: {
      en: (v) => ({
        subject: 'Your deposit payment did not go through',
        message: `The deposit payment for ${en(v)} was declined. Pay the deposit with another card or bank account to continue your enrollment.`,
      }),
      es: (v) => ({
        subject: 'El pago de su depósito no se procesó',
        message: `El pago del depósito para ${es(v)} fue rechazado. Pague el depósito con otra tarjeta o cuenta bancaria para continuar su inscripción.`,
      }),
    },
  },
  'enrollment-letter-of-credit-pending': {
    id_message: 103,
    display_priority: 1,
    event: 'The enrollment moved to ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD.',
    text: {
      en: (v) => ({
        subject: 'Upload your letter of credit',
        message: `Your enrollment for ${en(v)} is waiting for your letter of credit. Upload it to continue.`,
      }),
      es: (v) => ({
        subject: 'Suba su carta de crédito',
        message: `Su inscripción para ${es(v)} está esperando su carta de crédito. Súbala para continuar.`,
      }),
    },
  },
  'enrollment-deposit-due': {
    id_message: 104,
    display_priority: 1,
    event: 'The enrollment moved to ON_HOLD_DEPOSIT_PENDING.',
    text: {
      en: (v) => ({
        subject: 'A deposit is due',
        message: `Your enrollment for ${en(v)} needs a deposit${v.amount ? ` of ${v.amount}` : ''}. Pay it to continue your enrollment.`,
      }),
      es: (v) => ({
        subject: 'Se requiere un depósito',
        message: `Su inscripción para ${es(v)} requiere un depósito${v.amount ? ` de ${v.amount}` : ''}. Páguelo para continuar su inscripción.`,
      }),
    },
  },
  'enrollment-autopay-required': {
    id_message: 105,
    display_priority: 1,
    event: 'The enrollment moved to ON_HOLD_AUTOPAY_SETUP_REQUIRED.',
    text: {
      en: (v) => ({
        subject: 'Set up automatic payment',
        message: `Your plan for ${en(v)} requires automatic payment. Set it up to continue your enrollment.`,
      }),
      es: (v) => ({
        subject: 'Configure el pago automático',
        message: `Su plan para ${es(v)} requiere pago automático. Configúrelo para continuar su inscripción.`,
      }),
    },
  },
  'enrollment-verification-failed': {
    id_message: 106,
    display_priority: 1,
    event: 'The enrollment moved to ON_HOLD_VERIFICATION_FAILED.',
    text: {
      en: (v) => ({
        subject: 'We could not verify your enrollment',
        message: `We could not complete the phone verification of your enrollment for ${en(v)}. Our team will contact you.`,
      }),
      es: (v) => ({
        subject: 'No pudimos verificar su inscripción',
        message: `No pudimos completar la verificación telefónica de su inscripción para ${es(v)}. Nuestro equipo se pondrá en contacto con usted.`,
      }),
    },
  },
  'enrollment-pending': {
    id_message: 110,
    display_priority: 2,
    event: 'The enrollment moved to PENDING (accepted by the billing system).',
    text: {
      en: (v) => ({
        subject: 'Your enrollment is confirmed',
        message: `Your enrollment for ${en(v)} is confirmed${v.date ? `; service is scheduled to start on ${v.date}` : ''}.`,
      }),
      es: (v) => ({
        subject: 'Su inscripción está confirmada',
        message: `Su inscripción para ${es(v)} está confirmada${v.date ? `; el servicio comenzará el ${v.date}` : ''}.`,
      }),
    },
  },
  'enrollment-renewal-scheduled': {
    id_message: 111,
    display_priority: 2,
    event: 'A renewal or plan change was created (RENEWAL_PENDING).',
    text: {
      en: (v) => ({
        subject: 'Your renewal is scheduled',
        message: `Your new plan for ${en(v)} is scheduled${v.date ? ` to start on ${v.date}` : ''}.`,
      }),
      es: (v) => ({
        subject: 'Su renovación está programada',
        message: `Su nuevo plan para ${es(v)} está programado${v.date ? ` para comenzar el ${v.date}` : ''}.`,
      }),
    },
  },
  'enrollment-active': {
    id_message: 112,
    display_priority: 2,
    event: 'Service started (ACTIVE).',
    text: {
      en: (v) => ({
        subject: 'Your service is active',
        message: `Service at ${en(v)} started${v.date ? ` on ${v.date}` : ''}. Welcome!`,
      }),
      es: (v) => ({
        subject: 'Su servicio está activo',
        message: `El servicio en ${es(v)} comenzó${v.date ? ` el ${v.date}` : ''}. ¡Bienvenido!`,
      }),
    },
  },
  'enrollment-drop-scheduled': {
    id_message: 113,
    display_priority: 2,
    event: 'A drop or the old address of a transfer was scheduled (DROP_PENDING).',
    text: {
      en: (v) => ({
        subject: 'Your service is ending',
        message: `Service at ${en(v)} is scheduled to end${v.date ? ` on ${v.date}` : ''}.`,
      }),
      es: (v) => ({
        subject: 'Su servicio está por terminar',
        message: `El servicio en ${es(v)} terminará${v.date ? ` el ${v.date}` : ''}.`,
      }),
    },
  },
  'enrollment-dropped': {
    id_message: 114,
    display_priority: 2,
    event: 'Service ended (DROPPED).',
    text: {
      en: (v) => ({
        subject: 'Your service has ended',
        message: `Service at ${en(v)} ended${v.date ? ` on ${v.date}` : ''}. Your final statement will follow.`,
      }),
      es: (v) => ({
        subject: 'Su servicio ha terminado',
        message: `El servicio en ${es(v)} terminó${v.date ? ` el ${v.date}` : ''}. Recibirá su estado de cuenta final.`,
      }),
    },
  },
  'payment-received': {
    id_message: 201,
    display_priority: 3,
    event: 'A deposit, one-time or recurring payment was approved.',
    text: {
      en: (v) => ({
        subject: `We received your ${v.what}`,
        message: `Thank you: your ${v.what} of ${v.amount} for ${en(v)} was received on ${v.date}.`,
      }),
      es: (v) => ({
        subject: `Recibimos su ${whatEs(v)}`,
        message: `Gracias: su ${whatEs(v)} de ${v.amount} para ${es(v)} se recibió el ${v.date}.`,
      }),
    },
  },
  'payment-failed': {
    id_message: 202,
    display_priority: 1,
    event: 'A deposit, one-time or recurring payment was declined.',
    text: {
      en: (v) => ({
        subject: `Your ${v.what} did not go through`,
        message: `Your ${v.what} of ${v.amount} for ${en(v)} on ${v.date} was declined. Please use another card or bank account.`,
      }),
      es: (v) => ({
        subject: `Su ${whatEs(v)} no se procesó`,
        message: `Su ${whatEs(v)} de ${v.amount} para ${es(v)} del ${v.date} fue rechazado. Use otra tarjeta o cuenta bancaria.`,
      }),
    },
  },
  'statement-ready': {
    id_message: 301,
    display_priority: 2,
    event: 'A new statement was issued for an enrollment in service.',
    text: {
      en: (v) => ({
        subject: 'Your statement is ready',
        message: `Your statement for ${en(v)} is ready: balance ${v.amount}, due ${v.date}.`,
      }),
      es: (v) => ({
        subject: 'Su estado de cuenta está listo',
        message: `Su estado de cuenta para ${es(v)} está listo: saldo ${v.amount}, vence el ${v.date}.`,
      }),
    },
  },
} as const satisfies Record<string, MessageDefinition>;

export type MessageKind = keyof typeof NOTIFICATION_MESSAGES;

/**
 * The message for an enrollment reaching each status. Statuses left out are not announced: the hidden ones
 * (CANCELLED, ARCHIVED) and those a customer sees as "Processing" while the billing submission is handled.
 */
export const STATUS_MESSAGES: Partial<Record<EnrollmentStatus, MessageKind>> = {
  ON_HOLD: 'enrollment-on-hold',
  ON_HOLD_PAYMENT_FAILED: 'enrollment-deposit-failed',
  ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD: 'enrollment-letter-of-credit-pending',
  ON_HOLD_DEPOSIT_PENDING: 'enrollment-deposit-due',
  ON_HOLD_AUTOPAY_SETUP_REQUIRED: 'enrollment-autopay-required',
  ON_HOLD_VERIFICATION_FAILED: 'enrollment-verification-failed',
  PENDING: 'enrollment-pending',
  RENEWAL_PENDING: 'enrollment-renewal-scheduled',
  ACTIVE: 'enrollment-active',
  DROP_PENDING: 'enrollment-drop-scheduled',
  DROPPED: 'enrollment-dropped',
};

/**
 * Statuses announced by no message: the submission to the billing system is under way or being fixed, or the sale
 * awaits its phone verification (the verifier's call is what the customer hears next).
 */
export const QUIET_STATUSES: readonly EnrollmentStatus[] = [
  'QUEUED_FOR_SUBMISSION',
  'SUBMITION_NOT_SENT_CONNECTION_ERROR',
  'SUBMITTED_WITH_ERRORS',
  'ON_HOLD_VERIFICATION_PENDING',
];

export function renderMessage(kind: MessageKind, language: NotificationLanguage, values: MessageValues) {
  const definition: MessageDefinition = NOTIFICATION_MESSAGES[kind];
  return {
    id_message: definition.id_message,
    display_priority: definition.display_priority,
    ...definition.text[language](values),
  };
}
