import type { Static } from 'typebox';
import { billAtUsage, type DeliveryCharge } from '../../domain/efl.js';
import { rateUnit } from './naming.js';
import type { BillEstimate } from './schemas.js';
import type { PlanRow } from './store.js';
import { timeOfUseOf } from './versions.js';

/**
 * A plan's bill for a month at the customer's usage, in the plan's unit: the bill the EFL averages are made of
 * (domain/efl.ts' billAtUsage, with the utility's delivery charges in force now), so at 500, 1,000 and 2,000 kWh its
 * average price is the plan's rate500, rate1000 and rate2000.
 */
export function billEstimate(
  row: PlanRow,
  charges: DeliveryCharge[],
  usage: number,
): Static<typeof BillEstimate> {
  const bill = billAtUsage({ ...row, timeOfUse: timeOfUseOf(row) }, charges, usage);
  return {
    id_plan: row.id,
    usage,
    unit: rateUnit(row.commodity, row.state_code),
    average_price: bill.shownCents,
    monthly_bill: Math.round(bill.totalDollars * 100) / 100,
  };
}
