/**
 * How a customer receives bills (the spec's id_method_delivery 1 to 3). "Mail" in the spec is electronic mail:
 * 1 email, 2 printed letter, 3 both. The docs site lists these from this table.
 */
export const BILLING_DELIVERY_METHODS = [
  { id_method_delivery: 1, name: 'Email' },
  { id_method_delivery: 2, name: 'Letter' },
  { id_method_delivery: 3, name: 'Email and letter' },
] as const;

export type BillingDeliveryMethodId = (typeof BILLING_DELIVERY_METHODS)[number]['id_method_delivery'];
