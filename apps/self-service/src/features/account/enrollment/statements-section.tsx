import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { SITE_BASE } from '../../../lib/api';
import { calendarDate, money, number } from '../../../lib/format';
import { Facts, Pager, Section } from './parts';
import { statementSummaryQuery, statementsQuery } from './queries';

/**
 * A statement's PDF through the site's own server (which passes the API's PDF on with the customer's session): the
 * browser opens it in a new tab, where the session cookie goes along.
 */
const statementPdfUrl = (enrollId: number, token: string) =>
  `${SITE_BASE}/api/v1/billing/statements-pdf/${enrollId}?${new URLSearchParams({ custStatementTkn: token })}`;

/** The latest statement in short, then every statement, newest first, each with its PDF. */
export function StatementsSection({ enrollmentId }: { enrollmentId: number }) {
  const { t } = useTranslation('enrollmentPage');
  const [page, setPage] = useState(1);
  const statements = useQuery({ ...statementsQuery(enrollmentId, page), placeholderData: keepPreviousData });
  return (
    <Section title={t('statements.title')}>
      <LatestStatement enrollmentId={enrollmentId} />
      <QueryState query={statements}>
        {(shown) =>
          shown.total === 0 ? (
            <Text size="sm">{t('statements.none')}</Text>
          ) : (
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('statements.list')}
              </Title>
              <Table.ScrollContainer minWidth={300}>
                <Table verticalSpacing="xs" horizontalSpacing="xs" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('statements.date')}</Table.Th>
                      <Table.Th scope="col" ta="right">
                        {t('statements.amount')}
                      </Table.Th>
                      <Table.Th scope="col">{t('statements.pdf')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.items.map((statement) => (
                      <Table.Tr key={statement.custStatementTkn}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {calendarDate(statement.statementDate)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t('statements.dueOn', { date: calendarDate(statement.dueDate) })}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm">{money(statement.stmtBalanceAmt)}</Text>
                          <Text size="xs" c="dimmed">
                            {t('statements.usage', {
                              usage: number(statement.usageNum),
                              unit: t(`common:units.${statement.usageUnit}`, {
                                defaultValue: statement.usageUnit,
                              }),
                            })}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            href={statementPdfUrl(enrollmentId, statement.custStatementTkn)}
                            target="_blank"
                            rel="noopener"
                            size="sm"
                            aria-label={t('statements.pdfOf', {
                              date: calendarDate(statement.statementDate),
                            })}
                          >
                            PDF
                          </Anchor>
                        </Table.Td>
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

function LatestStatement({ enrollmentId }: { enrollmentId: number }) {
  const { t } = useTranslation('enrollmentPage');
  const latest = useQuery(statementSummaryQuery(enrollmentId)).data;
  if (!latest?.custStatementTkn || !latest.statementDate) return null;
  return (
    <Paper bg="gray.0" p="sm" radius="sm">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('statements.latest', { date: calendarDate(latest.statementDate) })}
        </Title>
        {latest.beginReadDate && latest.endReadDate && (
          <Text size="sm">
            {t('statements.period', {
              from: calendarDate(latest.beginReadDate),
              to: calendarDate(latest.endReadDate),
            })}{' '}
            ·{' '}
            {t('statements.usage', {
              usage: number(latest.usageNum),
              unit: t(`common:units.${latest.usageUnit}`, { defaultValue: latest.usageUnit }),
            })}
          </Text>
        )}
        <Facts
          facts={[
            { label: t('statements.energy'), value: money(latest.energyChargesAmt) },
            { label: t('statements.base'), value: money(latest.baseChargesAmt) },
            { label: t('statements.delivery'), value: money(latest.deliveryChargesAmt) },
            { label: t('statements.taxes'), value: money(latest.taxesAmt) },
            { label: t('statements.currentCharges'), value: money(latest.currentChargesAmt) },
            { label: t('statements.previousBalance'), value: money(latest.previousBalanceAmt) },
            { label: t('statements.payments'), value: money(latest.paymentsAmt) },
            {
              label: t('statements.balanceDue'),
              value: latest.dueDate
                ? `${money(latest.stmtBalanceAmt)} · ${t('statements.dueOn', { date: calendarDate(latest.dueDate) })}`
                : money(latest.stmtBalanceAmt),
            },
          ]}
        />
        <Anchor
          href={statementPdfUrl(enrollmentId, latest.custStatementTkn)}
          target="_blank"
          rel="noopener"
          size="sm"
        >
          {t('statements.openPdf')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
