import { Anchor, Table } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

interface SectionTableProps {
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  verticalSpacing?: 'xs' | 'sm';
  /** The heading row's cells. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/** A profile section's table, scrolling sideways on a narrow screen. */
export function SectionTable({ minWidth, verticalSpacing = 'xs', head, children }: SectionTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table verticalSpacing={verticalSpacing} horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "Enrollment 42", small, as a link to the enrollment's page: what a row of the profile belongs to. */
export function EnrollmentAnchor({ id }: { id: number }) {
  return (
    <Anchor size="xs" renderRoot={(props) => <Link {...props} to="/enrollments/$id" params={{ id }} />}>
      Enrollment {id}
    </Anchor>
  );
}
