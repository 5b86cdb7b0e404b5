import {
  Anchor,
  Button,
  DataList,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconChevronDown, IconFileUnknown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { apiHref, isApiFailure } from '../../../lib/api';
import { useCan } from '../../../lib/auth';
import { formatDate, formatDateTime, humanize } from '../../../lib/format';
import { NothingYet, Section } from '../../enrollments/components/section';
import { type SalesStatus, type StaffProspect, useProspect } from '../api/get-prospects';
import { useMoveProspect } from '../api/move-prospect';
import { SalesBadge, SigningBadge } from './prospect-badges';

type Prospect = StaffProspect['prospect'];

/** What a move does besides changing the status, said before it is confirmed. */
function moveEffect(from: SalesStatus, to: SalesStatus): string {
  if (to === 'Contract_Sent') return 'The contract is sent to the customer to sign (a new signing envelope).';
  if (from === 'Contract_Sent') return 'The open signing envelope is voided.';
  if (to === 'Quote_Sent' && from === 'Quote_Expired')
    return 'The rate is priced again from the matrix in force and the expiration date restarts.';
  if (to === 'Canceled' || to === 'Contract_Approved') return 'This status is final.';
  return 'Nothing else changes.';
}

const customerNameOf = (p: Prospect) =>
  [p.customer.firstName, p.customer.lastName].filter(Boolean).join(' ') ||
  p.customer.firmName ||
  p.customer.contactName ||
  p.customer.phoneNumber;

const addressOf = (a: Prospect['serviceAddress']) =>
  [a.address1, a.address2, `${a.city}, ${a.state} ${a.zipCode}`].filter(Boolean).join(', ');

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Quote({ data }: { data: StaffProspect }) {
  const p = data.prospect;
  return (
    <Section title="Quote" description="As the affiliate's system sent it, priced from the matrix.">
      <DataList size="sm" orientation="horizontal">
        <Item label="Rate">
          ${p.rate.toFixed(4)} per {p.commodityName === 'Gas' ? 'therm' : 'kWh'}
        </Item>
        <Item label="Price quoted">${p.price.toFixed(4)}</Item>
        <Item label="Term">
          {p.term} months from {formatDate(p.startDate)}
        </Item>
        <Item label="Utility">
          {p.utility.name} ({p.utility.code}), zone {p.zone}, {p.rateCode}, {p.usageTier}
        </Item>
        <Item label="Customer type">{p.customerType}</Item>
        <Item label="LDC number">{p.ldc}</Item>
        <Item label="Expires">{formatDate(p.expirationDate)}</Item>
        <Item label="Affiliate">{p.affiliate?.name ?? 'None'}</Item>
        <Item label="Rep">
          {data.rep ? `${data.rep.name} (${p.repReferenceId})` : (p.repReferenceId ?? 'None')}
        </Item>
        <Item label="Customer">
          {customerNameOf(p)} · {p.customer.phoneNumber}
          {p.customer.email ? ` · ${p.customer.email}` : ''}
        </Item>
        <Item label="Service address">{addressOf(p.serviceAddress)}</Item>
      </DataList>
    </Section>
  );
}

function Envelopes({ envelopes }: { envelopes: StaffProspect['envelopes'] }) {
  return (
    <Section
      title="Sent for signature"
      count={envelopes.length}
      description="Each contract sent to the document-signing service, newest first, with the events it reported."
    >
      {envelopes.length === 0 ? (
        <NothingYet>No contract was sent to sign yet.</NothingYet>
      ) : (
        <Stack gap="md">
          {envelopes.map((e) => (
            <Stack key={e.reference} gap={4}>
              <Text size="sm" fw={600}>
                {e.signingMethod === 'InPerson' ? 'In person' : 'Remote'} · {humanize(e.status)} · sent{' '}
                {formatDateTime(e.createdAt)}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {e.envelopeId ?? 'not created'} · {e.reference}
              </Text>
              {e.events.length === 0 ? (
                <NothingYet>No event received yet.</NothingYet>
              ) : (
                <Table.ScrollContainer minWidth={420}>
                  <Table fz="sm" striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Event</Table.Th>
                        <Table.Th>Signing status</Table.Th>
                        <Table.Th>At the signing service</Table.Th>
                        <Table.Th>Outcome</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {e.events.map((event, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: events are append-only, in order
                        <Table.Tr key={index}>
                          <Table.Td>{event.event}</Table.Td>
                          <Table.Td>{event.signingStatus ? humanize(event.signingStatus) : '—'}</Table.Td>
                          <Table.Td>{formatDateTime(event.generatedAt ?? event.receivedAt)}</Table.Td>
                          <Table.Td>{event.outcome}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function Documents({ prospect }: { prospect: Prospect }) {
  return (
    <Section
      title="Documents"
      count={prospect.documents.length}
      description="Uploaded by the affiliate's system."
    >
      {prospect.documents.length === 0 ? (
        <NothingYet>No document was uploaded.</NothingYet>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {prospect.documents.map((d) => (
            <li key={d.idDocument}>
              <Anchor
                href={apiHref('/prospects/{prospectId}/documents/{documentId}', {
                  prospectId: prospect.idProspect,
                  documentId: d.idDocument,
                })}
                target="_blank"
                rel="noopener"
                size="sm"
              >
                {d.fileName}
              </Anchor>
              <Text span size="xs" c="dimmed">
                {' '}
                · {Math.ceil(d.sizeBytes / 1024)} KB · {formatDateTime(d.uploadedAt)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

const TRIGGERS: Record<string, string> = {
  'update-status': "Affiliate's system",
  console: 'Staff',
  expiry: 'Expiry',
  signing: 'Signing service',
};

function History({ history }: { history: StaffProspect['history'] }) {
  return (
    <Section
      title="Status history"
      count={history.length}
      description="Every sales status move, oldest first."
    >
      {history.length === 0 ? (
        <NothingYet>The prospect is still in the status it was created in.</NothingYet>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Move</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.map((h) => (
                <Table.Tr key={`${h.at}-${h.to}`}>
                  <Table.Td>{formatDateTime(h.at)}</Table.Td>
                  <Table.Td>
                    {humanize(h.from)} → {humanize(h.to)}
                  </Table.Td>
                  <Table.Td>
                    {TRIGGERS[h.trigger] ?? h.trigger}: {h.actor}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function MoveMenu({ data }: { data: StaffProspect }) {
  const move = useMoveProspect();
  const [target, setTarget] = useState<SalesStatus | null>(null);
  const from = data.prospect.status;
  const close = () => {
    move.reset();
    setTarget(null);
  };
  if (data.allowedMoves.length === 0) return null;
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button rightSection={<IconChevronDown size={16} />}>Move to…</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {data.allowedMoves.map((to) => (
            <Menu.Item key={to} onClick={() => setTarget(to)}>
              {humanize(to)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={target !== null}
        onClose={close}
        title={target ? `Move to ${humanize(target)}?` : ''}
        confirmLabel="Move"
        danger={target === 'Canceled'}
        loading={move.isPending}
        error={move.error}
        onConfirm={() =>
          target &&
          move.mutate(
            { prospectId: data.prospect.idProspect, newStatus: target, expectedStatus: from },
            { onSuccess: close },
          )
        }
      >
        <Text size="sm">
          From {humanize(from)} to {humanize(target ?? from)}. {target ? moveEffect(from, target) : ''}
        </Text>
      </ConfirmDialog>
    </>
  );
}

/** One prospect: its quote, contracts sent to sign and their events, documents, status history; and its moves. */
export function ProspectView({ id }: { id: number }) {
  const prospect = useProspect(id);
  const canMove = useCan('enrollments.act');
  if (prospect.isPending)
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the prospect">
        <Skeleton height={30} width={320} />
        <Skeleton height={200} />
      </Stack>
    );
  if (prospect.error) {
    if (isApiFailure(prospect.error) && prospect.error.status === 404)
      return (
        <EmptyState
          title={`Prospect ${id} does not exist`}
          heading={1}
          icon={<IconFileUnknown size={24} stroke={1.6} />}
          action={
            <Button component={Link} to="/prospects" variant="light" mt="xs">
              Go to the prospects
            </Button>
          }
        >
          No prospect of your company has this id.
        </EmptyState>
      );
    return (
      <Paper withBorder>
        <ErrorState error={prospect.error} onRetry={() => void prospect.refetch()} what="the prospect" />
      </Paper>
    );
  }
  const data = prospect.data;
  const p = data.prospect;
  return (
    <Stack gap="md">
      <Anchor renderRoot={(props) => <Link {...props} to="/prospects" />} size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Prospects
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.2}>
            {customerNameOf(p)}
          </Title>
          <Group gap="xs">
            <SalesBadge status={p.status} />
            <SigningBadge status={p.signingStatus} />
            <Text size="sm" c="dimmed">
              #{p.idProspect} · changed {formatDateTime(p.modifiedAt)}
            </Text>
          </Group>
        </Stack>
        {canMove && <MoveMenu data={data} />}
      </Group>
      <Quote data={data} />
      <Envelopes envelopes={data.envelopes} />
      <Documents prospect={p} />
      <History history={data.history} />
    </Stack>
  );
}
