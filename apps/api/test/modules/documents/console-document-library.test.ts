import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { createTenant } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * The document library of the console: Marketing uploads its own PDFs (terms of service, contracts, welcome
 * letters…) as versioned library documents, attaches them to plans and bundles, and retires versions; the public
 * API serves the live version of each beside the plan's generated documents. Everyone reads; each change is audited.
 */
const api = useTestApi();
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let marketing: StaffBrowser;
let agent: StaffBrowser;
let planId: number;

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'latin1');
const upload = (bytes: Buffer, name = 'terms.pdf', type = 'application/pdf') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return { form };
};

async function createDocument(name: string, language: 'en' | 'es' = 'en', kind = 'CONTRACT') {
  const created = await marketing.call('POST', '/documents', { body: { kind, name, language } });
  expect(created.status).toBe(201);
  return created.body.data.id as number;
}

async function withVersion(name: string, language: 'en' | 'es' = 'en') {
  const id = await createDocument(name, language);
  expect((await marketing.call('POST', `/documents/${id}/versions`, upload(pdf(name)))).status).toBe(201);
  return id;
}

const auditOf = async (targetId: number) => {
  const admin = await signIn('Administrator');
  return (await admin.call('GET', '/audit-log', { query: { targetType: 'library-document', targetId } })).body
    .data as { action: string; actor: string; summary: string }[];
};

beforeAll(async () => {
  marketing = await signIn('Marketing');
  agent = await signIn('Operations agent');
  planId = (
    await api.db.kysely
      .selectFrom('plans')
      .innerJoin('utilities', 'utilities.id', 'plans.utility_id')
      .select('plans.id')
      .where('plans.name', '=', 'Bluebonnet Energy 12-Month Fixed Electric')
      .where('utilities.code', '=', 'ONCOR')
      .executeTakeFirstOrThrow()
  ).id;
});

