import { Affix, Alert, Anchor, Badge, Group, NumberInput, Radio, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { QueryState } from '../../components/query-state';
import { useLanguageId } from '../../lib/i18n';
import { ComparePlans } from './compare';
import { PlanCard } from './plan-card';
import type { Plan } from './plan-facts';
import { billEstimatesQuery, MAX_ESTIMATED_PLANS, plansQuery, utilitiesQuery } from './queries';
import './messages';

const MAX_COMPARED = 3;
/** The EFL's middle usage, a typical home's month. */
const DEFAULT_USAGE = 1000;

/** What the shopper searched with, read from the address so a reload or a shared link shows the same plans. */
function useShoppingSearch() {
  const [params, setParams] = useSearchParams();
  const compared = (params.get('compare') ?? '').split(',').filter(Boolean).map(Number);
  return {
    zip: params.get('zip') ?? '',
    customerTypeId: Number(params.get('type') ?? 1),
    promo: params.get('promo') || undefined,
    utilityId: params.get('utility') ? Number(params.get('utility')) : null,
    usage: Number(params.get('usage')) > 0 ? Number(params.get('usage')) : DEFAULT_USAGE,
    compared,
    set: (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
  };
}

/** Plans on sale at a zip code: its utilities, then each plan with its EFL prices, to compare and sign up for. */
export default function PlanList() {
  const { t } = useTranslation('shopping');
  const search = useShoppingSearch();
  const utilities = useQuery({
    ...utilitiesQuery(search.zip, search.customerTypeId),
    enabled: search.zip !== '',
  });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={1}>{t('list.title', { zip: search.zip })}</Title>
        <Anchor component={Link} href="/">
          {t('list.change')}
        </Anchor>
      </Group>
      <QueryState query={utilities}>
        {(served) => {
          if (served.length === 0)
            return <Alert color="yellow">{t('list.noUtility', { zip: search.zip })}</Alert>;
          const utilityId = served.some((u) => u.id_utility === search.utilityId)
            ? (search.utilityId as number)
            : (served[0]?.id_utility as number);
          return (
            <Stack gap="lg">
              {served.length > 1 && (
                <Radio.Group
                  label={t('list.utility')}
                  value={String(utilityId)}
                  onChange={(value) => search.set({ utility: value, compare: null })}
                >
                  <Group mt="xs">
                    {served.map((utility) => (
                      <Radio
                        key={utility.id_utility}
                        value={String(utility.id_utility)}
                        label={utility.name}
                      />
                    ))}
                  </Group>
                </Radio.Group>
              )}
              <UtilityPlans utilityId={utilityId} search={search} />
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}

/** The API answers estimates for ten plans at a time. */
const inTens = (ids: number[]) =>
  Array.from({ length: Math.ceil(ids.length / MAX_ESTIMATED_PLANS) }, (_, index) =>
    ids.slice(index * MAX_ESTIMATED_PLANS, (index + 1) * MAX_ESTIMATED_PLANS),
  );

/** Each plan's estimated monthly bill at the shopper's usage, by plan id. */
function useBillEstimates(plans: Plan[] | undefined, usage: number, promo: string | undefined) {
  const [settled] = useDebouncedValue(usage, 400);
  const answers = useQueries({
    queries: inTens((plans ?? []).map((plan) => plan.id_plan)).map((ids) =>
      billEstimatesQuery(ids, settled, promo),
    ),
  });
  return new Map(
    answers.flatMap((answer) => answer.data ?? []).map((estimate) => [estimate.id_plan, estimate]),
  );
}

function UtilityPlans({
  utilityId,
  search,
}: {
  utilityId: number;
  search: ReturnType<typeof useShoppingSearch>;
}) {
  const { t } = useTranslation('shopping');
  const plans = useQuery(plansQuery(utilityId, search.customerTypeId, search.promo, useLanguageId()));
  const [usage, setUsage] = useState(search.usage);
  const estimates = useBillEstimates(plans.data, usage, search.promo);
  const enrollHref = (plan: Plan) =>
    `/enroll/${plan.id_plan}?${new URLSearchParams({ zip: search.zip, ...(search.promo ? { promo: search.promo } : {}) })}`;
  const setCompared = (planId: number, compared: boolean) => {
    const next = compared ? [...search.compared, planId] : search.compared.filter((id) => id !== planId);
    search.set({ compare: next.slice(0, MAX_COMPARED).join(',') });
  };
  return (
    <QueryState query={plans}>
      {(onSale) => {
        if (onSale.length === 0) return <Alert color="yellow">{t('list.noPlans')}</Alert>;
        const compared = onSale.filter((plan) => search.compared.includes(plan.id_plan));
        return (
          <Stack gap="md">
            <NumberInput
              label={t('list.usage')}
              description={t('list.usageHint')}
              suffix={` ${onSale[0]?.rate_unit ?? 'kWh'}`}
              min={1}
              max={100_000}
              step={100}
              thousandSeparator=","
              allowDecimal={false}
              allowNegative={false}
              value={usage}
              onChange={(value) => {
                const next = Number(value);
                if (next > 0) {
                  setUsage(next);
                  search.set({ usage: String(next) });
                }
              }}
              maw={280}
            />
            <Group justify="space-between">
              <Text aria-live="polite">{t('list.plansFound', { count: onSale.length })}</Text>
              {search.promo && onSale.some((plan) => plan.promo_code) && (
                <Badge variant="light">{t('list.promoApplied', { code: search.promo })}</Badge>
              )}
            </Group>
            {onSale.map((plan) => (
              <PlanCard
                key={plan.id_plan}
                plan={plan}
                compared={search.compared.includes(plan.id_plan)}
                canCompareMore={compared.length < MAX_COMPARED}
                onCompare={(value) => setCompared(plan.id_plan, value)}
                estimate={estimates.get(plan.id_plan)}
                enrollHref={enrollHref(plan)}
              />
            ))}
            {compared.length > 0 && (
              <Affix position={{ bottom: 16, right: 16 }}>
                <ComparePlans plans={compared} enrollHref={enrollHref} />
              </Affix>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
