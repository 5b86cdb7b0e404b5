import { lazy } from 'react';

/**
 * The agents' action dialogs, loaded when first needed (and fetched while the browser is idle), not with the page
 * that offers them: the queues and the enrollment page share them.
 */
const loaders = {
  release: () => import('./release-hold-modal'),
  reject: () => import('./reject-modal'),
  meter: () => import('./meter-verified-modal'),
  letterReview: () => import('./credit-letter-review-modal'),
  letterViewer: () => import('./credit-letter-viewer'),
  etf: () => import('./etf-invoice-dialog'),
  correct: () => import('./correct-enrollment-modal'),
};

export type DialogName = keyof typeof loaders;

export const ReleaseHoldModal = lazy(() => loaders.release().then((m) => ({ default: m.ReleaseHoldModal })));
export const RejectModal = lazy(() => loaders.reject().then((m) => ({ default: m.RejectModal })));
export const MeterVerifiedModal = lazy(() =>
  loaders.meter().then((m) => ({ default: m.MeterVerifiedModal })),
);
export const CreditLetterReviewModal = lazy(() =>
  loaders.letterReview().then((m) => ({ default: m.CreditLetterReviewModal })),
);
export const CreditLetterViewer = lazy(() =>
  loaders.letterViewer().then((m) => ({ default: m.CreditLetterViewer })),
);
export const EtfInvoiceDialog = lazy(() => loaders.etf().then((m) => ({ default: m.EtfInvoiceDialog })));
export const CorrectEnrollmentModal = lazy(() =>
  loaders.correct().then((m) => ({ default: m.CorrectEnrollmentModal })),
);

/** Fetches the dialogs named while the browser is idle; returns the cancel for an effect's clean-up. */
export function preloadDialogs(names: DialogName[]): () => void {
  const preload = () => void Promise.all(names.map((name) => loaders[name]()));
  const id = window.requestIdleCallback
    ? window.requestIdleCallback(preload)
    : window.setTimeout(preload, 1500);
  return () => (window.cancelIdleCallback ? window.cancelIdleCallback(id) : window.clearTimeout(id));
}
