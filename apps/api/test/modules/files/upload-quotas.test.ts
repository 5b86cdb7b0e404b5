import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { up as createUploadUsage } from '../../../src/db/migrations/2026-11-25T1550-upload-usage.js';
import { letterOfCreditEnrollment } from '../../fixtures/enrollments.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type ProspectRefs, prospectRefs, uploadFiles, validProspect } from '../prospects/fixtures.js';

const KIB = 1024;
/** Small quotas, so that a few concurrent uploads reach each of them. */
const QUOTAS = { filesPerCustomer: 5, bytesPerCustomer: 8 * KIB, bytesPerCompany: 40 * KIB };
const api = useTestApi({ uploadQuotas: QUOTAS });
let token: string;
let refs: ProspectRefs;
let companyId: number;

/** A PDF of exactly `bytes` bytes (its content makes it a PDF, whatever its length). */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]);

const newProspect = async () =>
  (await api.call('POST', '/prospects', { token, body: validProspect(refs) })).body.data.idProspect as number;
const uploadTo = (prospectId: number, bytes: number, name = 'document.pdf') =>
  uploadFiles(api, `/prospects/${prospectId}/upload-document`, token, [
    { name, bytes: pdfOf(bytes), type: 'application/pdf' },
  ]);
const usage = async (holder: string) =>
  (await api.db.kysely
    .selectFrom('upload_usage')
    .select(['files', 'bytes'])
    .where('company_id', '=', companyId)
    .where('holder', '=', holder)
    .executeTakeFirst()) ?? { files: 0, bytes: 0 };
const stored = async (ownerType: string, ownerId?: number) => {
  let query = api.db.kysely
    .selectFrom('stored_files')
    .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number>('size_bytes').as('bytes')])
    .where('company_id', '=', companyId)
    .where('owner_type', '=', ownerType);
  if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
  const row = await query.executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes ?? 0) };
};
const statuses = (responses: Array<{ status: number }>) =>
  responses
    .map((r) => r.status)
    .reduce<Record<number, number>>((count, status) => {
      count[status] = (count[status] ?? 0) + 1;
      return count;
    }, {});

beforeAll(async () => {
  token = await api.sandboxToken();
  refs = await prospectRefs(api, token);
  companyId = await sandboxCompanyId(api.db.kysely);
});

