import { Button, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../app/routes';
import { QueryState } from '../../../components/query-state';
import type { DataOf } from '../../../lib/api';
import { calendarDate, money, number } from '../../../lib/format';
import { Section } from './parts';
import { usageHistoryQuery } from './queries';

// The chart library (recharts under @mantine/charts) is loaded only when a chart is drawn.
const UsageChart = lazy(() => import('./usage-chart'));

/**
 * Metered usage of each billed period as a bar chart, oldest first; the same numbers as a table for whoever prefers it
 * or cannot see the chart (the button switches between the two).
 */
type Period = DataOf<'/api/v1/billing/usage-history/{enrollId}', 'get'>[number];

export function UsageSection({ enrollmentId }: { enrollmentId: number }) {
  const { t } = useTranslation('enrollmentPage');
  const usage = useQuery(usageHistoryQuery(enrollmentId));
  const [asTable, setAsTable] = useState(false);
  const viewId = useId();
  const titleId = useId();
  return (
    <Section title={t('usage.title')}>
      <QueryState query={usage}>
        {(periods) => {
          if (periods.length === 0) return <Text size="sm">{t('usage.none')}</Text>;
          const unitCode = periods[0]?.usageUnit ?? 'kWh';
          const unit = t(`common:units.${unitCode}`, { defaultValue: unitCode });
          const oldestFirst = [...periods].reverse();
          const average = periods.reduce((sum, period) => sum + period.usageNum, 0) / periods.length;
          return (
            <>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t('usage.average', { usage: number(Math.round(average)), unit })}</Text>
                <Button
                  variant="light"
                  size="compact-sm"
                  aria-controls={viewId}
                  onClick={() => setAsTable((shown) => !shown)}
                >
                  {asTable ? t('usage.showChart') : t('usage.showTable')}
                </Button>
              </Group>
              <div id={viewId}>
                <Title order={3} size="h5" mb="xs" id={titleId}>
                  {t('usage.chartTitle', { unit })}
                </Title>
                {asTable ? (
                  <UsageTable periods={periods} unit={unit} titleId={titleId} />
                ) : (
                  <Suspense fallback={<PageLoader />}>
                    <UsageChart periods={oldestFirst} unit={unit} label={t('usage.usage')} />
                    {/* The chart is drawn for the eye; screen readers read the same numbers as a table. */}
                    <VisuallyHidden>
                      <UsageTable periods={periods} unit={unit} titleId={titleId} scroll={false} />
                    </VisuallyHidden>
                  </Suspense>
                )}
              </div>
            </>
          );
        }}
      </QueryState>
    </Section>
  );
}

function UsageTable({
  periods,
  unit,
  titleId,
  scroll = true,
}: {
  periods: Period[];
  unit: string;
  titleId: string;
  /** Hidden from the eye, the table needs no scroll container (a hidden one would still be a scrollable region). */
  scroll?: boolean;
}) {
  const { t } = useTranslation('enrollmentPage');
  const table = (
    <Table verticalSpacing="xs" horizontalSpacing="xs" striped aria-labelledby={titleId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('usage.period')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('usage.usage')}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {t('usage.billed')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {periods.map((period) => (
          <Table.Tr key={period.custStatementTkn}>
            <Table.Td>
              {calendarDate(period.beginReadDate)} – {calendarDate(period.endReadDate)}
              <Text size="xs" c="dimmed">
                {t('usage.days')}: {period.daysOfService} · {t('usage.dailyAverage')}:{' '}
                {number(period.averageDailyUsage)} {unit}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              {number(period.usageNum)} {unit}
            </Table.Td>
            <Table.Td ta="right">{money(period.usageChargeAmount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return scroll ? <Table.ScrollContainer minWidth={280}>{table}</Table.ScrollContainer> : table;
}
