import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../../lib/api';
import { cents, money, percent } from '../../lib/format';

export type Plan = DataOf<'/api/v1/plans/for-wizard', 'get'>[number];
export type BillEstimate = DataOf<'/api/v1/plans/bill-estimate', 'get'>[number];

const EFL_USAGES = [500, 1000, 2000] as const;

/** The EFL's average prices, as the Electricity Facts Label states them (null for plans without an EFL). */
export function eflAverages(plan: Plan) {
  const prices = { 500: plan.rate500, 1000: plan.rate1000, 2000: plan.rate2000 };
  return EFL_USAGES.map((usage) => ({ usage, price: prices[usage] })).filter(
    (row): row is { usage: (typeof EFL_USAGES)[number]; price: number } => row.price !== null,
  );
}

export function usePlanWords() {
  const { t } = useTranslation('shopping');
  return {
    unit: (plan: Plan) => t(`common:units.${plan.rate_unit}`, { defaultValue: plan.rate_unit }),
    term: (plan: Plan) =>
      plan.term <= 1 ? t('plan.monthToMonth') : t('plan.termMonths', { count: plan.term }),
    etf: (plan: Plan) => (plan.cancellation_fee > 0 ? money(plan.cancellation_fee) : t('plan.noEtf')),
    renewable: (plan: Plan) => `${percent(plan.renewable_percent ?? 0)}%`,
    price: (plan: Plan, price: number) => `${cents(price, plan.decimal_places_to_show ?? 1)}¢`,
  };
}

/**
 * The documents a shopper may open before choosing: in a list, those the plan shows in plan shopping; on the plan's
 * own page, all of them (facts label and terms); and the market's Your Rights as a Customer.
 */
export function PlanDocumentLinks({ plan, all = false }: { plan: Plan; all?: boolean }) {
  const { t } = useTranslation('shopping');
  const documents = [
    ...plan.plan_documents.filter((document) => all || document.display_in_plan_listing),
    ...plan.market_documents.filter((document) => document.doc_type === 'YRAC'),
  ];
  if (documents.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {t('plan.documents')}
      </Text>
      <Group gap="md">
        {documents.map((document) => (
          <Anchor key={`${document.doc_type}-${document.url}`} href={document.url} target="_blank" size="sm">
            {document.name} ({document.doc_type})
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

/** One labelled fact of a plan (term, rate type, fee…). */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}
