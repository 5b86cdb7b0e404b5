import { Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { money, number } from '../../lib/format';
import type { BillEstimate } from './plan-facts';
import { eflAverages, Fact, type Plan, PlanDocumentLinks, usePlanWords } from './plan-facts';

interface PlanCardProps {
  plan: Plan;
  compared: boolean;
  canCompareMore: boolean;
  onCompare: (compared: boolean) => void;
  /** Where "Sign up" leads, keeping what the shopper searched with. */
  enrollHref: string;
  /** The API's estimate of the monthly bill at the shopper's usage. */
  estimate: BillEstimate | undefined;
}

export function PlanCard({ plan, compared, canCompareMore, onCompare, enrollHref, estimate }: PlanCardProps) {
  const { t } = useTranslation('shopping');
  const words = usePlanWords();
  const averages = eflAverages(plan);
  const headline = averages.find((row) => row.usage === 1000) ?? null;
  const titleId = `plan-${plan.id_plan}-name`;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={titleId}>
            {plan.name}
          </Title>
          {plan.promo_code && <Badge variant="light">{plan.promo_code}</Badge>}
        </Group>
        {headline && (
          <div>
            <Text component="span" fz={32} fw={700} lh={1}>
              {words.price(plan, headline.price)}
            </Text>{' '}
            <Text component="span" size="sm">
              {t('plan.perUnit', { unit: words.unit(plan) })}{' '}
              {t('plan.at', { usage: number(1000), unit: words.unit(plan) })}
            </Text>
          </div>
        )}
        {estimate && (
          <Text fw={600} c="brand.8">
            {t('list.estimate', {
              amount: money(estimate.monthly_bill),
              usage: number(estimate.usage),
              unit: t(`common:units.${estimate.unit}`, { defaultValue: estimate.unit }),
            })}
          </Text>
        )}
        {plan.description && (
          <Text size="sm" c="dimmed">
            {plan.description}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Fact label={t('plan.term')} value={words.term(plan)} />
          <Fact label={t('plan.rateType')} value={plan.rate_type} />
          <Fact label={t('plan.etf')} value={words.etf(plan)} />
          <Fact label={t('plan.renewable')} value={words.renewable(plan)} />
        </SimpleGrid>
        {averages.length > 0 && (
          <Text size="sm">
            {t('plan.averagePrice')}:{' '}
            {averages
              .map(
                (row) =>
                  `${words.price(plan, row.price)} ${t('plan.at', { usage: number(row.usage), unit: words.unit(plan) })}`,
              )
              .join(' · ')}
          </Text>
        )}
        {plan.recurring_billing_required && (
          <Badge variant="outline" color="dark">
            {t('plan.autopayRequired')}
          </Badge>
        )}
        <PlanDocumentLinks plan={plan} />
        <Group justify="space-between" mt="xs">
          <Checkbox
            label={t('list.compareAdd')}
            checked={compared}
            disabled={!compared && !canCompareMore}
            onChange={(event) => onCompare(event.currentTarget.checked)}
            aria-describedby={titleId}
          />
          <Group gap="xs">
            <Button
              variant="default"
              component={Link}
              href={`/plans/${plan.id_plan}`}
              aria-describedby={titleId}
            >
              {t('plan.details')}
            </Button>
            <Button component={Link} href={enrollHref} aria-describedby={titleId}>
              {t('plan.enroll')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
