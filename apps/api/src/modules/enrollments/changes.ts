import { createAutopay } from './autopay.js';
import type { AccountChangesDeps } from './changes-deps.js';
import { createCorrections } from './corrections.js';
import { createCreditLetters } from './credit-letters.js';
import { createCustomerMatch } from './customer-match.js';
import { createDeliveryMethod } from './delivery-method.js';
import { createDrop } from './drop.js';
import { PRE_SUBMISSION } from './lifecycle.js';
import { createRenewals } from './renewals.js';
import * as store from './store.js';

export type { AccountChangesDeps } from './changes-deps.js';

/**
 * The changes made to an enrollment after it was created, each part in its own file: renewal and transfer,
 * drop, delivery method, autopay, letters of credit, the customer checks of section 5, verification results.
 */
export function createAccountChanges(deps: AccountChangesDeps) {
  const { db, core } = deps;

  /** A TPV result: a failed or unreachable verification holds an enrollment not yet sent; VERIFIED releases it. */
  async function verificationResult(enrollmentId: number, result: string) {
    const e = (await store.findEnrollmentById(db, enrollmentId))!;
    const reason = `Third-party verification: ${result}`;
    if (!(PRE_SUBMISSION as readonly string[]).includes(e.status)) {
      await store.noteInHistory(db, deps.clock, e, 'system', reason);
      return;
    }
    await core.redecide(e.company_id, e.id, { verification_status: result }, 'system', reason);
  }

  return {
    ...createRenewals(deps),
    ...createDrop(deps),
    ...createDeliveryMethod(deps),
    ...createCustomerMatch(deps),
    ...createAutopay(deps),
    ...createCreditLetters(deps),
    ...createCorrections(deps),
    verificationResult,
  };
}

export type AccountChanges = ReturnType<typeof createAccountChanges>;
