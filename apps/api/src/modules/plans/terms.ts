import type { Static } from 'typebox';
import type { PlanTerms } from './schemas.js';
import type { PlanWire } from './service.js';

/** A plan as staff weigh it for a customer (the enrollment page, a renewal's choices). */
export function planTerms(plan: PlanWire): Static<typeof PlanTerms> {
  return {
    id: plan.id_plan,
    name: plan.name,
    version: plan.version,
    onSale: plan.display_in_wizard,
    rateType: plan.rate_type,
    rate: plan.rate,
    rateUnit: plan.rate_unit,
    monthlyFee: plan.monthly_fee,
    cancellationFee: plan.cancellation_fee,
    term: plan.term,
    averagePrices:
      plan.rate1000 === null ? null : { at500: plan.rate500, at1000: plan.rate1000, at2000: plan.rate2000 },
    documents: [
      ...plan.plan_documents.map((d) => ({ type: d.doc_type, name: d.name, url: d.url })),
      ...plan.market_documents.map((d) => ({ type: d.doc_type, name: d.name, url: d.url })),
    ],
    acceptanceOptions: plan.acceptance_options.map((o) => ({
      id: o.id_option,
      text: o.text,
      required: o.is_required,
    })),
  };
}
