import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import dayjs from 'dayjs';
import { formatCount } from '../../../lib/format';
import type { Dashboard } from '../api/get-dashboard';
import { holdsChartData } from '../model';
import classes from './dashboard.module.css';

/**
 * The dashboard's two charts, in a chunk of their own (the charting library is the largest part of the page): the
 * numbers around them show first, the charts follow.
 */

const valueFormatter = (value: number) => formatCount(value);

interface HoldsByAgeChartProps {
  dashboard: Dashboard;
  /** A bar of a hold status in an age bucket was clicked: open its queue. */
  onSelect: (status: string, bucketIndex: number) => void;
}

/** The holds now, a bar per age bucket stacked by hold status. */
export function HoldsByAgeChart({ dashboard, onSelect }: HoldsByAgeChartProps) {
  const { data, series } = holdsChartData(dashboard);
  return (
    <BarChart
      className={classes.chart}
      h={260}
      data={data}
      dataKey="bucket"
      series={series}
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 64 }}
      valueFormatter={valueFormatter}
      yAxisProps={{ allowDecimals: false, width: 40 }}
      maxBarWidth={56}
      gridAxis="y"
      barProps={(item) => ({
        cursor: 'pointer',
        onClick: (_bar, index) => onSelect(item.name, index),
      })}
    />
  );
}

/** Enrollments created and sent to the billing system, day by day. */
export function DailyActivityChart({ dashboard }: { dashboard: Dashboard }) {
  const data = dashboard.daily.map((day) => ({ ...day, label: dayjs(day.day).format('D MMM') }));
  return (
    <AreaChart
      className={classes.chart}
      h={260}
      data={data}
      dataKey="label"
      series={[
        { name: 'created', label: 'Created', color: 'indigo.6' },
        { name: 'submitted', label: 'Sent to billing', color: 'teal.6' },
      ]}
      curveType="monotone"
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      valueFormatter={valueFormatter}
      yAxisProps={{ allowDecimals: false, width: 40 }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
      gridAxis="y"
      fillOpacity={0.25}
    />
  );
}
