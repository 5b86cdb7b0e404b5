import { addMessages } from '../../lib/i18n';

const en = {
  payWith: 'Pay with',
  card: 'Card',
  bank: 'Bank account',
  method: {
    card: '{{type}} ending {{last4}}',
    bank: 'Bank account ending {{last4}}',
  },
  deposit: {
    title: 'Pay your deposit of {{amount}}',
    hint: 'Service starts once the deposit is paid. Add a card or bank account, then pay on our secure payment page.',
    savedMethods: 'Saved: {{methods}}',
    payNow: 'Pay {{amount}} now',
    addMethod: 'Use another card or bank account',
  },
  outcome: {
    paid: 'Your deposit payment of {{amount}} went through.',
    failed: 'The payment did not go through: {{reason}}',
  },
  /** Why a payment did not go through, by the API's error code. */
  problems: {
    PAYMENT_DECLINED: 'the card or bank account was declined. Use another one, or ask your bank why.',
    PAYMENT_IN_PROGRESS:
      'another payment is still being processed. Wait a moment, then look at your payments.',
    PAYMENT_PROFILE_UNKNOWN: 'choose one of your saved cards or bank accounts.',
    PAYMENT_AMOUNT_TOO_LARGE: 'the amount is more than one payment may be.',
    DEPOSIT_AMOUNT_MISMATCH: 'a deposit is paid in full: pay exactly the deposit due.',
    DEPOSIT_NOT_DUE: 'no deposit is due any more.',
    other: 'try again, or use another card or bank account.',
  },
};

const es: typeof en = {
  payWith: 'Pagar con',
  card: 'Tarjeta',
  bank: 'Cuenta bancaria',
  method: {
    card: '{{type}} terminada en {{last4}}',
    bank: 'Cuenta bancaria terminada en {{last4}}',
  },
  deposit: {
    title: 'Pagar su depósito de {{amount}}',
    hint: 'El servicio inicia cuando el depósito esté pagado. Agregue una tarjeta o cuenta bancaria y pague en nuestra página de pago segura.',
    savedMethods: 'Guardados: {{methods}}',
    payNow: 'Pagar {{amount}} ahora',
    addMethod: 'Usar otra tarjeta o cuenta bancaria',
  },
  outcome: {
    paid: 'Su pago del depósito de {{amount}} fue aprobado.',
    failed: 'El pago no se realizó: {{reason}}',
  },
  problems: {
    PAYMENT_DECLINED: 'la tarjeta o cuenta bancaria fue rechazada. Use otra o consulte a su banco.',
    PAYMENT_IN_PROGRESS: 'otro pago todavía se está procesando. Espere un momento y revise sus pagos.',
    PAYMENT_PROFILE_UNKNOWN: 'elija una de sus tarjetas o cuentas bancarias guardadas.',
    PAYMENT_AMOUNT_TOO_LARGE: 'el monto es mayor de lo que permite un solo pago.',
    DEPOSIT_AMOUNT_MISMATCH: 'el depósito se paga completo: pague exactamente el depósito adeudado.',
    DEPOSIT_NOT_DUE: 'ya no hay un depósito pendiente.',
    other: 'intente de nuevo o use otra tarjeta o cuenta bancaria.',
  },
};

addMessages('payments', { en, es });
