import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BillingSystem,
  BillingUnavailableError,
  type SubmissionResult,
} from '../../src/adapters/billing-system/port.js';
import { createSandboxBillingSystem } from '../../src/adapters/billing-system/sandbox.js';
import { BureauUnavailableError, type CreditBureau } from '../../src/adapters/credit-bureau/port.js';
import { createSandboxBureau } from '../../src/adapters/credit-bureau/sandbox.js';
import { GatewayUnavailableError, type PaymentGateway } from '../../src/adapters/payment-gateway/port.js';

/*
 * External systems with a fault the test switches on and off while the load runs. Off, each behaves as the sandbox
 * one it wraps; on, it spoils every call the same way and counts it, so a test can report the faults it injected.
 */

export type BillingFault =
  /** Unreachable: throws BillingUnavailableError, nothing is received. */
  | 'down'
  /** Answers with an unexpected error (a bug or a 5xx on the vendor's side), nothing is received. */
  | 'erroring'
  /** Receives and accepts, after a delay. */
  | 'slow'
  /** Receives, with errors an agent must adjust (accepted_with_errors). */
  | 'with-errors';

export interface ControllableBilling extends BillingSystem {
  fault: BillingFault | null;
  injected: number;
  /** How many times the billing system received each enrollment. */
  received: Map<number, number>;
}

export function controllableBilling(slowMs = 150): ControllableBilling {
  const sandbox = createSandboxBillingSystem();
  const billing: ControllableBilling = {
    fault: null,
    injected: 0,
    received: new Map(),
    async submitEnrollment(submission): Promise<SubmissionResult> {
      const fault = billing.fault;
      if (fault !== null) billing.injected++;
      if (fault === 'down') throw new BillingUnavailableError('Injected fault: the billing system is down.');
      if (fault === 'erroring') throw new Error('Injected fault: the billing system answered 500.');
      if (fault === 'slow') await sleep(slowMs);
      billing.received.set(submission.enrollmentId, (billing.received.get(submission.enrollmentId) ?? 0) + 1);
      const result = await sandbox.submitEnrollment(submission);
      if (fault !== 'with-errors') return result;
      return {
        outcome: 'accepted_with_errors',
        billingAccountNumber: result.billingAccountNumber,
        errors: ['Injected fault: the rate code is unknown to the billing system.'],
      };
    },
  };
  return billing;
}

export type BureauFault =
  /** Unreachable: throws BureauUnavailableError. */
  | 'down'
  /** Answers with an unexpected error (a bug or a 5xx on the vendor's side). */
  | 'erroring'
  /** Answers after a delay. */
  | 'slow';

export interface ControllableBureau extends CreditBureau {
  fault: BureauFault | null;
  injected: number;
}

export function controllableBureau(slowMs = 150): ControllableBureau {
  const sandbox = createSandboxBureau();
  const bureau: ControllableBureau = {
    fault: null,
    injected: 0,
    async inquire(inquiry) {
      const fault = bureau.fault;
      if (fault !== null) bureau.injected++;
      if (fault === 'down') throw new BureauUnavailableError('Injected fault: the credit bureau is down.');
      if (fault === 'erroring') throw new Error('Injected fault: the credit bureau answered 500.');
      if (fault === 'slow') await sleep(slowMs);
      return sandbox.inquire(inquiry);
    },
  };
  return bureau;
}

export interface ControllableGateway {
  /** On: each charge is made, then its answer is lost (the gateway charged, the call timed out). */
  timeoutAfterCharge: boolean;
  injected: number;
  /** For BuildOptions.adapters.gateway: wraps the company's gateway with this switch. */
  wrap(companyGateway: PaymentGateway): PaymentGateway;
}

export function controllableGateway(): ControllableGateway {
  const control: ControllableGateway = {
    timeoutAfterCharge: false,
    injected: 0,
    wrap: (companyGateway) => ({
      ...companyGateway,
      name: companyGateway.name,
      async charge(request) {
        const fault = control.timeoutAfterCharge;
        const result = await companyGateway.charge(request);
        if (!fault) return result;
        control.injected++;
        throw new GatewayUnavailableError('Injected fault: the gateway charged, then the call timed out.');
      },
    }),
  };
  return control;
}
