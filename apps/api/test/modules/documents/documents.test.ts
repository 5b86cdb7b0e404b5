import { beforeAll, describe, expect, it } from 'vitest';
import { documentPath } from '../../../src/modules/plans/index.js';
import { signPath } from '../../../src/security/signed-urls.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { pdfTextOf } from '../../helpers/pdf.js';

const api = useTestApi();
let token: string;
let customerHash: string;
let planId: number;

const pdfText = async (url: string) => pdfTextOf(await fetch(url));

beforeAll(async () => {
  token = await api.sandboxToken();
  ({ customerHash } = await api.sandboxCustomerHash());
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

describe('plan documents are real PDFs', () => {
  it("the EFL shows the plan's average prices, price components and disclosure chart", async () => {
    const plan = (await api.call('GET', `/plans/${planId}`, { token })).body.data;
    const efl = plan.plan_documents.find((d: { doc_type: string }) => d.doc_type === 'EFL');
    const text = await pdfText(efl.url);
    expect(text).toContain('Electricity Facts Label: Bluebonnet Energy 12-Month Fixed Electric');
    expect(text).toContain('17.4¢');
    expect(text).toContain('16¢');
    expect(text).toContain('15.3¢');
    expect(text).toContain('9.4¢/kWh');
    expect(text).toContain('$9.95 per month');
    expect(text).toContain('$150.00');
    expect(text).toContain('Oncor');
  });

  it('exist in Spanish too', async () => {
    const languages = (await api.call('GET', '/document-languages', { token })).body.data as Array<{
      id_language: number;
      short_name: string;
    }>;
    const spanish = languages.find((l) => l.short_name === 'es')!.id_language;
    const docs = (await api.call('GET', `/plans/docs/${planId}`, { token, query: { languageId: spanish } }))
      .body.data;
    expect(await pdfText(docs[0].url)).toContain('Etiqueta de Datos de Electricidad');
    expect(await pdfText(docs[1].url)).toContain('Términos de Servicio');
  });

  it('refuse an altered link with 403 and an expired one with 410', async () => {
    const plan = (await api.call('GET', `/plans/${planId}`, { token })).body.data;
    const efl = plan.plan_documents[0];
    const altered = efl.url.replace(`/plan/${efl.id_plan_document}/`, `/plan/${efl.id_plan_document + 1}/`);
    expect((await fetch(altered)).status).toBe(403);
    const expiredPath = signPath(
      api.app.voltin.keys.urlSigning,
      documentPath('plan', efl.id_plan_document, 'en'),
      1000,
    );
    const expired = await fetch(`${api.baseUrl}${expiredPath}`);
    expect(expired.status).toBe(410);
    expect((await expired.json()).code).toBe('FILE_LINK_EXPIRED');
    const unsigned = await api.call('GET', documentPath('plan', efl.id_plan_document, 'en'));
    expectFailure(unsigned, 403, 'FILE_LINK_INVALID');
  });
});

describe('document bundles (customer-scoped)', () => {
  const bundle = (documentType: string) =>
    api.call('GET', `/document-bundles/${planId}`, { token, customerHash, query: { documentType } });

  it('gives the plan documents, the inherited market documents, or the self-service set', async () => {
    expect((await bundle('DisplayDocuments')).body.data.map((d: { doc_type: string }) => d.doc_type)).toEqual(
      ['EFL', 'TOS'],
    );
    expect(
      (await bundle('DisplayInheritedDocuments')).body.data.map((d: { doc_type: string }) => d.doc_type),
    ).toEqual(['YRAC', 'PRIVACY']);
    const mine = (await bundle('DisplayMyAccountDocuments')).body.data;
    expect(mine.map((d: { source: string; doc_type: string }) => `${d.source}:${d.doc_type}`)).toEqual([
      'plan:EFL',
      'plan:TOS',
      'market:YRAC',
      'market:PRIVACY',
    ]);
    const rights = await pdfText(mine[2].url);
    expect(rights).toContain('Your Rights as a Customer');
    expect(rights).toContain('Public Utility Commission of Texas');
    expectFailure(await bundle('Everything'), 400, 'VALIDATION_FAILED');
  });

  it('lists the enrollment documents a customer must receive', async () => {
    const docs = (
      await api.call('GET', `/document-bundles/enrollment-documents/${planId}`, { token, customerHash })
    ).body.data;
    expect(docs.map((d: { doc_type: string }) => d.doc_type)).toEqual(['EFL', 'TOS', 'YRAC']);
    expect(docs.every((d: { language: string }) => d.language === 'en')).toBe(true);
  });
});

describe('gas documents', () => {
  it('a gas plan has a gas price disclosure in cents per Ccf', async () => {
    const ohioGas = (
      await api.db.kysely
        .selectFrom('plans')
        .innerJoin('utilities', 'utilities.id', 'plans.utility_id')
        .select('plans.id')
        .where('utilities.code', '=', 'COH')
        .where('plans.term', '=', 12)
        .executeTakeFirstOrThrow()
    ).id;
    const plan = (await api.call('GET', `/plans/${ohioGas}`, { token })).body.data;
    const text = await pdfText(plan.plan_documents[0].url);
    expect(text).toContain('Gas Price Disclosure');
    expect(text).toContain('59.9¢/Ccf');
  });
});
