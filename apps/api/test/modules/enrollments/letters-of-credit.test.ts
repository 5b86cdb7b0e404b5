import { beforeAll, describe, expect, it } from 'vitest';
import {
  letterOfCreditEnrollment,
  pendingEnrollment,
  planId,
  requiredOptions,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { enrollmentRow, historyOf, login } from './rules.js';

/**
 * Letters of credit (spec: Enrollment, section 4): a business customer covering its deposit with a letter uploads
 * it; one letter is pending at a time, another may follow a rejection, and an approved letter releases the hold.
 */
const api = useTestApi();
let token: string;

const formWith = (name: string, bytes: Buffer, type: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};
const pdf = (name = 'letter.pdf') =>
  formWith(name, Buffer.from('%PDF-1.4\n% letter of credit\n'), 'application/pdf');
const upload = async (id: number, form = pdf()) => {
  const response = await fetch(`${api.baseUrl}/api/v1/enrollments/${id}/upload-credit-letter`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};
const review = (letter: number, verdict: 'approve' | 'reject') =>
  api.call('POST', `/agent/credit-letters/${letter}/${verdict}`, { token, body: { reason: 'Reviewed' } });

beforeAll(async () => {
  token = await login(api);
});

describe('POST /enrollments/{id}/upload-credit-letter', () => {
  it('stores the letter as pending, refuses a second while it is pending, and takes a new one after a rejection', async () => {
    const id = await letterOfCreditEnrollment(api, token);
    expectFailure(
      await api.call('GET', `/enrollments/${id}/pending-credit-letter`, { token }),
      404,
      'NOT_FOUND',
    );
    const first = await upload(id, pdf('first.pdf'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ id_status: 0, file_name: 'first.pdf', id_enrollment: id });
    const letterId = first.body.data.id_customer_credit_letters as number;
    const again = expectFailure(await upload(id), 409, 'CREDIT_LETTER_PENDING');
    expect(again.errors).toEqual([`id_customer_credit_letters: ${letterId} is pending`]);
    expect((await review(letterId, 'reject')).body.data.id_status).toBe(2);
    const second = await upload(id, pdf('second.pdf'));
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ id_status: 0, file_name: 'second.pdf' });
    const pending = (await api.call('GET', `/enrollments/${id}/pending-credit-letter`, { token })).body.data;
    expect(pending).toMatchObject({
      id_customer_credit_letters: second.body.data.id_customer_credit_letters,
      file_name: 'second.pdf',
    });
    // the enrollment keeps waiting until a letter is approved
    expect((await enrollmentRow(api, id)).status).toBe('ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD');
    await review(second.body.data.id_customer_credit_letters, 'approve');
    expect(await enrollmentRow(api, id)).toMatchObject({
      status: 'PENDING',
      deposit_status: 'covered_by_letter',
    });
    expect((await historyOf(api, id)).map((h) => h.to_status)).toEqual([
      'ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD',
      'QUEUED_FOR_SUBMISSION',
      'PENDING',
    ]);
    // covered: no further letter is waited for
    expect(expectFailure(await upload(id), 409, 'ENROLLMENT_STATUS_CONFLICT').errors).toEqual([
      'deposit: covered_by_letter',
    ]);
  });

  it('takes a scan as PNG or JPEG (told by its content), and refuses any other file', async () => {
    const id = await letterOfCreditEnrollment(api, token);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    const refused = expectFailure(
      await upload(id, formWith('letter.csv', Buffer.from('bank,amount\nFirst,5000\n'), 'text/csv')),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(refused.errors).toEqual(['file: content must be pdf, png, jpeg']);
    const scanned = await upload(id, formWith('letter.png', png, 'image/png'));
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    await review(scanned.body.data.id_customer_credit_letters, 'reject');
    const photo = await upload(id, formWith('letter.jpg', jpeg, 'image/jpeg'));
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    expect(photo.body.data).toMatchObject({ id_status: 0, file_name: 'letter.jpg' });
  });

  it('is refused on an enrollment that does not wait for a letter', async () => {
    const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
    const id = await pendingEnrollment(api, token, {
      plan,
      options: await requiredOptions(api, token, plan),
    });
    expect(expectFailure(await upload(id), 409, 'ENROLLMENT_STATUS_CONFLICT').errors).toEqual([
      'deposit: not_required',
    ]);
    expect(
      await api.db.kysely.selectFrom('credit_letters').select('id').where('enrollment_id', '=', id).execute(),
    ).toEqual([]);
  });
});
