import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import { dayOf } from '../../domain/dates.js';
import { ApiError, notFound } from '../../http/errors.js';
import { type DocumentModel, renderPdf } from '../../pdf/render.js';
import type { LinkSigner } from '../../security/signed-urls.js';
import { findCompanyBrand, findCompanyMarkets, findFirstBrand } from '../company/index.js';
import { type DocumentSource, findPlanOwners, type PlansService } from '../plans/index.js';
import { type BrandFacts, eflModel, gasDisclosureModel, type Language } from './content.js';
import type { DocumentLibrary } from './library.js';
import { marketDocumentModel } from './market-content.js';
import type { BundleDocument, DOCUMENT_TYPES } from './schemas.js';
import * as store from './store.js';
import { termsModel } from './terms-content.js';

type LinkContext = Parameters<PlansService['plan']>[2];
type BundleDocumentWire = Static<typeof BundleDocument>;

function bundleDocument(
  source: BundleDocumentWire['source'],
  id: number,
  d: { doc_type: string; name: string; url: string },
  language: string,
): BundleDocumentWire {
  return { id_document: id, source, doc_type: d.doc_type, name: d.name, language, url: d.url };
}

export function createDocumentsService(
  db: Kysely<Database>,
  plans: PlansService,
  linkSigner: LinkSigner,
  clock: Clock,
  library: DocumentLibrary,
) {
  /** The plan document with its plan's company and brand; undefined unless both exist and the plan is published. */
  async function publishedPlanDocument(documentId: number) {
    const document = await store.findPlanDocument(db, documentId);
    if (!document) return undefined;
    const [plan] = await findPlanOwners(db, [document.plan_id]);
    if (plan?.published !== 1) return undefined;
    return { ...document, company_id: plan.company_id, brand_id: plan.brand_id };
  }

  /** The plan's brand; a plan always has one, so a missing one is a fault rather than a 404. */
  async function brandOf(companyId: number, brandId: number) {
    const brand = await findCompanyBrand(db, companyId, brandId);
    if (!brand) throw new Error(`Brand ${brandId} of company ${companyId} is missing`);
    return brand;
  }

  async function planDocumentModel(documentId: number, language: Language): Promise<DocumentModel> {
    const document = await publishedPlanDocument(documentId);
    if (!document) throw notFound(`Document ${documentId}`);
    const [plan, row, brand] = await Promise.all([
      plans.plan(document.company_id, document.plan_id, { baseUrl: '', language }),
      plans.planRow(document.company_id, document.plan_id),
      brandOf(document.company_id, document.brand_id),
    ]);
    const utility = {
      name: row.utility_name,
      state_code: row.state_code,
      rescission_period: row.rescission_period,
    };
    const today = dayOf(clock);
    if (document.doc_type === 'EFL') return eflModel(plan, brand as BrandFacts, utility, language, today);
    if (document.doc_type === 'GAS_DISCLOSURE')
      return gasDisclosureModel(plan, brand as BrandFacts, utility, language, today);
    return termsModel(plan, brand as BrandFacts, utility, language, today);
  }

  async function marketModel(documentId: number, language: Language): Promise<DocumentModel> {
    const document = await store.findMarketDocument(db, documentId);
    const market =
      document &&
      (await findCompanyMarkets(db, document.company_id)).find((m) => m.id === document.market_id);
    if (!document || !market) throw notFound(`Document ${documentId}`);
    const brand = await findFirstBrand(db, document.company_id);
    return marketDocumentModel(
      document.doc_type,
      brand as BrandFacts,
      market.state_code,
      language,
      dayOf(clock),
    );
  }

  /** A rendered document and the file name it is downloaded as. */
  const rendered = async (model: DocumentModel) => ({
    fileName: `${model.title
      .normalize('NFD')
      .replace(/[^A-Za-z0-9 -]+/g, '')
      .trim()}.pdf`,
    bytes: await renderPdf(model),
  });

  /**
   * A document as the public may read it: of a published plan (its version in force), of a market, or the live
   * version of an uploaded library document.
   */
  const publicDocument = async (source: DocumentSource, documentId: number, language: Language) => {
    if (source === 'library') return library.liveFile(documentId, language);
    return rendered(
      source === 'plan'
        ? await planDocumentModel(documentId, language)
        : await marketModel(documentId, language),
    );
  };

  /** The uploaded library documents served with the plan, in the bundle's language. */
  const uploaded = async (companyId: number, planId: number, links: LinkContext & { language: string }) =>
    (await library.servedWith(companyId, planId, links)).map((d) =>
      bundleDocument('library', d.id, { doc_type: d.kind, name: d.name, url: d.url }, links.language),
    );

  return {
    /**
     * The price disclosure of one version of a plan, for staff: its Electricity Facts Label with the derivation of
     * its averages (or a gas plan's disclosure), drafts and versions no longer sold included.
     */
    async versionDisclosure(companyId: number, planId: number, version: number, language: Language) {
      const { plan, row } = await plans.planAtVersion(companyId, planId, version, { baseUrl: '', language });
      const brand = (await brandOf(companyId, row.brand_id)) as BrandFacts;
      const utility = {
        name: row.utility_name,
        state_code: row.state_code,
        rescission_period: row.rescission_period,
      };
      const today = dayOf(clock);
      const model =
        row.commodity === 'Electric'
          ? eflModel(plan, brand, utility, language, today)
          : gasDisclosureModel(plan, brand, utility, language, today);
      return rendered({ ...model, subtitle: `${model.subtitle} · v${plan.version}` });
    },

    /** Renders the PDF a signed link stands for; the link itself is the authorization. */
    async download(source: DocumentSource, documentId: number, language: Language, url: string) {
      const check = linkSigner.check(url);
      if (check === 'invalid') throw new ApiError('FILE_LINK_INVALID', 'This download link is not valid.');
      if (check === 'expired')
        throw new ApiError(
          'FILE_LINK_EXPIRED',
          'This download link has expired; ask for the documents again.',
        );
      return publicDocument(source, documentId, language);
    },

    /**
     * Renders a published plan's document or a market notice at its permanent listing address. Library documents
     * have none: they are reached through the signed links given with a plan.
     */
    async listed(source: DocumentSource, documentId: number, language: Language) {
      if (source === 'library') throw notFound(`Document ${documentId}`);
      return publicDocument(source, documentId, language);
    },

    async bundle(
      companyId: number,
      planId: number,
      documentType: (typeof DOCUMENT_TYPES)[number],
      links: LinkContext & { language: string },
    ): Promise<BundleDocumentWire[]> {
      const plan = await plans.plan(companyId, planId, links);
      const shown = (d: { display_in_my_account: boolean }) =>
        documentType !== 'DisplayMyAccountDocuments' || d.display_in_my_account;
      const own = plan.plan_documents
        .filter(shown)
        .map((d) => bundleDocument('plan', d.id_plan_document, d, links.language));
      const inherited = plan.market_documents
        .filter(shown)
        .map((d) => bundleDocument('market', d.id_market_document, d, links.language));
      if (documentType === 'DisplayInheritedDocuments') return inherited;
      const library = await uploaded(companyId, planId, links);
      if (documentType === 'DisplayDocuments') return [...own, ...library];
      return [...own, ...library, ...inherited];
    },

    /** What a customer must receive when enrolling in the plan: its documents and the market's, in one language. */
    async enrollmentDocuments(
      companyId: number,
      planId: number,
      links: LinkContext & { language: string },
    ): Promise<BundleDocumentWire[]> {
      const plan = await plans.plan(companyId, planId, links);
      return [
        ...plan.plan_documents.map((d) => bundleDocument('plan', d.id_plan_document, d, links.language)),
        ...(await uploaded(companyId, planId, links)),
        ...plan.market_documents
          .filter((d) => d.doc_type !== 'PRIVACY')
          .map((d) => bundleDocument('market', d.id_market_document, d, links.language)),
      ];
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
