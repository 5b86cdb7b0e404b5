import { Anchor, Badge, DataList, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatMoney, humanize } from '../../../lib/format';
import { DeliveryMethodControl } from '../../customers/components/actions/delivery-method-control';
import { formatPhone } from '../../customers/model';
import type { Address, CreditDecision, EnrollmentPage } from '../api/get-enrollment-page';
import { NothingYet, Section } from './section';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Flag({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <Badge variant="light" color="red" radius="sm" tt="none">
      {label}
    </Badge>
  ) : (
    <Text span size="sm">
      No
    </Text>
  );
}

const termOf = (months: number) => (months === 0 ? 'Month to month' : `${months} months`);

/** The plan as it stands today: version, prices, the EFL's averages and the documents the customer is given. */
function PlanItems({ plan }: { plan: NonNullable<EnrollmentPage['plan']> }) {
  const prices = plan.averagePrices;
  return (
    <>
      <Item label="Plan">
        <Group gap={6} wrap="wrap">
          <span>{plan.name}</span>
          <Text span size="xs" c="dimmed">
            version {plan.version}
          </Text>
          {!plan.onSale && (
            <Badge variant="light" color="gray" radius="sm" tt="none">
              Not on sale
            </Badge>
          )}
        </Group>
      </Item>
      <Item label="Energy rate">
        {plan.rate}¢/{plan.rateUnit} · {plan.rateType.toLowerCase()}
      </Item>
      {prices && (
        <Item label="Average price">
          {/* The EFL's averages at 500, 1,000 and 2,000 kWh a month, delivery charges included. */}
          {[prices.at500, prices.at1000, prices.at2000].map((p) => (p === null ? '—' : `${p}¢`)).join(' · ')}
          <Text span size="xs" c="dimmed">
            {' '}
            at 500 · 1,000 · 2,000 kWh
          </Text>
        </Item>
      )}
      <Item label="Base charge">{formatMoney(plan.monthlyFee)} a month</Item>
      <Item label="Term">{termOf(plan.term)}</Item>
      <Item label="Early exit fee">
        {plan.cancellationFee > 0 ? formatMoney(plan.cancellationFee) : 'None'}
      </Item>
      <Item label="Documents">
        {plan.documents.length === 0 ? (
          'None'
        ) : (
          <Group gap={4} wrap="wrap">
            {plan.documents.map((d) => (
              <Anchor key={d.url} href={d.url} target="_blank" rel="noreferrer" size="sm" title={d.name}>
                <Badge variant="default" radius="sm" tt="none" fw={500} style={{ cursor: 'pointer' }}>
                  {d.type}
                </Badge>
              </Anchor>
            ))}
          </Group>
        )}
      </Item>
    </>
  );
}

/** The contract: plan, dates, delivery and renewal. */
export function ContractSection({ page }: { page: EnrollmentPage }) {
  const e = page.enrollment;
  return (
    <Section title="Plan and contract">
      <DataList labelWidth={120} gap="xs">
        {page.plan ? <PlanItems plan={page.plan} /> : <Item label="Plan">Plan {e.id_plan}</Item>}
        <Item label="Requested start">{formatDate(e.requested_start_date)}</Item>
        <Item label="Contract">
          {e.contract_start_date
            ? `${formatDate(e.contract_start_date)} – ${formatDate(e.contract_end_date)}`
            : 'Not started: no start date from the billing system yet'}
        </Item>
        <Item label="Bills by">
          <DeliveryMethodControl
            enrollmentId={e.id_enrollment}
            method={e.id_method_delivery}
            status={e.status}
          />
        </Item>
        <Item label="Renewable">{yesNo(e.isRenewable)}</Item>
        {e.winbackProcess && <Item label="Winback">{humanize(e.winbackProcess)}</Item>}
      </DataList>
    </Section>
  );
}

const LANGUAGES: Record<string, string> = { en: 'English', es: 'Spanish' };

