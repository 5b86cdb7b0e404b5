import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { useMediaQuery } from '@mantine/hooks';
import { formatDate } from '../../../lib/format';
import { type averagesAgainstOthers, type averagesByVersion, centsOf, EFL_USAGE_SERIES } from '../model';

/**
 * The price comparison's charts, in a chunk of their own (the charting library is the largest part of the page): the
 * plan's page shows first, the charts follow.
 */

const series = EFL_USAGE_SERIES.map((s) => ({ ...s }));
const valueFormatter = (cents: number) => centsOf(cents);
/** The legend in usage order (500, 1,000, 2,000 kWh) rather than by name. */
const legendProps = {
  verticalAlign: 'bottom' as const,
  itemSorter: (item: { dataKey?: unknown }) => series.findIndex((s) => s.name === item.dataKey),
};

/** The EFL averages of each version, in the order they took effect. */
export function VersionsChart({ data }: { data: ReturnType<typeof averagesByVersion> }) {
  return (
    <LineChart
      h={260}
      data={data.map((d) => ({ ...d, label: `${d.label} · ${formatDate(d.effectiveAt)}` }))}
      dataKey="label"
      series={series}
      withLegend
      legendProps={legendProps}
      valueFormatter={valueFormatter}
      yAxisProps={{ width: 56, domain: ['auto', 'auto'] }}
      curveType="linear"
      gridAxis="y"
    />
  );
}

/** The plan beside the other plans on sale for the same customers, one group of bars per plan. */
export function OtherPlansChart({
  comparison,
  planId,
}: {
  comparison: ReturnType<typeof averagesAgainstOthers>;
  planId: number;
}) {
  // Plan names take what a phone can spare of its width; the bars keep the rest.
  const wide = useMediaQuery('(min-width: 48em)');
  const data = comparison.rows.map((r) => ({ ...r, plan: r.id === planId ? `▶ ${r.name}` : r.name }));
  return (
    <BarChart
      h={Math.max(200, 56 * data.length + 60)}
      data={data}
      dataKey="plan"
      orientation="vertical"
      series={series}
      withLegend
      legendProps={legendProps}
      valueFormatter={valueFormatter}
      yAxisProps={{ width: wide ? 220 : 120 }}
      gridAxis="x"
      maxBarWidth={14}
    />
  );
}
