import { formatMoney } from '../../lib/format';
import type { PlanPrices, PlanSummary } from './api/get-plans';

/** "12 months", or "Month to month" for a plan without a term. */
export const termOf = (months: number) => (months <= 1 ? 'Month to month' : `${months} months`);

/** A rate in cents with as many decimals as it has (up to three): "12.9¢". */
export const centsOf = (rate: number) => `${Number(rate.toFixed(3))}¢`;

/** The EFL's average at 1,000 kWh, or a dash for gas. */
export const averageAt1000 = (prices: Pick<PlanPrices, 'averagePrices'>) =>
  prices.averagePrices?.at1000 == null ? '—' : centsOf(prices.averagePrices.at1000);

/** Where a plan stands in its sale: what its badge says and in which colour. */
export function saleStateOf(plan: Pick<PlanSummary, 'onSale' | 'published' | 'retired'>) {
  if (plan.retired) return { label: 'Retired', color: 'gray' };
  if (plan.onSale) return { label: 'On sale', color: 'green' };
  if (!plan.published) return { label: 'Draft', color: 'yellow' };
  return { label: 'Not on sale', color: 'orange' };
}

/** One line of a version's prices, as pricing staff say them. */
export const pricesLine = (
  prices: Pick<PlanPrices, 'rate' | 'monthlyFee' | 'cancellationFee'>,
  unit: string,
) =>
  `${centsOf(prices.rate)}/${unit} · ${formatMoney(prices.monthlyFee)} a month · ${
    prices.cancellationFee > 0 ? `${formatMoney(prices.cancellationFee)} early exit fee` : 'no early exit fee'
  }`;
