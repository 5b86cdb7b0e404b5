import { lazy } from 'react';

/**
 * The dialogs of the actions on a customer's behalf, loaded when first needed (and fetched while the browser is
 * idle once the profile shows that the roles may act), not with the profile: the calendar and the forms stay out of
 * the first load. The enrollment page shares the delivery method's.
 */
const loaders = {
  passwordReset: () => import('./password-reset-dialog'),
  delivery: () => import('./delivery-method-modal'),
  drop: () => import('./drop-enrollment-modal'),
  transfer: () => import('./transfer-service-modal'),
  renewal: () => import('./renewal-modal'),
  refund: () => import('./refund-modal'),
};

export type CustomerDialogName = keyof typeof loaders;

export const PasswordResetDialog = lazy(() =>
  loaders.passwordReset().then((m) => ({ default: m.PasswordResetDialog })),
);
export const DeliveryMethodModal = lazy(() =>
  loaders.delivery().then((m) => ({ default: m.DeliveryMethodModal })),
);
export const DropEnrollmentModal = lazy(() =>
  loaders.drop().then((m) => ({ default: m.DropEnrollmentModal })),
);
export const TransferServiceModal = lazy(() =>
  loaders.transfer().then((m) => ({ default: m.TransferServiceModal })),
);
export const RenewalModal = lazy(() => loaders.renewal().then((m) => ({ default: m.RenewalModal })));
export const RefundModal = lazy(() => loaders.refund().then((m) => ({ default: m.RefundModal })));

/** Fetches the dialogs named while the browser is idle; returns the cancel for an effect's clean-up. */
export function preloadCustomerDialogs(names: CustomerDialogName[]): () => void {
  const preload = () => void Promise.all(names.map((name) => loaders[name]()));
  const id = window.requestIdleCallback
    ? window.requestIdleCallback(preload)
    : window.setTimeout(preload, 1500);
  return () => (window.cancelIdleCallback ? window.cancelIdleCallback(id) : window.clearTimeout(id));
}
