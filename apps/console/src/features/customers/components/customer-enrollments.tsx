import { Anchor, List, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useCan } from '../../../lib/auth';
import { ageSince, formatAge, formatDate, formatDateTime, formatMoney, humanize } from '../../../lib/format';
import type { CustomerEnrollment } from '../api/get-customer';
import {
  type EnrollmentAction,
  EnrollmentActionsMenu,
  useEnrollmentActionDialog,
} from './actions/enrollment-actions-menu';
import classes from './customers.module.css';
import { Section } from './section';
import { SectionTable } from './section-table';

/** The API lists at most this many, newest first. */
const LISTED = 200;

function Problems({ enrollment }: { enrollment: CustomerEnrollment }) {
  const lines = [...enrollment.reviewReasons, ...enrollment.billingErrors];
  if (lines.length === 0) return null;
  return (
    <List size="xs" spacing={0} mt={4} listStyleType="none" c="var(--mantine-color-orange-light-color)">
      {lines.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}

interface EnrollmentRowProps {
  enrollment: CustomerEnrollment;
  /** Opens an action's dialog; absent for roles that may not act for customers. */
  onAction?: (action: EnrollmentAction, enrollment: CustomerEnrollment) => void;
}

function EnrollmentRow({ enrollment, onAction }: EnrollmentRowProps) {
  return (
    <Table.Tr className={classes.enrollmentRow}>
      <Table.Td>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/enrollments/$id" params={{ id: enrollment.id }} />}
          fw={600}
          size="sm"
          aria-label={`Enrollment ${enrollment.id}`}
        >
          #{enrollment.id}
        </Anchor>
        <Text size="xs" c="dimmed" lineClamp={2} title={enrollment.planName}>
          {enrollment.planName || '—'}
        </Text>
        <Text size="xs" c="dimmed">
          Created {formatDate(enrollment.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {enrollment.ldcAccount || '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {[enrollment.utilityName, enrollment.serviceArea].filter(Boolean).join(' · ')}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={enrollment.status} />
        <Tooltip label={`Since ${formatDateTime(enrollment.since)}`}>
          <Text size="xs" c="dimmed" mt={4} component="time" dateTime={enrollment.since} display="block">
            for {formatAge(ageSince(enrollment.since))}
          </Text>
        </Tooltip>
        <Problems enrollment={enrollment} />
      </Table.Td>
      <Table.Td ta="right">
        {enrollment.depositStatus === 'not_required' ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <>
            <Text size="sm">{formatMoney(enrollment.deposit)}</Text>
            <Text size="xs" c="dimmed">
              {humanize(enrollment.depositStatus)}
            </Text>
          </>
        )}
      </Table.Td>
      {onAction && (
        <Table.Td ta="right">
          <EnrollmentActionsMenu enrollment={enrollment} onChoose={onAction} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** Every enrollment of the customer, newest first, each opening its own page. */
export function CustomerEnrollments({ enrollments }: { enrollments: CustomerEnrollment[] }) {
  const canAct = useCan('customers.act');
  const action = useEnrollmentActionDialog();
  return (
    <Section
      id="customer-enrollments"
      title="Enrollments"
      count={enrollments.length}
      description="Newest first. Open one for its timeline, charges and credit decision."
    >
      {enrollments.length === 0 ? (
        <EmptyState title="No enrollments" icon={<IconFileOff size={24} stroke={1.6} />}>
          This customer has no enrollment yet.
        </EmptyState>
      ) : (
        <SectionTable
          minWidth={560}
          verticalSpacing="sm"
          head={
            <>
              <Table.Th>Enrollment</Table.Th>
              <Table.Th>Meter</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Deposit</Table.Th>
              {canAct && (
                <Table.Th w={48}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </>
          }
        >
          {enrollments.map((enrollment) => (
            <EnrollmentRow
              key={enrollment.id}
              enrollment={enrollment}
              onAction={canAct ? action.open : undefined}
            />
          ))}
        </SectionTable>
      )}
      {enrollments.length >= LISTED && (
        <Text size="xs" c="dimmed" px="md" py="sm">
          The newest {LISTED} are listed.
        </Text>
      )}
      {action.dialog}
    </Section>
  );
}
