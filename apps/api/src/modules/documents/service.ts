import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError, notFound } from '../../http/errors.js';
import { type DocumentModel, renderPdf } from '../../pdf/render.js';
import type { LinkSigner } from '../../security/signed-urls.js';
import type { DocumentSource, PlansService } from '../plans/index.js';
import { type BrandFacts, eflModel, gasDisclosureModel, type Language } from './content.js';
import { marketDocumentModel } from './market-content.js';
import type { DOCUMENT_TYPES } from './schemas.js';
import * as store from './store.js';
import { termsModel } from './terms-content.js';

type LinkContext = Parameters<PlansService['plan']>[2];

export function createDocumentsService(db: Kysely<Database>, plans: PlansService, linkSigner: LinkSigner) {
  async function planDocumentModel(documentId: number, language: Language): Promise<DocumentModel> {
    const document = await store.findPlanDocument(db, documentId);
    if (!document) throw notFound(`Document ${documentId}`);
    const [plan, row, brand] = await Promise.all([
      plans.plan(document.company_id, document.plan_id, { baseUrl: '', language }),
      plans.planRow(document.company_id, document.plan_id),
      store.findBrand(db, document.company_id, document.brand_id),
    ]);
    const utility = {
      name: row.utility_name,
      state_code: row.state_code,
      rescission_period: row.rescission_period,
    };
    if (document.doc_type === 'EFL') return eflModel(plan, brand as BrandFacts, utility, language);
    if (document.doc_type === 'GAS_DISCLOSURE')
      return gasDisclosureModel(plan, brand as BrandFacts, utility, language);
    return termsModel(plan, brand as BrandFacts, utility, language);
  }

  async function marketModel(documentId: number, language: Language): Promise<DocumentModel> {
    const document = await store.findMarketDocument(db, documentId);
    if (!document) throw notFound(`Document ${documentId}`);
    const brand = await store.findBrand(db, document.company_id);
    return marketDocumentModel(document.doc_type, brand as BrandFacts, document.state_code, language);
  }

  return {
    /** Renders the PDF a signed link stands for; the link itself is the authorization. */
    async download(source: DocumentSource, documentId: number, language: Language, url: string) {
      const check = linkSigner.check(url);
      if (check === 'invalid') throw new ApiError('FILE_LINK_INVALID', 'This download link is not valid.');
      if (check === 'expired')
        throw new ApiError(
          'FILE_LINK_EXPIRED',
          'This download link has expired; ask for the documents again.',
        );
      const model =
        source === 'plan'
          ? await planDocumentModel(documentId, language)
          : await marketModel(documentId, language);
      return {
        fileName: `${model.title
          .normalize('NFD')
          .replace(/[^A-Za-z0-9 -]+/g, '')
          .trim()}.pdf`,
        bytes: await renderPdf(model),
      };
    },

    async bundle(
      companyId: number,
      planId: number,
      documentType: (typeof DOCUMENT_TYPES)[number],
      links: LinkContext & { language: string },
    ) {
      const plan = await plans.plan(companyId, planId, links);
      const own = plan.plan_documents.map((d) => ({
        id_document: d.id_plan_document,
        source: 'plan' as const,
        doc_type: d.doc_type,
        name: d.name,
        language: links.language,
        url: d.url,
        myAccount: d.display_in_my_account,
      }));
      const inherited = plan.market_documents.map((d) => ({
        id_document: d.id_market_document,
        source: 'market' as const,
        doc_type: d.doc_type,
        name: d.name,
        language: links.language,
        url: d.url,
        myAccount: d.display_in_my_account,
      }));
      if (documentType === 'DisplayDocuments') return own;
      if (documentType === 'DisplayInheritedDocuments') return inherited;
      return [...own, ...inherited].filter((d) => d.myAccount);
    },

    /** What a customer must receive when enrolling in the plan: its documents and the market's, in one language. */
    async enrollmentDocuments(companyId: number, planId: number, links: LinkContext & { language: string }) {
      const plan = await plans.plan(companyId, planId, links);
      return [
        ...plan.plan_documents.map((d) => ({
          id_document: d.id_plan_document,
          source: 'plan' as const,
          doc_type: d.doc_type,
          name: d.name,
          language: links.language,
          url: d.url,
        })),
        ...plan.market_documents
          .filter((d) => d.doc_type !== 'PRIVACY')
          .map((d) => ({
            id_document: d.id_market_document,
            source: 'market' as const,
            doc_type: d.doc_type,
            name: d.name,
            language: links.language,
            url: d.url,
          })),
      ];
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
