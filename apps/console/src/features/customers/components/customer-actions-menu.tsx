import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { spotlight } from '@mantine/spotlight';
import { IconChevronDown, IconCopy, IconHistory, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { KbdHint } from '../../../components/ui/kbd-hint';
import { useCan } from '../../../lib/auth';
import type { CustomerProfile } from '../api/get-customer';

function copy(text: string, what: string) {
  navigator.clipboard.writeText(text).then(
    () => notifications.show({ color: 'teal', message: `${what} copied` }),
    () => notifications.show({ color: 'red', message: `Could not copy the ${what.toLowerCase()}` }),
  );
}

/**
 * The customer's actions, in the header. The account actions (password-reset link, resending a notification,
 * delivery method, drop, transfer, renewal, refund, staff notes) belong in a section of their own at the top of this
 * menu, each behind `customers.act` (refunds `payments.refund`), once the console's API has their routes: none is
 * offered before the server can do it.
 */
export function CustomerActionsMenu({ customer }: { customer: CustomerProfile }) {
  const canReadAudit = useCan('audit.read');
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} stroke={1.7} />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>This customer</Menu.Label>
        <Menu.Item
          leftSection={<IconCopy size={16} />}
          onClick={() => copy(String(customer.id), 'Customer ID')}
        >
          Copy customer ID
        </Menu.Item>
        {customer.email && (
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => copy(customer.email ?? '', 'Email')}>
            Copy email
          </Menu.Item>
        )}
        {canReadAudit && (
          <Menu.Item
            leftSection={<IconHistory size={16} />}
            renderRoot={(props) => (
              <Link
                {...props}
                to="/audit-log"
                search={{ targetType: 'customer', targetId: String(customer.id) }}
              />
            )}
          >
            Audit history
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconSearch size={16} />}
          rightSection={<KbdHint keys="/" />}
          onClick={() => spotlight.open()}
        >
          Find another customer
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
