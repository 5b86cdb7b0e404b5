import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { DataOf } from '../../../lib/api';
import { monthDay, number } from '../../../lib/format';

type Period = DataOf<'/api/v1/billing/usage-history/{enrollId}', 'get'>[number];

/**
 * The usage bar chart, its own chunk: recharts is large, and only this chart needs it. Each bar is a billing period,
 * named by the day of its closing meter read. Screen readers get the table instead (the section's button).
 */
export default function UsageChart({
  periods,
  unit,
  label,
}: {
  periods: Period[];
  unit: string;
  label: string;
}) {
  const data = periods.map((period) => ({ period: monthDay(period.endReadDate), usage: period.usageNum }));
  return (
    <div aria-hidden="true">
      <BarChart
        h={220}
        data={data}
        dataKey="period"
        series={[{ name: 'usage', label, color: 'brand.6' }]}
        valueFormatter={(value) => `${number(value)} ${unit}`}
        yAxisProps={{ tickFormatter: (value: number) => number(value), width: 48 }}
        tickLine="y"
        gridAxis="y"
        withTooltip
        maxBarWidth={48}
        // Not a keyboard stop: the section's table carries the same numbers for screen readers.
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
