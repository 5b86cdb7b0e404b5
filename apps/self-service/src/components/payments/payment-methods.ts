import { useTranslation } from 'react-i18next';
import { api, type DataOf, dataOf } from '../../lib/api';
import { i18next } from '../../lib/i18n';
import './messages';

export type PaymentMethod = DataOf<
  '/api/v1/payments/payment-profile/by-customer/{customerId}',
  'get'
>[number];

/** The customer's saved cards and bank accounts, as the gateway holds them (numbers masked). */
export const paymentMethodsQuery = (customerId: number) => ({
  queryKey: ['account', 'payment-methods', customerId],
  queryFn: async () =>
    dataOf(
      await api.GET('/api/v1/payments/payment-profile/by-customer/{customerId}', {
        params: { path: { customerId } },
      }),
    ),
});

/**
 * The company's payment settings (`GET /configuration-parameters`), keyed as My account keys them so both share one
 * answer: which kinds of payment method it takes for deposits, one-time payments and autopay.
 */
export const paymentConfigurationQuery = {
  queryKey: ['account', 'configuration'],
  queryFn: async () => dataOf(await api.GET('/api/v1/configuration-parameters')),
  staleTime: 10 * 60_000,
};

type PaymentConfiguration = DataOf<'/api/v1/configuration-parameters', 'get'>;
const TYPES_FIELD = {
  DEPOSIT: 'deposit_payment_types',
  ONE_TIME_PAYMENT: 'one_time_payment_types',
  RECURRING_BILLING: 'recurring_billing_payment_types',
} as const;

/** The kinds of method the company takes for a kind of payment (both until its settings are read). */
export function acceptedPaymentTypes(
  configuration: PaymentConfiguration | undefined,
  transactionType: keyof typeof TYPES_FIELD,
): Array<'CreditCard' | 'BankAccount'> {
  const accepted = configuration?.[TYPES_FIELD[transactionType]];
  return accepted === 'CreditCard' || accepted === 'BankAccount' ? [accepted] : ['CreditCard', 'BankAccount'];
}

/** Whether a saved method is of a kind the company takes for a kind of payment. */
export const isAccepted = (
  method: Pick<PaymentMethod, 'paymentTypeId'>,
  accepted: Array<'CreditCard' | 'BankAccount'>,
) => accepted.includes(method.paymentTypeId === 1 ? 'CreditCard' : 'BankAccount');

/** The four digits of a masked number (`XXXX1111`). */
const last4 = (masked: string | null) => (masked ?? '').slice(-4);

/** How a saved method is named to the customer: "Visa ending 1111", "Bank account ending 6789". */
export function usePaymentMethodLabel() {
  const { t } = useTranslation('payments');
  return (method: Pick<PaymentMethod, 'paymentTypeId' | 'cardType' | 'cardNumber' | 'accountNumber'>) =>
    method.paymentTypeId === 1
      ? t('method.card', { type: method.cardType ?? t('card'), last4: last4(method.cardNumber) })
      : t('method.bank', { last4: last4(method.accountNumber) });
}

/** Why a payment did not go through, in the customer's words, by the API's error code (`PAYMENT_DECLINED`…). */
export function paymentProblem(code: string | null | undefined): string {
  const key = `payments:problems.${code}`;
  return code && i18next.exists(key) ? i18next.t(key) : i18next.t('payments:problems.other');
}
