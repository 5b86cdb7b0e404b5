import { Badge, Button, Group, type MantineColor, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useCan } from '../../../lib/auth';
import { formatDateTime, formatMoney, humanize } from '../../../lib/format';
import type { CreditLetter, EnrollmentEtfInvoice } from '../api/get-enrollment-page';
import type { EtfAction } from '../api/resolve-etf-invoice';
import type { LetterDecision } from '../api/review-credit-letter';
import { CreditLetterReviewModal, CreditLetterViewer, EtfInvoiceDialog, preloadDialogs } from './dialogs';
import classes from './enrollments.module.css';
import { NothingYet, Section } from './section';
import { When } from './timeline-section';

const LETTER_COLORS: Record<CreditLetter['status'], MantineColor> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
  discarded: 'gray',
};

const INVOICE_COLORS: Record<string, MantineColor> = { queued: 'yellow', sent: 'teal', waived: 'gray' };

/** A pending item's two decisions: the one that accepts it, then the one that refuses it (in red). */
function DecisionPair({
  accept,
  refuse,
}: Record<'accept' | 'refuse', { label: string; onClick: () => void }>) {
  return (
    <Group gap={6}>
      <Button size="compact-sm" variant="light" onClick={accept.onClick}>
        {accept.label}
      </Button>
      <Button size="compact-sm" variant="subtle" color="red" onClick={refuse.onClick}>
        {refuse.label}
      </Button>
    </Group>
  );
}

function Row({ children }: { children: ReactNode }) {
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      gap="sm"
      wrap="wrap"
      className={classes.row}
    >
      {children}
    </Group>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: '0 var(--mantine-spacing-md)' } as const;

type LetterDialog = { kind: 'view' | LetterDecision; letter: CreditLetter; open: boolean } | null;

interface LettersSectionProps {
  letters: CreditLetter[];
  enrollmentId: number;
  customerName: string;
}

/** The letters of credit uploaded instead of a deposit: each one's file, review and, while pending, the decision. */
export function LettersSection({ letters, enrollmentId, customerName }: LettersSectionProps) {
  const canAct = useCan('enrollments.act');
  const [dialog, setDialog] = useState<LetterDialog>(null);
  const close = () => setDialog((current) => (current ? { ...current, open: false } : null));
  const pending = letters.some((letter) => letter.status === 'pending');
  useEffect(() => (canAct && pending ? preloadDialogs(['letterReview']) : undefined), [canAct, pending]);

  return (
    <Section title="Letters of credit" count={letters.length} flush>
      {letters.length === 0 ? (
        <Stack p="md">
          <NothingYet>No letter uploaded.</NothingYet>
        </Stack>
      ) : (
        <Stack gap={0} component="ul" style={listStyle}>
          {letters.map((letter) => (
            <Row key={letter.id}>
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
                <Group gap={8} wrap="wrap">
                  <UnstyledButton
                    onClick={() => setDialog({ kind: 'view', letter, open: true })}
                    aria-label={`View the letter of credit ${letter.fileName}`}
                  >
                    <Group gap={4} wrap="nowrap" className={classes.rowLink}>
                      <IconFileText size={16} aria-hidden />
                      <Text size="sm" fw={500} span style={{ overflowWrap: 'anywhere' }}>
                        {letter.fileName}
                      </Text>
                    </Group>
                  </UnstyledButton>
                  <Badge variant="light" color={LETTER_COLORS[letter.status]} radius="sm" tt="none">
                    {humanize(letter.status)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  Uploaded <When at={letter.uploadedAt} />
                </Text>
                {letter.reviewedAt && (
                  <Text size="xs" c="dimmed">
                    {humanize(letter.status)} {formatDateTime(letter.reviewedAt)}
                    {letter.reviewedBy ? ` by ${letter.reviewedBy}` : ''}
                    {letter.note ? `: ${letter.note}` : ''}
                  </Text>
                )}
              </Stack>
              {canAct && letter.status === 'pending' && (
                <DecisionPair
                  accept={{
                    label: 'Approve…',
                    onClick: () => setDialog({ kind: 'approve', letter, open: true }),
                  }}
                  refuse={{
                    label: 'Reject…',
                    onClick: () => setDialog({ kind: 'reject', letter, open: true }),
                  }}
                />
              )}
            </Row>
          ))}
        </Stack>
      )}
      {dialog && (
        <Suspense fallback={null}>
          {dialog.kind === 'view' ? (
            <CreditLetterViewer
              opened={dialog.open}
              letter={{ ...dialog.letter, enrollmentId, customerName }}
              reviewable={dialog.letter.status === 'pending'}
              onDecide={(decision) => setDialog({ kind: decision, letter: dialog.letter, open: true })}
              onClose={close}
            />
          ) : (
            <CreditLetterReviewModal
              opened={dialog.open}
              letter={{ ...dialog.letter, enrollmentId, customerName }}
              decision={dialog.kind}
              onClose={close}
            />
          )}
        </Suspense>
      )}
    </Section>
  );
}

type InvoiceDialog = { resolution: EtfAction; invoice: EnrollmentEtfInvoice; open: boolean } | null;

/** The early termination fees a drop queued: sent to be billed, waived, or waiting for an agent. */
export function EtfSection({
  invoices,
  enrollmentId,
}: {
  invoices: EnrollmentEtfInvoice[];
  enrollmentId: number;
}) {
  const canAct = useCan('enrollments.act');
  const [dialog, setDialog] = useState<InvoiceDialog>(null);
  const close = () => setDialog((current) => (current ? { ...current, open: false } : null));
  return (
    <Section title="Early termination fees" count={invoices.length} flush>
      <Stack gap={0} component="ul" style={listStyle}>
        {invoices.map((invoice) => (
          <Row key={invoice.id}>
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Group gap={8} wrap="wrap">
                <Text size="sm" fw={600}>
                  {formatMoney(invoice.amount)}
                </Text>
                <Badge variant="light" color={INVOICE_COLORS[invoice.status] ?? 'gray'} radius="sm" tt="none">
                  {humanize(invoice.status)}
                </Badge>
                <Text size="sm" c="dimmed">
                  {invoice.reason}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                Queued <When at={invoice.createdAt} />
              </Text>
              {invoice.resolvedAt && (
                <Text size="xs" c="dimmed">
                  {humanize(invoice.status)} {formatDateTime(invoice.resolvedAt)}
                  {invoice.resolvedBy ? ` by ${invoice.resolvedBy}` : ''}
                </Text>
              )}
              {invoice.resolutionNote && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  “{invoice.resolutionNote}”
                </Text>
              )}
            </Stack>
            {canAct && invoice.status === 'queued' && (
              <DecisionPair
                accept={{
                  label: 'Send…',
                  onClick: () => setDialog({ resolution: 'send', invoice, open: true }),
                }}
                refuse={{
                  label: 'Waive…',
                  onClick: () => setDialog({ resolution: 'waive', invoice, open: true }),
                }}
              />
            )}
          </Row>
        ))}
      </Stack>
      {dialog && (
        <Suspense fallback={null}>
          <EtfInvoiceDialog
            opened={dialog.open}
            invoice={{ ...dialog.invoice, enrollmentId }}
            resolution={dialog.resolution}
            onClose={close}
          />
        </Suspense>
      )}
    </Section>
  );
}
