import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_QUOTA_DEFAULTS } from '../../../src/config/uploads.js';
import { createFilesService, DOWNLOAD_LINK_SECONDS } from '../../../src/modules/files/index.js';
import { createLinkSigner } from '../../../src/security/signed-urls.js';
import { createTenant, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { PDF, type ProspectRefs, prospectRefs, uploadFiles, validProspect } from '../prospects/fixtures.js';

const UPLOAD_LIMIT = 64 * 1024;
/** Moved a day only by the last tests, which take no token: a token taken before that move has expired. */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({ uploadLimitBytes: UPLOAD_LIMIT }, {}, { clock });
let token: string;
let refs: ProspectRefs;
let prospectId: number;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-body'),
]);
const upload = (files: Parameters<typeof uploadFiles>[3], id = prospectId, as = token) =>
  uploadFiles(api, `/prospects/${id}/upload-document`, as, files);

beforeAll(async () => {
  token = await api.sandboxToken();
  refs = await prospectRefs(api, token);
  prospectId = (await api.call('POST', '/prospects', { token, body: validProspect(refs) })).body.data
    .idProspect;
});

describe('POST /prospects/{id}/upload-document', () => {
  it('stores one PDF and returns a working downloadUrl', async () => {
    const before = (await api.call('GET', `/prospects/${prospectId}`, { token })).body.data;
    clock.advance(1);
    const response = await upload([{ name: 'signed contract.pdf', bytes: PDF, type: 'application/pdf' }]);
    expect(response.status).toBe(200);
    const document = response.body.data;
    expect(document).toMatchObject({
      idDocument: expect.any(Number),
      fileName: 'signed contract.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
    });
    expect(document.downloadUrl).toMatch(
      new RegExp(
        `^${api.baseUrl}/api/v1/files/${document.idDocument}/download\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
    const download = await fetch(document.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="signed contract.pdf"');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);

    const after = (await api.call('GET', `/prospects/${prospectId}`, { token })).body.data;
    expect(after.documents).toEqual([
      { ...document, downloadUrl: expect.stringContaining(`/files/${document.idDocument}/download?`) },
    ]);
    expect(after.modifiedAt > before.modifiedAt).toBe(true);
  });

  it('accepts PNG and JPEG, judged by content, and keeps only the base file name', async () => {
    const png = await upload([{ name: '../../etc/meter photo.png', bytes: PNG }]);
    expect(png.body.data).toMatchObject({ fileName: 'meter photo.png', contentType: 'image/png' });
    const jpeg = await upload([{ name: 'bill.jpg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) }]);
    expect(jpeg.body.data.contentType).toBe('image/jpeg');
  });

  it('refuses an empty file, a file too large, the wrong type and two files', async () => {
    let failure = expectFailure(
      await upload([{ name: 'empty.pdf', bytes: Buffer.alloc(0) }]),
      400,
      'VALIDATION_FAILED',
    );
    expect(failure.errors).toEqual(['file: is empty']);
    expectFailure(
      await upload([{ name: 'big.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(UPLOAD_LIMIT)]) }]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    failure = expectFailure(
      await upload([{ name: 'contract.pdf', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]) }]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(failure.errors).toEqual(['file: content must be pdf, png, jpeg']);
    expectFailure(
      await upload([{ name: 'notes.pdf', bytes: 'just some text' }]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    failure = expectFailure(
      await upload([
        { name: 'a.pdf', bytes: PDF },
        { name: 'b.pdf', bytes: PDF },
      ]),
      400,
      'VALIDATION_FAILED',
    );
    expect(failure.errors).toEqual(['file: only one file is accepted']);
    expectFailure(
      await api.call('POST', `/prospects/${prospectId}/upload-document`, { token, body: { file: 'x' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('answers 404 for a prospect of another company', async () => {
    const rival = await createTenant(api.db.kysely, api.app.voltin.keys, 'rival-files');
    const rivalToken = (
      await api.call('POST', '/auth/login', { query: signLogin(rival.apiKey, rival.secret) })
    ).body.data.token;
    expectFailure(await upload([{ name: 'x.pdf', bytes: PDF }], prospectId, rivalToken), 404, 'NOT_FOUND');
    expectFailure(await upload([{ name: 'x.pdf', bytes: PDF }], 99999), 404, 'NOT_FOUND');
  });
});

describe('GET /files/{fileId}/download', () => {
  let url: URL;
  beforeAll(async () => {
    url = new URL((await upload([{ name: 'loa.pdf', bytes: PDF }])).body.data.downloadUrl);
  });

  it('refuses a link without a signature, with an altered signature or for another file', async () => {
    const bare = await api.call('GET', url.pathname);
    expectFailure(bare, 403, 'FILE_LINK_INVALID');
    // change the signature's first character, whatever it was
    const tampered = `${url.pathname}${url.search.replace(/signature=(.)/, (_m, first: string) => `signature=${first === '0' ? '1' : '0'}`)}`;
    expectFailure(await api.call('GET', tampered), 403, 'FILE_LINK_INVALID');
    const otherFile = `${url.pathname.replace(/\/files\/(\d+)\//, (_m, id: string) => `/files/${Number(id) + 1}/`)}${url.search}`;
    expectFailure(await api.call('GET', otherFile), 403, 'FILE_LINK_INVALID');
    const longer = `${url.pathname}${url.search.replace(/expires=\d+/, 'expires=99999999999')}`;
    expectFailure(await api.call('GET', longer), 403, 'FILE_LINK_INVALID');
  });

  it('answers 410 FILE_LINK_EXPIRED once the link has expired, a day after it was given', async () => {
    expect((await api.call('GET', `${url.pathname}${url.search}`)).status).toBe(200);
    clock.advance(DOWNLOAD_LINK_SECONDS + 1);
    const failure = expectFailure(
      await api.call('GET', `${url.pathname}${url.search}`),
      410,
      'FILE_LINK_EXPIRED',
    );
    expect(failure.message).toBe('This download link has expired; ask for a new one.');
  });

  it('keeps any owner’s files: the service is generic', async () => {
    const files = createFilesService({
      db: api.db.kysely,
      linkSigner: createLinkSigner(api.app.voltin.keys.urlSigning, api.app.voltin.clock),
      clock: api.app.voltin.clock,
      uploadQuotas: UPLOAD_QUOTA_DEFAULTS,
    });
    const companyId = await sandboxCompanyId(api.db.kysely);
    const stored = await files.store(
      { companyId, ownerType: 'enrollment-credit-letter', ownerId: 7, holder: 'customer:7' },
      { fileName: 'letter.pdf', contentType: 'application/pdf', bytes: PDF },
    );
    expect(await files.list(companyId, 'enrollment-credit-letter', [7])).toEqual([
      expect.objectContaining({ id: stored.id, file_name: 'letter.pdf', size_bytes: PDF.length }),
    ]);
    const response = await fetch(files.downloadUrl(api.baseUrl, stored.id));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
  });
});
