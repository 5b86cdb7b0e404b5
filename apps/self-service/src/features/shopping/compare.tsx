import { Anchor, Button, Modal, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { number } from '../../lib/format';
import { type Plan, usePlanWords } from './plan-facts';

/** Up to three plans side by side: one column per plan, one row per fact the EFL states. */
export function ComparePlans({ plans, enrollHref }: { plans: Plan[]; enrollHref: (plan: Plan) => string }) {
  const { t } = useTranslation('shopping');
  const words = usePlanWords();
  const [opened, { open, close }] = useDisclosure(false);
  if (plans.length === 0) return null;
  const priceAt = (plan: Plan, usage: 500 | 1000 | 2000) => {
    const price = { 500: plan.rate500, 1000: plan.rate1000, 2000: plan.rate2000 }[usage];
    return price === null ? '—' : words.price(plan, price);
  };
  const rows: Array<[string, (plan: Plan) => string]> = [
    ...([500, 1000, 2000] as const).map((usage): [string, (plan: Plan) => string] => [
      `${t('plan.averagePrice')} ${t('plan.at', { usage: number(usage), unit: 'kWh' })}`,
      (plan) => priceAt(plan, usage),
    ]),
    [t('plan.term'), words.term],
    [t('plan.rateType'), (plan) => plan.rate_type],
    [t('plan.etf'), words.etf],
    [t('plan.renewable'), words.renewable],
  ];
  return (
    <>
      <Button onClick={open} disabled={plans.length < 2} variant="filled">
        {t('list.compareCount', { count: plans.length })}
      </Button>
      <Modal opened={opened} onClose={close} title={t('list.compareTitle')} size="xl">
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Td />
                {plans.map((plan) => (
                  <Table.Th key={plan.id_plan} scope="col">
                    {plan.name}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  {plans.map((plan) => (
                    <Table.Td key={plan.id_plan}>{value(plan)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td />
                {plans.map((plan) => (
                  <Table.Td key={plan.id_plan}>
                    <Anchor
                      component={Link}
                      href={enrollHref(plan)}
                      fw={600}
                      aria-label={`${t('plan.enroll')}: ${plan.name}`}
                    >
                      {t('plan.enroll')}
                    </Anchor>
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Modal>
    </>
  );
}
