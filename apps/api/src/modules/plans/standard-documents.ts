import type { Insertable } from 'kysely';
import type { PlanDocumentsTable } from '../../db/tables/plans.js';

/**
 * The documents every plan has, generated from its versions: the price disclosure of its commodity (Electricity
 * Facts Label, Gas Price Disclosure), listed with the plan, and the terms of service.
 */
export function standardPlanDocuments(
  commodity: 'Electric' | 'Gas',
): Omit<Insertable<PlanDocumentsTable>, 'plan_id'>[] {
  return [
    commodity === 'Electric'
      ? { doc_type: 'EFL', name: 'Electricity Facts Label', display_in_plan_listing: 1 }
      : { doc_type: 'GAS_DISCLOSURE', name: 'Gas Price Disclosure', display_in_plan_listing: 1 },
    { doc_type: 'TOS', name: 'Terms of Service', display_in_plan_listing: 0 },
  ];
}
