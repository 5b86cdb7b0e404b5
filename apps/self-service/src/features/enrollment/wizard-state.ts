import { useCallback, useEffect, useRef, useState } from 'react';

export const STEPS = ['service', 'customer', 'credit', 'review'] as const;
export type Step = (typeof STEPS)[number];

export type FieldValues = Record<string, string>;

/** How a required deposit will be covered (`payment.depositOptions`). */
export type DepositChoice = 'PayNow' | 'PayLater' | 'LetterOfCredit';

export interface WizardState {
  step: Step;
  service: {
    address: FieldValues;
    switchType: string;
    priority: 'Standard' | 'Priority';
    requestedStartDate: string;
    criticalCare: boolean;
    billingSameAsService: boolean;
    billingAddress: FieldValues;
  };
  customer: {
    fields: FieldValues;
    username: string;
    languageId: number;
    preferedContact: number | null;
    suscribeMarketingComms: boolean;
  };
  credit: {
    checkId: number | null;
    depositRequired: boolean;
    denied: boolean;
    bypass: boolean;
    depositChoice: DepositChoice | null;
  };
  review: { billingDeliveryMethod: number; acceptRecurringBilling: boolean; agreed: number[] };
  /** One key for the whole enrollment: a second click, a retry or a reload never enrolls twice. */
  idempotencyKey: string;
}

/**
 * What is never written to the browser's storage: the SSN and the new login's password stay in memory only, so a
 * reload asks for them again rather than leaving them on the device.
 */
export interface WizardSecrets {
  socialSecurityNumber: string;
  password: string;
}

export const SECRET_FIELDS = ['socialSecurityNumber'] as const;

function initialState(): WizardState {
  return {
    step: 'service',
    service: {
      address: {},
      switchType: '',
      priority: 'Standard',
      requestedStartDate: '',
      criticalCare: false,
      billingSameAsService: true,
      billingAddress: {},
    },
    customer: {
      fields: {},
      username: '',
      languageId: 1,
      preferedContact: null,
      suscribeMarketingComms: false,
    },
    credit: { checkId: null, depositRequired: false, denied: false, bypass: false, depositChoice: null },
    review: { billingDeliveryMethod: 1, acceptRecurringBilling: false, agreed: [] },
    idempotencyKey: crypto.randomUUID(),
  };
}

const storageKey = (planId: number) => `voltin.enrollment.${planId}`;

function storedState(planId: number): WizardState | null {
  try {
    const raw = sessionStorage.getItem(storageKey(planId));
    return raw ? (JSON.parse(raw) as WizardState) : null;
  } catch {
    return null;
  }
}

/**
 * The wizard's answers for one plan, kept in this tab's session storage so a reload (or a visit to the hosted payment
 * page and back) resumes where the customer was. Secrets are kept apart, in memory.
 */
export function useWizardState(planId: number) {
  const [state, setState] = useState<WizardState>(() => storedState(planId) ?? initialState());
  const secrets = useRef<WizardSecrets>({ socialSecurityNumber: '', password: '' });
  useEffect(() => {
    sessionStorage.setItem(storageKey(planId), JSON.stringify(state));
  }, [planId, state]);
  const update = useCallback((change: (current: WizardState) => WizardState) => setState(change), []);
  const finish = useCallback(() => sessionStorage.removeItem(storageKey(planId)), [planId]);
  return { state, update, secrets: secrets.current, finish };
}

export type Wizard = ReturnType<typeof useWizardState>;
