import { Table, Text } from '@mantine/core';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import type { CustomerProfile } from '../api/get-customer';
import classes from './customers.module.css';
import { Section, useFirst } from './section';
import { EnrollmentAnchor, SectionTable } from './section-table';

type Statement = CustomerProfile['statements'][number];

/** The newest statements of each billed enrollment: period, usage, charges, balance and due date. */
export function CustomerStatements({ statements }: { statements: Statement[] }) {
  const { shown, more } = useFirst(statements, 4);
  return (
    <Section
      id="customer-statements"
      title="Statements"
      count={statements.length}
      description="The newest statements of each billed enrollment, newest first."
    >
      {statements.length === 0 ? (
        <Text className={classes.empty}>
          No statement yet: an enrollment is billed once its service has started.
        </Text>
      ) : (
        <SectionTable
          minWidth={600}
          head={
            <>
              <Table.Th>Statement</Table.Th>
              <Table.Th ta="right">Usage</Table.Th>
              <Table.Th ta="right">Charges</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
              <Table.Th>Due</Table.Th>
            </>
          }
        >
          {shown.map((statement) => (
            <Table.Tr key={statement.custStatementTkn}>
              <Table.Td>
                <Text size="sm" fw={500} className={classes.numeric}>
                  {formatDate(statement.statementDate)}
                </Text>
                <Text size="xs" c="dimmed" className={classes.numeric}>
                  {formatDate(statement.beginReadDate)} – {formatDate(statement.endReadDate)} ·{' '}
                  {statement.daysOfService} days
                </Text>
                <EnrollmentAnchor id={statement.enrollmentId} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" className={classes.numeric}>
                  {formatCount(statement.usageNum)} {statement.usageUnit}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" className={classes.numeric}>
                  {formatMoney(statement.currentChargesAmt)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600} className={classes.numeric}>
                  {formatMoney(statement.stmtBalanceAmt)}
                </Text>
                {statement.overdueBalanceAmt > 0 && (
                  <Text size="xs" c="var(--mantine-color-red-light-color)" className={classes.numeric}>
                    {formatMoney(statement.overdueBalanceAmt)} overdue
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" className={classes.numeric}>
                  {formatDate(statement.dueDate)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </SectionTable>
      )}
      {more}
    </Section>
  );
}