describe('upload quotas', () => {
  it('hold the files of one customer exactly under 20 concurrent uploads, and the refusals write nothing', async () => {
    const prospectId = await newProspect();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => uploadTo(prospectId, KIB, `${i}.pdf`)),
    );
    expect(statuses(responses)).toEqual({ 200: 5, 413: 15 });
    const refusal = expectFailure(responses.find((r) => r.status === 413)!, 413, 'UPLOAD_QUOTA_EXCEEDED');
    expect(refusal.message).toBe('This prospect already has 5 documents, the quota of 5 files.');
    expect(refusal.errors).toEqual(['file: prospect stores 5 of 5 files']);
    expect(await stored('prospect', prospectId)).toEqual({ files: 5, bytes: 5 * KIB });
    expect(await usage(`prospect:${prospectId}`)).toEqual({ files: 5, bytes: 5 * KIB });
    const prospect = (await api.call('GET', `/prospects/${prospectId}`, { token })).body.data;
    expect(prospect.documents).toHaveLength(5);
  });

  it('hold the bytes of one customer exactly under concurrent uploads', async () => {
    const prospectId = await newProspect();
    const responses = await Promise.all(Array.from({ length: 10 }, () => uploadTo(prospectId, 3 * KIB)));
    expect(statuses(responses)).toEqual({ 200: 2, 413: 8 });
    const refusal = expectFailure(responses.find((r) => r.status === 413)!, 413, 'UPLOAD_QUOTA_EXCEEDED');
    expect(refusal.message).toBe(
      "This prospect's documents would pass their quota of 8 KiB: 6 KiB are stored and this file is 3 KiB.",
    );
    expect(refusal.errors).toEqual([`file: prospect stores ${6 * KIB} of ${8 * KIB} bytes`]);
    expect(await stored('prospect', prospectId)).toEqual({ files: 2, bytes: 6 * KIB });
    // A smaller file still fits.
    expect((await uploadTo(prospectId, 2 * KIB)).status).toBe(200);
  });

  it("count letters of credit against their customer, and refuse one past the customer's quota", async () => {
    const enrollmentId = await letterOfCreditEnrollment(api, token);
    const { customer_id } = await api.db.kysely
      .selectFrom('enrollments')
      .select('customer_id')
      .where('id', '=', enrollmentId)
      .executeTakeFirstOrThrow();
    // Four documents the customer holds already (only their count matters), short of its quota of five.
    await api.db.kysely
      .insertInto('upload_usage')
      .values({ company_id: companyId, holder: `customer:${customer_id}`, files: 4, bytes: 0 })
      .execute();
    const upload = () =>
      uploadFiles(api, `/enrollments/${enrollmentId}/upload-credit-letter`, token, [
        { name: 'letter.pdf', bytes: pdfOf(KIB), type: 'application/pdf' },
      ]);
    expect((await upload()).status).toBe(200);
    expect(await usage(`customer:${customer_id}`)).toEqual({ files: 5, bytes: KIB });
    const letter = (await api.db.kysely
      .selectFrom('credit_letters')
      .select('id')
      .where('enrollment_id', '=', enrollmentId)
      .executeTakeFirstOrThrow()) as { id: number };
    await api.call('POST', `/agent/credit-letters/${letter.id}/reject`, {
      token,
      body: { reason: 'Unsigned' },
    });

    const refusal = expectFailure(await upload(), 413, 'UPLOAD_QUOTA_EXCEEDED');
    expect(refusal.message).toBe('This customer already has 5 documents, the quota of 5 files.');
    expect(await stored('enrollment-credit-letter', enrollmentId)).toEqual({ files: 1, bytes: KIB });
    const letters = await api.db.kysely
      .selectFrom('credit_letters')
      .select('status')
      .where('enrollment_id', '=', enrollmentId)
      .execute();
    expect(letters).toEqual([{ status: 2 }]);
  });

  it("hold the retail company's bytes exactly under concurrent uploads for many customers", async () => {
    const before = await usage('company');
    const [prospectFiles, letterFiles] = [await stored('prospect'), await stored('enrollment-credit-letter')];
    expect(before).toEqual({
      files: prospectFiles.files + letterFiles.files,
      bytes: prospectFiles.bytes + letterFiles.bytes,
    });
    const room = QUOTAS.bytesPerCompany - before.bytes;
    const prospects = await Promise.all(Array.from({ length: 14 }, () => newProspect()));
    const responses = await Promise.all(prospects.map((id) => uploadTo(id, 3 * KIB)));
    const fitting = Math.floor(room / (3 * KIB));
    expect(fitting).toBeLessThan(prospects.length);
    expect(statuses(responses)).toEqual({ 200: fitting, 413: prospects.length - fitting });
    const refusal = expectFailure(responses.find((r) => r.status === 413)!, 413, 'UPLOAD_QUOTA_EXCEEDED');
    expect(refusal.message).toMatch(
      /^The retail company's documents would pass their quota of 40 KiB: \d+ KiB are stored and this file is 3 KiB\.$/,
    );
    expect(await stored('prospect')).toEqual({
      files: prospectFiles.files + fitting,
      bytes: prospectFiles.bytes + fitting * 3 * KIB,
    });
    expect(await usage('company')).toEqual({
      files: before.files + fitting,
      bytes: before.bytes + fitting * 3 * KIB,
    });
    for (const [i, id] of prospects.entries()) {
      expect(await usage(`prospect:${id}`)).toEqual(
        responses[i]!.status === 200 ? { files: 1, bytes: 3 * KIB } : { files: 0, bytes: 0 },
      );
    }
  });

  it('start, after the migration, from the documents already stored', async () => {
    const db = api.db.kysely;
    const before = await db
      .selectFrom('upload_usage')
      .select(['holder', 'files', 'bytes'])
      .where('holder', 'like', 'prospect:%')
      .where('files', '>', 0)
      .orderBy('holder')
      .execute();
    await sql`drop table upload_usage`.execute(db);
    await createUploadUsage(db as never);
    const rebuilt = await db
      .selectFrom('upload_usage')
      .select(['holder', 'files', 'bytes'])
      .where('holder', 'like', 'prospect:%')
      .orderBy('holder')
      .execute();
    expect(rebuilt).toEqual(before);
    expect(await usage('company')).toEqual({
      files: (await stored('prospect')).files + (await stored('enrollment-credit-letter')).files,
      bytes: (await stored('prospect')).bytes + (await stored('enrollment-credit-letter')).bytes,
    });
    const letters = await stored('enrollment-credit-letter');
    const customers = await db
      .selectFrom('upload_usage')
      .select((eb) => [eb.fn.sum<number>('files').as('files'), eb.fn.sum<number>('bytes').as('bytes')])
      .where('holder', 'like', 'customer:%')
      .executeTakeFirstOrThrow();
    expect({ files: Number(customers.files), bytes: Number(customers.bytes) }).toEqual(letters);
  });
});
