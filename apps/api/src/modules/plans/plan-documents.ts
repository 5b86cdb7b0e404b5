import type { Static } from 'typebox';
import { notFound } from '../../http/errors.js';
import type { PlanDocumentChange, PlanDocumentSettings } from './ops-schemas.js';
import type { PricingContext } from './pricing-context.js';
import * as store from './store.js';

type DocumentSettings = Static<typeof PlanDocumentSettings>;

const flag = (value: boolean) => (value ? 1 : 0);

/** A plan's documents as staff set them: where plan shopping, the wizard and My Account show each. */
export async function planDocumentSettings(
  db: PricingContext['db'],
  planId: number,
): Promise<DocumentSettings[]> {
  const documents = await store.planDocumentsOf(db, planId);
  return documents.map((d) => ({
    id: d.id,
    type: d.doc_type,
    name: d.name,
    inPlanListing: d.display_in_plan_listing === 1,
    inSummary: d.display_in_summary === 1,
    onThankYouPage: d.display_in_thank_you_page === 1,
    inMyAccount: d.display_in_my_account === 1,
  }));
}

/**
 * Where a plan's documents are shown and what they are called. The documents themselves are generated from the
 * plan's version in effect, in English and Spanish, so there is nothing to upload.
 */
export function createPlanDocuments({ db, planRowOf }: PricingContext) {
  return {
    async changeDocument(
      companyId: number,
      planId: number,
      documentId: number,
      change: Static<typeof PlanDocumentChange>,
    ) {
      await planRowOf(companyId, planId);
      const before = (await planDocumentSettings(db, planId)).find((d) => d.id === documentId);
      if (!before) throw notFound(`Document ${documentId} of plan ${planId}`);
      await store.updatePlanDocument(db, planId, documentId, {
        name: change.name?.trim(),
        display_in_plan_listing: change.inPlanListing === undefined ? undefined : flag(change.inPlanListing),
        display_in_summary: change.inSummary === undefined ? undefined : flag(change.inSummary),
        display_in_thank_you_page:
          change.onThankYouPage === undefined ? undefined : flag(change.onThankYouPage),
        display_in_my_account: change.inMyAccount === undefined ? undefined : flag(change.inMyAccount),
      });
      const after = (await planDocumentSettings(db, planId)).find((d) => d.id === documentId)!;
      return { before, after };
    },
  };
}
