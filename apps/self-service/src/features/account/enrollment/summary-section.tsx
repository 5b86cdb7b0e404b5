import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { calendarDate, cents, money } from '../../../lib/format';
import { currentLanguage, LANGUAGE_IDS } from '../../../lib/i18n';
import { utilityInformationQuery } from '../../enrollment/queries';
import { Facts, Section, statusWords } from './parts';
import { type Enrollment, myAccountDocumentsQuery, type PlanDetails } from './queries';

type Address = Enrollment['service_address'];

const oneLine = (address: Address) =>
  [address.address_1, address.address_2, address.city, `${address.state} ${address.correspondence_zip}`]
    .filter(Boolean)
    .join(', ');

/**
 * What the enrollment is: the plan at the prices the customer accepted, where service is delivered and under which
 * meter number, where it stands (as customers see it) with its history, the contract's dates and the plan's documents.
 */
export function SummarySection({
  enrollment,
  plan,
}: {
  enrollment: Enrollment;
  plan: PlanDetails | undefined;
}) {
  const { t } = useTranslation('enrollmentPage');
  const accepted = enrollment.plans[0];
  const utility = useQuery(utilityInformationQuery(enrollment.id_utility)).data;
  const unit = plan ? t(`common:units.${plan.rate_unit}`, { defaultValue: plan.rate_unit }) : '';
  const latest = enrollment.enrollment_statuses[0];
  const billedElsewhere = oneLine(enrollment.billing_address) !== oneLine(enrollment.service_address);
  return (
    <Section title={t('summary.title')}>
      <Facts
        facts={[
          { label: t('summary.enrollment'), value: enrollment.id_enrollment },
          {
            label: t('summary.status'),
            value: latest ? statusWords(latest) : statusWords({ name: enrollment.status }),
          },
          accepted !== undefined && { label: t('summary.plan'), value: accepted.name },
          accepted !== undefined &&
            plan !== undefined && {
              label: t('summary.energyCharge'),
              value: t('summary.perUnit', {
                price: cents(accepted.rate, plan.decimal_places_to_show ?? 1),
                unit,
              }),
            },
          accepted !== undefined && {
            label: t('summary.baseCharge'),
            value: t('summary.perMonth', { amount: money(accepted.monthly_fee) }),
          },
          accepted !== undefined && {
            label: t('summary.term'),
            value:
              accepted.term <= 1
                ? t('summary.monthToMonth')
                : t('summary.termMonths', { count: accepted.term }),
          },
          enrollment.contract_start_date
            ? { label: t('summary.contractStart'), value: calendarDate(enrollment.contract_start_date) }
            : {
                label: t('summary.requestedStart'),
                value: calendarDate(enrollment.requested_start_date),
              },
          enrollment.contract_end_date !== null && {
            label: t('summary.contractEnd'),
            value: calendarDate(enrollment.contract_end_date),
          },
        ]}
      />
      <Facts
        cols={{ base: 1, sm: 3 }}
        facts={[
          { label: t('summary.serviceAddress'), value: oneLine(enrollment.service_address) },
          {
            label: utility?.ldc_Label ?? t('summary.ldcAccount'),
            value: <span translate="no">{enrollment.service_address.ldc_account}</span>,
          },
          billedElsewhere && {
            label: t('summary.billingAddress'),
            value: oneLine(enrollment.billing_address),
          },
        ]}
      />
      <StatusHistory enrollment={enrollment} />
      <Documents planId={enrollment.id_plan} />
    </Section>
  );
}

function StatusHistory({ enrollment }: { enrollment: Enrollment }) {
  const { t } = useTranslation('enrollmentPage');
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {t('summary.history')}
      </Title>
      <Table.ScrollContainer minWidth={280}>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('summary.historyWhen')}</Table.Th>
              <Table.Th scope="col">{t('summary.historyStatus')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {enrollment.enrollment_statuses.map((status) => (
              <Table.Tr key={`${status.name}-${status.changed_at}`}>
                <Table.Td>{calendarDate(status.changed_at)}</Table.Td>
                <Table.Td>{statusWords(status)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The plan's and the market's documents the company shows in My account, in the reader's language when it has them. */
function Documents({ planId }: { planId: number }) {
  const { t } = useTranslation('enrollmentPage');
  const documents = useQuery(myAccountDocumentsQuery(planId, LANGUAGE_IDS[currentLanguage()]));
  if (!documents.data) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {t('summary.documents')}
      </Title>
      {documents.data.length === 0 ? (
        <Text size="sm">{t('summary.noDocuments')}</Text>
      ) : (
        <List size="sm" spacing={4}>
          {documents.data.map((document) => (
            <List.Item key={`${document.source}-${document.id_document}`}>
              <Anchor
                href={document.url}
                target="_blank"
                rel="noopener"
                aria-label={t('summary.documentOpens', { name: document.name })}
              >
                {document.name}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