/** How to reach the customer about this enrollment, in the language they are written to in. */
export function ContactSection({ page }: { page: EnrollmentPage }) {
  const { email, phone, language } = page.contact;
  return (
    <Section title="Contact">
      <DataList labelWidth={120} gap="xs">
        <Item label="Email">
          {email ? (
            <Anchor href={`mailto:${email}`} size="sm">
              {email}
            </Anchor>
          ) : (
            '—'
          )}
        </Item>
        <Item label="Phone">
          {phone ? (
            <Anchor href={`tel:${phone}`} size="sm">
              {formatPhone(phone)}
            </Anchor>
          ) : (
            '—'
          )}
        </Item>
        <Item label="Language">{LANGUAGES[language] ?? language}</Item>
      </DataList>
    </Section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function AddressLines({ address, meter }: { address: Address; meter?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{address.address_1}</Text>
      {address.address_2 && <Text size="sm">{address.address_2}</Text>}
      <Text size="sm">
        {address.city}, {address.state} {address.correspondence_zip}
      </Text>
      {meter && (
        <Text size="xs" c="dimmed" mt={4}>
          ESIID / LDC account{' '}
          <Text span ff="monospace" size="xs" c="var(--mantine-color-text)">
            {address.ldc_account}
          </Text>
        </Text>
      )}
    </Stack>
  );
}

const sameAddress = (a: Address, b: Address) =>
  a.address_1 === b.address_1 &&
  a.address_2 === b.address_2 &&
  a.city === b.city &&
  a.state === b.state &&
  a.correspondence_zip === b.correspondence_zip;

export function AddressesSection({ page }: { page: EnrollmentPage }) {
  const { service_address: service, billing_address: billing } = page.enrollment;
  return (
    <Section title="Addresses">
      <DataList orientation="vertical" gap="md">
        <DataList.Item>
          <DataList.ItemLabel c="dimmed">Service address</DataList.ItemLabel>
          <DataList.ItemValue>
            <AddressLines address={service} meter />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel c="dimmed">Billing address</DataList.ItemLabel>
          <DataList.ItemValue>
            {sameAddress(service, billing) ? (
              <Text size="sm">Same as the service address</Text>
            ) : (
              <AddressLines address={billing} />
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </Section>
  );
}

function Codes({ codes }: { codes: string[] }) {
  if (codes.length === 0) return <Text size="sm">None</Text>;
  return (
    <Group gap={4}>
      {codes.map((code) => (
        <Badge key={code} variant="default" radius="sm" tt="none" fw={500}>
          {code}
        </Badge>
      ))}
    </Group>
  );
}

/** The credit decision as the bureau's answer was applied: a score band, never the score or the report. */
export function CreditSection({ credit }: { credit: CreditDecision | null }) {
  return (
    <Section
      title="Credit decision"
      description="A band of 50 points: the score and the report are never shown."
    >
      {credit === null ? (
        <NothingYet>No credit check backs this enrollment.</NothingYet>
      ) : (
        <DataList labelWidth={120} gap="xs">
          <Item label="Score band">
            {credit.scoreBand ?? (
              <Text span size="sm" c="dimmed">
                No score{credit.noScoreReason ? `: ${credit.noScoreReason}` : ''}
              </Text>
            )}
          </Item>
          <Item label="Checked">{formatDateTime(credit.checkedAt)}</Item>
          <Item label="Deposit required">{yesNo(credit.depositRequired)}</Item>
          <Item label="Service denied">
            <Flag on={credit.denyService} label="Denied" />
          </Item>
          <Item label="Fraud alert">
            <Flag on={credit.fraudAlert} label="Fraud alert" />
          </Item>
          {credit.fraudAlertCodes.length > 0 && (
            <Item label="Alert codes">
              <Codes codes={credit.fraudAlertCodes} />
            </Item>
          )}
          <Item label="Reason codes">
            <Codes codes={credit.reasonCodes} />
          </Item>
          {credit.bureauError && <Item label="Bureau error">{credit.bureauError}</Item>}
        </DataList>
      )}
    </Section>
  );
}

/** The sale's third-party verification and the meter's check (recorded with the page's "Mark meter verified"). */
export function VerificationSection({ page }: { page: EnrollmentPage }) {
  const unverified = page.enrollment.meter_unverified;
  return (
    <Section title="Verification">
      <DataList labelWidth={120} gap="xs">
        <Item label="Third-party (TPV)">
          {page.verificationStatus ? humanize(page.verificationStatus) : 'Not required for this sale'}
        </Item>
        <Item label="Meter (ESIID)">
          {unverified ? (
            <Stack gap={6} align="flex-start">
              <Badge variant="light" color="yellow" radius="sm" tt="none">
                Unverified
              </Badge>
              <Text size="xs" c="dimmed">
                The ESIID was not in the ESIID data when the enrollment was accepted; an agent checks it with
                the TDSP.
              </Text>
            </Stack>
          ) : (
            <Group gap={4} component="span">
              <IconCircleCheck size={15} color="var(--mantine-color-teal-7)" aria-hidden />
              <Text span size="sm">
                Known or verified
              </Text>
            </Group>
          )}
        </Item>
      </DataList>
    </Section>
  );
}
