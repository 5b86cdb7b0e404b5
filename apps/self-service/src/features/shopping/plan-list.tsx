import { Affix, Alert, Anchor, Badge, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { QueryState } from '../../components/query-state';
import { ComparePlans } from './compare';
import { PlanCard } from './plan-card';
import type { Plan } from './plan-facts';
import { plansQuery, utilitiesQuery } from './queries';
import './messages';

const MAX_COMPARED = 3;

/** What the shopper searched with, read from the address so a reload or a shared link shows the same plans. */
function useShoppingSearch() {
  const [params, setParams] = useSearchParams();
  const compared = (params.get('compare') ?? '').split(',').filter(Boolean).map(Number);
  return {
    zip: params.get('zip') ?? '',
    customerTypeId: Number(params.get('type') ?? 1),
    promo: params.get('promo') || undefined,
    utilityId: params.get('utility') ? Number(params.get('utility')) : null,
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

function UtilityPlans({
  utilityId,
  search,
}: {
  utilityId: number;
  search: ReturnType<typeof useShoppingSearch>;
}) {
  const { t } = useTranslation('shopping');
  const plans = useQuery(plansQuery(utilityId, search.customerTypeId, search.promo));
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
