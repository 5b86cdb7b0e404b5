import type { Static } from 'typebox';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { FileContent } from '../files/index.js';
import * as accounts from './account-store.js';
import { type AccountChangesDeps, conflict, nowIso } from './changes-deps.js';
import type { CreditLetter } from './schemas.js';

const CREDIT_LETTER_OWNER = 'enrollment-credit-letter';

const letterPending = (detail: string) =>
  new ApiError(
    'CREDIT_LETTER_PENDING',
    'A letter of credit is already uploaded; a new one is allowed only after a rejection.',
    [detail],
  );

/** Section 4: a business customer's letter of credit instead of a deposit, uploaded and then reviewed by an agent. */
export function createCreditLetters({ db, clock, core, files }: AccountChangesDeps) {
  async function creditLetters(
    companyId: number,
    enrollmentId: number,
    baseUrl: string,
  ): Promise<Static<typeof CreditLetter>[]> {
    const rows = await accounts.creditLettersOf(db, companyId, enrollmentId);
    return rows.map((l) => ({
      id_customer_credit_letters: l.id,
      id_status: l.status,
      file_name: l.file_name,
      id_enrollment: l.enrollment_id,
      url: files.downloadUrl(baseUrl, l.file_id),
    }));
  }

  async function pendingCreditLetter(companyId: number, enrollmentId: number, baseUrl: string) {
    await core.row(companyId, enrollmentId);
    const [latest] = await creditLetters(companyId, enrollmentId, baseUrl);
    if (!latest) throw notFound(`Letter of credit of enrollment ${enrollmentId}`);
    return latest;
  }

  /**
   * After upload a letter is always pending (0); another upload is allowed only after a rejection. The file is read
   * (`readFile`) only once the enrollment is known to wait for it.
   */
  async function uploadCreditLetter(
    companyId: number,
    enrollmentId: number,
    readFile: () => Promise<FileContent>,
    baseUrl: string,
  ) {
    const e = await core.row(companyId, enrollmentId);
    if (e.deposit_status !== 'letter_of_credit') {
      throw conflict('This enrollment does not wait for a letter of credit.', `deposit: ${e.deposit_status}`);
    }
    // An approved letter covers the deposit (checked above), so the letter in the way can only be a pending one.
    const pending = await accounts.pendingCreditLetterOf(db, e.id);
    if (pending) throw letterPending(`id_customer_credit_letters: ${pending.id} is pending`);
    const file = await readFile();
    // The file and its letter commit together; two uploads at once: the unique index keeps one open letter.
    await db
      .transaction()
      .execute(async (trx) => {
        const owner = {
          companyId,
          ownerType: CREDIT_LETTER_OWNER,
          ownerId: e.id,
          holder: `customer:${e.customer_id}` as const,
        };
        const stored = await files.store(owner, file, trx);
        await accounts.insertCreditLetter(trx, {
          company_id: companyId,
          enrollment_id: e.id,
          file_id: stored.id,
          file_name: stored.file_name,
          status: 0,
          uploaded_at: nowIso(clock),
          reviewed_at: null,
          reviewed_by: null,
          review_note: null,
        });
      })
      .catch((error) => {
        if (!isUniqueViolation(error)) throw error;
        throw letterPending('file: another upload of this enrollment was saved at the same moment');
      });
    return pendingCreditLetter(companyId, e.id, baseUrl);
  }

  return { creditLetters, pendingCreditLetter, uploadCreditLetter };
}
