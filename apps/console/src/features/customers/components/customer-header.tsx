import { Anchor, Avatar, Badge, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatCount, formatDate } from '../../../lib/format';
import type { CustomerProfile } from '../api/get-customer';
import { formatPhone, initialsOf, needsAttention } from '../model';
import { CustomerActionsMenu } from './customer-actions-menu';
import classes from './customers.module.css';

/** The customer's name and key facts, with the Actions menu: the top of the profile. */
export function CustomerHeader({ customer }: { customer: CustomerProfile }) {
  const active = customer.enrollments.filter((e) => e.status === 'ACTIVE').length;
  const waiting = customer.enrollments.filter(needsAttention).length;
  const contact = [customer.email, formatPhone(customer.phone)].filter(Boolean).join(' · ');
  return (
    <header>
      <nav aria-label="Breadcrumb">
        <Breadcrumbs separatorMargin={6} mb="sm" fz="sm">
          <Anchor renderRoot={(props) => <Link {...props} to="/customers" />} size="sm">
            Customers
          </Anchor>
          <Text size="sm" c="dimmed" aria-current="page" truncate="end" maw={320}>
            {customer.name}
          </Text>
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap" mb="md">
        <Group gap="md" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
          <Avatar size={52} radius="xl" color="indigo" variant="light" aria-hidden visibleFrom="xs">
            {initialsOf(customer.name) || '?'}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs" align="center" wrap="wrap">
              <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
                {customer.name}
              </Title>
              <Badge variant="light" color={customer.active ? 'green' : 'gray'} radius="sm" tt="none">
                {customer.active ? 'Active' : 'Inactive'}
              </Badge>
              {customer.firmName && (
                <Badge variant="light" color="indigo" radius="sm" tt="none">
                  Business
                </Badge>
              )}
            </Group>
            {contact && (
              <Text size="sm" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
                {contact}
              </Text>
            )}
          </div>
        </Group>
        <CustomerActionsMenu customer={customer} />
      </Group>
      <dl className={classes.headerFacts}>
        <div>
          <dt>Customer ID</dt>
          <dd>{customer.id}</dd>
        </div>
        <div>
          <dt>Customer since</dt>
          <dd>
            <time dateTime={customer.createdAt}>{formatDate(customer.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Enrollments</dt>
          <dd>{formatCount(customer.enrollments.length)}</dd>
        </div>
        <div>
          <dt>Active service</dt>
          <dd>{formatCount(active)}</dd>
        </div>
        <div>
          <dt>Waiting for an agent</dt>
          <dd style={waiting > 0 ? { color: 'var(--mantine-color-orange-light-color)' } : undefined}>
            {formatCount(waiting)}
          </dd>
        </div>
      </dl>
    </header>
  );
}
