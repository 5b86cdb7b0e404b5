import { Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import type { DataOf } from '../../../lib/api';
import { calendarDate, money } from '../../../lib/format';
import { Pager, Section } from './parts';
import { paymentHistoryQuery } from './queries';

type Payment = DataOf<'/api/v1/payments/history-by-enrollment/{enrollId}', 'get'>[number];

/** The payments, deposits, refunds and declines of the enrollment, newest first. */
export function PaymentHistorySection({ enrollmentId }: { enrollmentId: number }) {
  const { t } = useTranslation('enrollmentPage');
  const [page, setPage] = useState(1);
  const history = useQuery({ ...paymentHistoryQuery(enrollmentId, page), placeholderData: keepPreviousData });
  return (
    <Section title={t('payments.title')}>
      <QueryState query={history}>
        {(shown) =>
          shown.total === 0 ? (
            <Text size="sm">{t('payments.none')}</Text>
          ) : (
            <Stack gap="xs">
              <Table.ScrollContainer minWidth={300}>
                <Table verticalSpacing="xs" horizontalSpacing="xs" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('payments.date')}</Table.Th>
                      <Table.Th scope="col">{t('payments.method')}</Table.Th>
                      <Table.Th scope="col" ta="right">
                        {t('payments.amount')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.items.map((payment) => (
                      <Table.Tr key={paymentKey(payment)}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{calendarDate(payment.paidDate)}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{payment.payMethodDesc}</Text>
                          <PaymentResult payment={payment} />
                        </Table.Td>
                        <Table.Td ta="right">{money(payment.paidAmount)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager page={shown.page} pages={shown.pages} onPage={setPage} />
            </Stack>
          )
        }
      </QueryState>
    </Section>
  );
}

/** Payments have no id in the history: the moment, method, kind and amount tell them apart. */
const paymentKey = (p: Payment) =>
  [p.paidDate, p.payMethodDesc, p.directionDesc, p.paidAmount, p.returnReasonDesc].join('|');

/** What became of a payment: a decline (and why), a refund, a deposit, or a plain payment. */
function PaymentResult({ payment }: { payment: Payment }) {
  const { t } = useTranslation('enrollmentPage');
  if (payment.returnReasonDesc)
    return (
      <Text size="xs" c="red.9">
        {t('payments.declined', { reason: payment.returnReasonDesc })}
      </Text>
    );
  const kind =
    payment.directionDesc === 'Refund'
      ? t('payments.refund')
      : payment.depositDate
        ? t('payments.deposit')
        : t('payments.payment');
  return (
    <Text size="xs" c="dimmed">
      {kind}
    </Text>
  );
}
