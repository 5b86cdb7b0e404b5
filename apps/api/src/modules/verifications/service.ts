import type { Kysely, Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { TpvVerificationsTable } from '../../db/tables/prospects.js';
import type { Clock } from '../../domain/clock.js';
import type { Page, Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import {
  RESULTS_NEEDING_REASONS,
  type TpvReason,
  type TpvResult,
  type Verification,
  type VerificationSummary,
  type VerificationUpdate,
} from './schemas.js';
import * as store from './store.js';

export type VerificationRecord = Selectable<TpvVerificationsTable>;
type Reasons = Static<typeof TpvReason>[];

/**
 * What the enrollment of a verification does with a new result (a FAILED verification holds the enrollment,
 * VERIFIED releases it). Enrollments are built next: that module provides this and app.ts passes it in.
 */
export interface EnrollmentFollower {
  verificationResult(enrollmentId: number, result: string): Promise<void>;
}

const alreadyVerified = (verificationId: string) =>
  new ApiError(
    'VERIFICATION_ALREADY_VERIFIED',
    `Verification ${verificationId} is already VERIFIED; a verified result is final and cannot be updated.`,
  );

export function createVerificationsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  enrollments?: EnrollmentFollower;
}) {
  const { db } = deps;

  /**
   * The linked enrollment follows the verification result. A verification not linked to an enrollment
   * (enrollment_id null) has nothing to follow it.
   */
  async function onResult(verification: VerificationRecord): Promise<void> {
    if (verification.enrollment_id === null) return;
    await deps.enrollments?.verificationResult(verification.enrollment_id, verification.result);
  }

  async function present(verification: VerificationRecord): Promise<Static<typeof Verification>> {
    const history = await store.listUpdates(db, verification.id);
    return {
      verificationId: verification.verification_id,
      enrollmentId: verification.enrollment_id,
      result: verification.result as TpvResult,
      reasons: JSON.parse(verification.reasons) as Reasons,
      updatedAt: verification.updated_at,
      verifiedAt: verification.verified_at,
      history: history.map((h) => ({
        result: h.result as TpvResult,
        reasons: JSON.parse(h.reasons) as Reasons,
        at: h.at,
      })),
    };
  }

  return {
    onResult,
    /** What the provider polls: the company's verifications, of one result when asked (NOT_SENT: still to call). */
    async list(
      companyId: number,
      result: TpvResult | undefined,
      paging: Paging,
    ): Promise<Page<Static<typeof VerificationSummary>>> {
      const { items, total } = await store.listVerifications(db, companyId, result, paging);
      return {
        total,
        items: items.map(
          (v): Static<typeof VerificationSummary> => ({
            verificationId: v.verification_id,
            enrollmentId: v.enrollment_id,
            result: v.result as TpvResult,
            createdAt: v.created_at,
            updatedAt: v.updated_at,
          }),
        ),
      };
    },
    /** Records the provider's result; updates may repeat until VERIFIED, which is final. */
    async update(
      companyId: number,
      verificationId: string,
      input: Static<typeof VerificationUpdate>,
    ): Promise<Static<typeof Verification>> {
      const reasons = input.reasons ?? [];
      if (RESULTS_NEEDING_REASONS.includes(input.result) && reasons.length === 0) {
        throw new ApiError('VALIDATION_FAILED', 'The request is invalid.', [
          `body.reasons: at least one reason is required when the result is ${input.result}`,
        ]);
      }
      const existing = await store.findVerification(db, companyId, verificationId);
      if (!existing) throw notFound(`Verification ${verificationId}`);
      if (existing.result === 'VERIFIED') throw alreadyVerified(verificationId);
      const recorded = await db.transaction().execute((trx) =>
        store.recordResult(trx, existing.id, {
          result: input.result,
          reasons: JSON.stringify(reasons),
          at: deps.clock.now().toISOString(),
        }),
      );
      if (!recorded) throw alreadyVerified(verificationId);
      const verification = (await store.findVerification(db, companyId, verificationId))!;
      await onResult(verification);
      return present(verification);
    },
  };
}

export type VerificationsService = ReturnType<typeof createVerificationsService>;
