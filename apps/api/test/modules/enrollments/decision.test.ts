import { describe, expect, it } from 'vitest';
import { addMonths } from '../../../src/domain/dates.js';
import { holdStatus, retryDelaySeconds } from '../../../src/modules/enrollments/decision.js';

const facts = {
  verification_status: null,
  deposit_status: 'not_required',
  autopay_required: 0,
  autopay_active: 0,
  manual_review_reasons: '[]',
};

describe('the decision rules', () => {
  it('check the holds in order: verification, deposit, autopay, manual review', () => {
    expect(holdStatus(facts)).toBe('QUEUED_FOR_SUBMISSION');
    expect(holdStatus({ ...facts, manual_review_reasons: '["Fraud alert"]', autopay_required: 1 })).toBe(
      'ON_HOLD_AUTOPAY_SETUP_REQUIRED',
    );
    expect(holdStatus({ ...facts, deposit_status: 'pending', autopay_required: 1 })).toBe(
      'ON_HOLD_DEPOSIT_PENDING',
    );
    expect(holdStatus({ ...facts, deposit_status: 'covered_by_letter' })).toBe('QUEUED_FOR_SUBMISSION');
    expect(holdStatus({ ...facts, verification_status: 'COULDNT_CONTACT', deposit_status: 'failed' })).toBe(
      'ON_HOLD_VERIFICATION_FAILED',
    );
    expect(holdStatus({ ...facts, verification_status: 'NOT_SENT', deposit_status: 'pending' })).toBe(
      'ON_HOLD_VERIFICATION_PENDING',
    );
    expect(holdStatus({ ...facts, verification_status: 'PENDING' })).toBe('ON_HOLD_VERIFICATION_PENDING');
    expect(holdStatus({ ...facts, verification_status: 'VERIFIED' })).toBe('QUEUED_FOR_SUBMISSION');
  });

  it('add months without running past the end of a month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
  });

  it('back off billing retries 1, 2, 4 minutes, at most an hour', () => {
    expect([1, 2, 3, 7, 20].map(retryDelaySeconds)).toEqual([60, 120, 240, 3600, 3600]);
  });
});
