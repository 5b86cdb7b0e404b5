import { Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { ErrorState } from '../../../components/ui/states';
import { Section } from '../../enrollments/components/section';
import type { PlanDetail } from '../api/get-plan';
import { usePlans } from '../api/get-plans';
import { averagesAgainstOthers, averagesByVersion } from '../model';

const VersionsChart = lazy(() =>
  import('./price-comparison-charts').then((m) => ({ default: m.VersionsChart })),
);
const OtherPlansChart = lazy(() =>
  import('./price-comparison-charts').then((m) => ({ default: m.OtherPlansChart })),
);

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

function AgainstOtherPlans({ plan }: { plan: PlanDetail }) {
  const others = usePlans({
    utilityId: plan.utility.id,
    customerTypeId: plan.customerType.id,
    state: 'on-sale',
  });
  if (others.isPending) return <Loader size="sm" aria-label="Loading the other plans" />;
  if (others.error)
    return <ErrorState error={others.error} onRetry={() => void others.refetch()} what="the plans" />;
  const comparison = averagesAgainstOthers(plan, others.data);
  return (
    <Stack gap="xs">
      <Text size="sm">
        {comparison.of === 1
          ? `No other plan is on sale to ${plan.customerType.name.toLowerCase()} customers of ${plan.utility.name}.`
          : `At 1,000 kWh this plan is the ${ordinal(comparison.rank)} cheapest of ${comparison.of} plans for ${plan.customerType.name.toLowerCase()} customers of ${plan.utility.name} (plans on sale, and this one).`}
      </Text>
      <OtherPlansChart comparison={comparison} planId={plan.id} />
    </Stack>
  );
}

/**
 * How the plan's EFL averages (500, 1,000 and 2,000 kWh, delivery included) moved across its versions, and how they
 * compare with the other plans sold to the same customers of the same utility.
 */
export function PriceComparison({ plan }: { plan: PlanDetail }) {
  const [view, setView] = useState<'versions' | 'others'>('versions');
  const byVersion = averagesByVersion(plan.versions);
  return (
    <Section
      title="Price comparison"
      description="EFL averages in cents per kWh, delivery included, at the delivery charges in effect today."
      actions={
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value as typeof view)}
          data={[
            { value: 'versions', label: 'Across versions' },
            { value: 'others', label: 'Against other plans' },
          ]}
        />
      }
    >
      <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>
        {view === 'versions' ? (
          <Stack gap="xs">
            <Text size="sm">
              {byVersion.length === 1
                ? 'One version so far: a price change adds a point.'
                : `${byVersion.length} versions, from the first to the last scheduled.`}
            </Text>
            <VersionsChart data={byVersion} />
          </Stack>
        ) : (
          <AgainstOtherPlans plan={plan} />
        )}
      </Suspense>
    </Section>
  );
}
