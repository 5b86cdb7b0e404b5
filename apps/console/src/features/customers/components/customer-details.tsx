import { Anchor, Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import type { CustomerProfile } from '../api/get-customer';
import { formatPhone } from '../model';
import classes from './customers.module.css';
import { Section } from './section';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const NotOnFile = () => (
  <Text size="sm" c="dimmed" span>
    Not on file
  </Text>
);

/** The customer's contact details and account, as the API gives them. */
export function CustomerDetails({ customer }: { customer: CustomerProfile }) {
  const phone = formatPhone(customer.phone);
  const cell = formatPhone(customer.cellNumber);
  return (
    <Section id="customer-details" title="Details">
      <dl className={classes.facts}>
        {customer.firmName && <Fact label="Business">{customer.firmName}</Fact>}
        {customer.contactName && <Fact label="Contact">{customer.contactName}</Fact>}
        <Fact label="First and last name">
          {[customer.firstName, customer.lastName].filter(Boolean).join(' ') || <NotOnFile />}
        </Fact>
        <Fact label="Email">
          {customer.email ? (
            <Anchor size="sm" href={`mailto:${customer.email}`}>
              {customer.email}
            </Anchor>
          ) : (
            <NotOnFile />
          )}
        </Fact>
        {customer.alternativeEmail && (
          <Fact label="Other email">
            <Anchor size="sm" href={`mailto:${customer.alternativeEmail}`}>
              {customer.alternativeEmail}
            </Anchor>
          </Fact>
        )}
        <Fact label="Phone">
          {phone ? (
            <Anchor size="sm" href={`tel:${customer.phone}`}>
              {phone}
            </Anchor>
          ) : (
            <NotOnFile />
          )}
        </Fact>
        {cell && (
          <Fact label="Mobile">
            <Anchor size="sm" href={`tel:${customer.cellNumber}`}>
              {cell}
            </Anchor>
          </Fact>
        )}
        <Fact label="Online account">
          {customer.userName ? (
            <Text span size="sm" ff="monospace">
              {customer.userName}
            </Text>
          ) : (
            <Text span size="sm" c="dimmed">
              No login
            </Text>
          )}
        </Fact>
        <Fact label="Status">
          <Badge variant="light" color={customer.active ? 'green' : 'gray'} radius="sm" tt="none">
            {customer.active ? 'Active' : 'Inactive'}
          </Badge>
        </Fact>
        <Fact label="Created">
          <time dateTime={customer.createdAt}>{formatDateTime(customer.createdAt)}</time>
        </Fact>
      </dl>
    </Section>
  );
}
