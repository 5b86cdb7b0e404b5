import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import {
  type VerificationProvider,
  VerificationProviderError,
} from '../../adapters/verification-provider/port.js';
import type { Database } from '../../db/schema.js';
import { type Clock, epochSeconds } from '../../domain/clock.js';
import { backoffSeconds } from '../../jobs/backoff.js';
import { open, type SecretBox } from '../../security/secret-box.js';
import {
  type FindSaleEnrollment,
  saleToVerify,
  type VerificationToDispatch,
  verificationsToDispatch,
} from './sales.js';
import * as store from './store.js';

/** How long a node holds a verification it is sending, before another may send it (the node may have died). */
const CLAIM_SECONDS = 120;
/**
 * A sale is handed over at most this many times (about two hours of backoff); then it is left NOT_SENT, for the
 * provider to find with GET /tpv/verifications, instead of pushing at a provider that keeps refusing.
 */
export const MAX_DISPATCH_ATTEMPTS = 8;

export interface DispatchDeps {
  db: Kysely<Database>;
  clock: Clock;
  provider: VerificationProvider;
  secretBox: SecretBox;
  log: Pick<BaseLogger, 'warn'>;
  /** Records PENDING once the provider has the sale (the verifications service's own result path). */
  markPending: (companyId: number, verificationId: string) => Promise<void>;
  /** Enrollments' `findEnrollmentById` (enrollments depend on verifications, so app.ts passes it in). */
  findEnrollment: FindSaleEnrollment;
}

/**
 * Hands NOT_SENT verifications to each company's provider: each one claimed by one node at a time (a conditional
 * update), sent signed, then PENDING; a failure waits with backoff and is sent again. Companies without a provider
 * URL keep theirs NOT_SENT, for the provider to poll with GET /tpv/verifications.
 */
export function createVerificationDispatch(deps: DispatchDeps) {
  const { db } = deps;

  async function sendOne(v: VerificationToDispatch, now: number): Promise<'sent' | 'failed' | 'taken'> {
    if (!(await store.claimForDispatch(db, v.id, now, CLAIM_SECONDS, MAX_DISPATCH_ATTEMPTS))) return 'taken';
    const sale = await saleToVerify(db, deps.findEnrollment, v.id);
    try {
      if (!sale) throw new VerificationProviderError('the verification has no enrollment to verify');
      await deps.provider.send(
        { url: v.provider_url, secret: open(deps.secretBox, v.provider_secret_sealed) },
        sale,
      );
    } catch (error) {
      if (!(error instanceof VerificationProviderError)) throw error;
      const attempts = v.dispatch_attempts + 1;
      // The n-th failed hand-over waits the background jobs' one retry schedule (1, 2, 4 … minutes, at most an hour).
      await store.dispatchFailed(db, v.id, now + backoffSeconds(attempts), error.message);
      deps.log.warn(
        { verificationId: v.verification_id, attempts },
        attempts < MAX_DISPATCH_ATTEMPTS
          ? 'verification provider did not take the sale; it will be sent again'
          : 'verification provider did not take the sale for the last time; it is left for the provider to poll',
      );
      return 'failed';
    }
    await deps.markPending(v.company_id, v.verification_id);
    return 'sent';
  }

  return {
    async dispatchDue(limit = 50): Promise<string> {
      const now = epochSeconds(deps.clock);
      const due = await verificationsToDispatch(db, now, MAX_DISPATCH_ATTEMPTS, limit);
      const outcomes = { sent: 0, failed: 0, taken: 0 };
      for (const v of due) outcomes[await sendOne(v, now)]++;
      return `${outcomes.sent} sent, ${outcomes.failed} to retry`;
    },
  };
}
