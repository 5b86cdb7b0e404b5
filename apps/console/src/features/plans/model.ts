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

type Averages = NonNullable<PlanPrices['averagePrices']>;

/** The EFL's usage levels, as the charts name their series. */
export const EFL_USAGE_SERIES = [
  { name: 'at500', label: '500 kWh', color: 'teal.6' },
  { name: 'at1000', label: '1,000 kWh', color: 'indigo.6' },
  { name: 'at2000', label: '2,000 kWh', color: 'orange.6' },
] as const;

/** A plan's EFL averages version by version, oldest first; versions called off never priced anything. */
export function averagesByVersion(
  versions: (Pick<PlanPrices, 'version' | 'effectiveAt' | 'averagePrices'> & { state: string })[],
) {
  return versions
    .filter((v) => v.state !== 'cancelled' && v.averagePrices !== null)
    .sort((a, b) => a.effectiveAt.localeCompare(b.effectiveAt))
    .map((v) => ({ label: `v${v.version}`, effectiveAt: v.effectiveAt, ...(v.averagePrices as Averages) }));
}

/**
 * The plan against the other plans on sale of its utility and customer type, cheapest first at 1,000 kWh (the
 * usage plan listings sort by), and where the plan stands among them.
 */
export function averagesAgainstOthers(plan: PlanSummary, others: PlanSummary[]) {
  const priced = [plan, ...others.filter((o) => o.id !== plan.id)].flatMap((p) =>
    p.current?.averagePrices ? [{ id: p.id, name: p.name, ...p.current.averagePrices }] : [],
  );
  const rows = priced.sort((a, b) => (a.at1000 ?? Infinity) - (b.at1000 ?? Infinity));
  const rank = rows.findIndex((r) => r.id === plan.id) + 1;
  return { rows, rank, of: rows.length };
}