describe('creating a document and uploading its versions', () => {
  it('keeps each uploaded PDF as the next version, the newest one live, and audits both', async () => {
    const id = await createDocument('Residential service contract');
    const first = await marketing.call(
      'POST',
      `/documents/${id}/versions`,
      upload(pdf('one'), 'contract v1.pdf'),
    );
    expect(first.status).toBe(201);
    const second = await marketing.call(
      'POST',
      `/documents/${id}/versions`,
      upload(pdf('two'), 'contract v2.pdf'),
    );
    const document = second.body.data;
    expect(document.liveVersion).toBe(2);
    expect(document.versions.map((v: { version: number; live: boolean }) => [v.version, v.live])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(document.versions[0]).toMatchObject({
      fileName: 'contract v2.pdf',
      uploadedBy: staff('Marketing').email,
    });
    const file = await agent.call('GET', `/documents/${id}/versions/1/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(String(file.body)).toContain('% one');
    expect((await auditOf(id)).map((e) => e.action).sort()).toEqual([
      'library-document.create',
      'library-document.upload',
      'library-document.upload',
    ]);
  });

  it('serves a version dated later only from its effective day', async () => {
    const id = await withVersion('Welcome letter');
    const later = await marketing.call('POST', `/documents/${id}/versions`, {
      ...upload(pdf('later')),
      query: { effectiveFrom: '2999-01-01' },
    });
    expect(later.body.data.liveVersion).toBe(1);
  });

  it('refuses a file that is not a PDF by its content, whatever its name and type say', async () => {
    const id = await createDocument('Disguised');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expectFailure(
      await marketing.call('POST', `/documents/${id}/versions`, upload(png, 'terms.pdf')),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('refuses a file larger than the upload limit', async () => {
    const id = await createDocument('Too large');
    const big = Buffer.concat([pdf('big'), Buffer.alloc(api.app.voltin.config.uploadLimitBytes + 1, 32)]);
    const answer = await marketing.call('POST', `/documents/${id}/versions`, upload(big));
    expect(answer.status).toBe(413);
  });

  it('refuses a file the virus scanner finds malware in, and keeps nothing', async () => {
    const id = await createDocument('Infected');
    const infected = await marketing.call('POST', `/documents/${id}/versions`, upload(pdf(EICAR)));
    expectFailure(infected, 422, 'FILE_INFECTED');
    expect(infected.body.message).toContain('EICAR-Test-Signature');
    expect((await agent.call('GET', `/documents/${id}`)).body.data.versions).toEqual([]);
  });

  it('gives two uploads at once two different version numbers, or refuses one of them', async () => {
    const id = await createDocument('Raced');
    const answers = await Promise.all([
      marketing.call('POST', `/documents/${id}/versions`, upload(pdf('a'))),
      marketing.call('POST', `/documents/${id}/versions`, upload(pdf('b'))),
    ]);
    for (const answer of answers.filter((a) => a.status !== 201))
      expectFailure(answer, 409, 'LIBRARY_DOCUMENT_VERSION_TAKEN');
    const versions = (await agent.call('GET', `/documents/${id}`)).body.data.versions as {
      version: number;
    }[];
    expect(new Set(versions.map((v) => v.version)).size).toBe(versions.length);
  });

  it('checks the new document', async () => {
    expectFailure(
      await marketing.call('POST', '/documents', { body: { kind: 'MEMO', name: 'x', language: 'en' } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('the library list', () => {
  it('filters by kind, language and the plan a document is served with', async () => {
    const spanish = await createDocument('Contrato residencial', 'es');
    const attached = await createDocument('Plan contract');
    await marketing.call('PUT', `/documents/${attached}/uses/plan/${planId}`);
    const ids = async (query: Record<string, string | number>) =>
      (
        (await agent.call('GET', '/documents', { query: { pageSize: 100, ...query } })).body.data as {
          id: number;
        }[]
      ).map((d) => d.id);
    expect(await ids({ language: 'es' })).toContain(spanish);
    expect(await ids({ language: 'en' })).not.toContain(spanish);
    expect(await ids({ kind: 'WELCOME_LETTER' })).not.toContain(spanish);
    expect(await ids({ planId })).toEqual([attached]);
    const page = await agent.call('GET', '/documents', { query: { pageSize: 1 } });
    expect(page.body.pageSize).toBe(1);
    expect(page.body.totalRecords).toBeGreaterThan(1);
  });
});

describe('plans and bundles using a document', () => {
  it('lists them on the document, attaches once, detaches, and audits each change', async () => {
    const id = await withVersion('Bundle contract');
    const bundle = await api.db.kysely
      .selectFrom('plan_bundles')
      .select(['id', 'name'])
      .executeTakeFirstOrThrow();
    await marketing.call('PUT', `/documents/${id}/uses/plan/${planId}`);
    await marketing.call('PUT', `/documents/${id}/uses/plan/${planId}`);
    const withBundle = await marketing.call('PUT', `/documents/${id}/uses/bundle/${bundle.id}`);
    expect(withBundle.body.data.uses).toEqual([
      expect.objectContaining({ targetType: 'plan', targetId: planId, published: true }),
      expect.objectContaining({ targetType: 'bundle', targetId: bundle.id, name: bundle.name }),
    ]);
    const detached = await marketing.call('DELETE', `/documents/${id}/uses/bundle/${bundle.id}`);
    expect(detached.body.data.uses).toHaveLength(1);
    expectFailure(
      await marketing.call('DELETE', `/documents/${id}/uses/bundle/${bundle.id}`),
      404,
      'NOT_FOUND',
    );
    expectFailure(await marketing.call('PUT', `/documents/${id}/uses/plan/999999`), 404, 'NOT_FOUND');
    expect((await auditOf(id)).filter((e) => e.action.endsWith('attach')).length).toBe(2);
    expect((await auditOf(id)).filter((e) => e.action.endsWith('detach')).length).toBe(1);
  });
});

describe('retiring a version', () => {
  it('serves the previous version once the newest is retired', async () => {
    const id = await withVersion('Retirable');
    await marketing.call('POST', `/documents/${id}/versions`, upload(pdf('second')));
    const retired = await marketing.call('POST', `/documents/${id}/versions/2/retire`);
    expect(retired.status).toBe(200);
    expect(retired.body.data.liveVersion).toBe(1);
    expect(retired.body.data.versions[0]).toMatchObject({ retiredBy: staff('Marketing').email, live: false });
    expect((await marketing.call('POST', `/documents/${id}/versions/2/retire`)).status).toBe(200);
    expect((await auditOf(id)).filter((e) => e.action === 'library-document.retire')).toHaveLength(1);
  });

  it('refuses to retire the only live version of a document a published plan is sold with', async () => {
    const id = await withVersion('Relied upon');
    await marketing.call('PUT', `/documents/${id}/uses/plan/${planId}`);
    expectFailure(
      await marketing.call('POST', `/documents/${id}/versions/1/retire`),
      409,
      'LIBRARY_DOCUMENT_IN_USE',
    );
    await marketing.call('DELETE', `/documents/${id}/uses/plan/${planId}`);
    expect(
      (await marketing.call('POST', `/documents/${id}/versions/1/retire`)).body.data.liveVersion,
    ).toBeNull();
  });
});

describe('the public API', () => {
  it("serves a plan's live library documents in the language asked, beside the generated ones, with signed links", async () => {
    const english = await withVersion('Served contract');
    const spanish = await withVersion('Contrato servido', 'es');
    for (const id of [english, spanish]) await marketing.call('PUT', `/documents/${id}/uses/plan/${planId}`);
    const token = await api.sandboxToken();
    const { customerHash } = await api.sandboxCustomerHash();
    const languages = (await api.call('GET', '/document-languages', { token })).body.data as {
      id_language: number;
      short_name: string;
    }[];
    const languageId = (code: string) => languages.find((l) => l.short_name === code)!.id_language;
    const docs = (
      await api.call('GET', `/plans/docs/${planId}`, { token, query: { languageId: languageId('en') } })
    ).body.data as { id_plan_document: number; doc_type: string; name: string; url: string }[];
    expect(docs.map((d) => d.doc_type)).toEqual(expect.arrayContaining(['EFL', 'TOS', 'CONTRACT']));
    const served = docs.find((d) => d.name === 'Served contract')!;
    expect(docs.some((d) => d.name === 'Contrato servido')).toBe(false);
    const file = await fetch(served.url);
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('% Served contract');
    const altered = served.url.replace(`/library/${english}/`, `/library/${spanish}/`);
    expect((await fetch(altered)).status).toBe(403);

    const bundle = (
      await api.call('GET', `/document-bundles/${planId}`, {
        token,
        customerHash,
        query: { documentType: 'DisplayDocuments', languageId: languageId('es') },
      })
    ).body.data as { source: string; name: string }[];
    expect(bundle).toContainEqual(expect.objectContaining({ source: 'library', name: 'Contrato servido' }));
    expect(bundle.some((d) => d.name === 'Served contract')).toBe(false);
  });

  it('serves a document attached to a bundle with the plans of the bundle', async () => {
    const id = await withVersion('Bundle welcome');
    const bundle = await api.db.kysely
      .selectFrom('plan_bundles')
      .select(['id', 'electric_plan_id'])
      .executeTakeFirstOrThrow();
    await marketing.call('PUT', `/documents/${id}/uses/bundle/${bundle.id}`);
    const token = await api.sandboxToken();
    const docs = (await api.call('GET', `/plans/docs/${bundle.electric_plan_id}`, { token })).body.data as {
      name: string;
    }[];
    expect(docs.map((d) => d.name)).toContain('Bundle welcome');
    const listed = await agent.call('GET', '/documents', { query: { planId: bundle.electric_plan_id } });
    expect(listed.body.data.map((d: { id: number }) => d.id)).toContain(id);
  });
});

describe('who may do what', () => {
  it('lets every staff member read, and refuses changes to a role without marketing.write (403)', async () => {
    const id = await withVersion('Read by all');
    expect((await agent.call('GET', `/documents/${id}`)).status).toBe(200);
    const pricing = await signIn('Pricing');
    expectFailure(
      await pricing.call('POST', '/documents', { body: { kind: 'TOS', name: 'x', language: 'en' } }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(
      await agent.call('POST', `/documents/${id}/versions`, upload(pdf('x'))),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(await agent.call('POST', `/documents/${id}/versions/1/retire`), 403, 'PERMISSION_DENIED');
    expectFailure(await agent.call('PUT', `/documents/${id}/uses/plan/${planId}`), 403, 'PERMISSION_DENIED');
    const admin = await signIn('Administrator');
    expect((await admin.call('POST', `/documents/${id}/versions`, upload(pdf('y')))).status).toBe(201);
  });

  it("never shows nor changes another company's documents (404)", async () => {
    const db = api.db.kysely;
    const rival = await createTenant(db, api.app.voltin.keys, 'rival-library');
    const { id } = await db
      .insertInto('library_documents')
      .values({
        company_id: rival.companyId,
        kind: 'TOS',
        name: 'Rival terms',
        language: 'en',
        created_by: 'seed',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('library_document_versions')
      .values({
        document_id: id,
        version: 1,
        file_name: 'rival.pdf',
        size_bytes: 10,
        sha256: 'x',
        content: pdf('rival'),
        effective_from: '2000-01-01',
        uploaded_by: 'seed',
        uploaded_at: new Date().toISOString(),
      })
      .execute();
    expectFailure(await marketing.call('GET', `/documents/${id}`), 404, 'NOT_FOUND');
    expectFailure(await marketing.call('GET', `/documents/${id}/versions/1/file`), 404, 'NOT_FOUND');
    expectFailure(
      await marketing.call('POST', `/documents/${id}/versions`, upload(pdf('x'))),
      404,
      'NOT_FOUND',
    );
    expectFailure(await marketing.call('POST', `/documents/${id}/versions/1/retire`), 404, 'NOT_FOUND');
    expectFailure(await marketing.call('PUT', `/documents/${id}/uses/plan/${planId}`), 404, 'NOT_FOUND');
    expectFailure(await marketing.call('DELETE', `/documents/${id}/uses/plan/${planId}`), 404, 'NOT_FOUND');
    const list = (await marketing.call('GET', '/documents', { query: { pageSize: 100 } })).body.data as {
      id: number;
    }[];
    expect(list.map((d) => d.id)).not.toContain(id);
  });
});
