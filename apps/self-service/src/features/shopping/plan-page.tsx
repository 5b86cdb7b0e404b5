import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { QueryState } from '../../components/query-state';
import { isApiFailure } from '../../lib/api';
import { number } from '../../lib/format';
import { useLanguageId } from '../../lib/i18n';
import { eflAverages, Fact, PlanDocumentLinks, usePlanWords } from './plan-facts';
import { planQuery } from './queries';
import './messages';

/**
 * One plan's own page, the address listings such as Power to Choose link to (`/plans/{id}`): what the EFL says, the
 * documents, and the way into the wizard.
 */
export default function PlanPage({ planId }: { planId: number }) {
  const { t } = useTranslation('shopping');
  const words = usePlanWords();
  const plan = useQuery(planQuery(planId, useLanguageId()));
  if (plan.isError && isApiFailure(plan.error) && plan.error.status === 404)
    return <Alert color="yellow">{t('plan.notFound')}</Alert>;
  return (
    <QueryState query={plan}>
      {(shown) => (
        <Stack gap="lg" maw={760}>
          <Title order={1}>{shown.name}</Title>
          {shown.description && <Text>{shown.description}</Text>}
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              {eflAverages(shown).map((row) => (
                <Stack key={row.usage} gap={0}>
                  <Text size="sm" c="dimmed">
                    {t('plan.averagePrice')}{' '}
                    {t('plan.at', { usage: number(row.usage), unit: words.unit(shown) })}
                  </Text>
                  <Text fz={28} fw={700}>
                    {words.price(shown, row.price)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Paper>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Fact label={t('plan.term')} value={words.term(shown)} />
            <Fact label={t('plan.rateType')} value={shown.rate_type} />
            <Fact label={t('plan.etf')} value={words.etf(shown)} />
            <Fact label={t('plan.renewable')} value={words.renewable(shown)} />
          </SimpleGrid>
          {shown.early_termination_text && <Text size="sm">{shown.early_termination_text}</Text>}
          {shown.terms_text && (
            <Text size="sm" c="dimmed">
              {shown.terms_text}
            </Text>
          )}
          <PlanDocumentLinks plan={shown} all />
          <Button
            component={Link}
            href={`/enroll/${shown.id_plan}`}
            size="md"
            w={{ base: '100%', xs: 'auto' }}
          >
            {t('plan.enroll')}
          </Button>
        </Stack>
      )}
    </QueryState>
  );
}
