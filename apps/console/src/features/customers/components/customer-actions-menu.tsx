import { Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { spotlight } from '@mantine/spotlight';
import { IconChevronDown, IconCopy, IconHistory, IconKey, IconNote, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { KbdHint } from '../../../components/ui/kbd-hint';
import { useCan } from '../../../lib/auth';
import type { CustomerProfile } from '../api/get-customer';
import { PasswordResetDialog } from './actions/dialogs';
import { NOTE_INPUT_ID } from './actions/note-form';

function copy(text: string, what: string) {
  navigator.clipboard.writeText(text).then(
    () => notifications.show({ color: 'teal', message: `${what} copied` }),
    () => notifications.show({ color: 'red', message: `Could not copy the ${what.toLowerCase()}` }),
  );
}

/** Takes the staff to the notes' field (the notes section's form). */
function focusNote() {
  const field = document.getElementById(NOTE_INPUT_ID);
  field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  field?.focus({ preventScroll: true });
}

/**
 * The customer's actions, in the header. Acting for the customer (customers.act) comes first: the password-reset
 * link and a note; the actions on one enrollment, payment or notification are on its row (refunds need
 * payments.refund). Then copying, the audit history and finding another customer.
 */
export function CustomerActionsMenu({ customer }: { customer: CustomerProfile }) {
  const canReadAudit = useCan('audit.read');
  const canAct = useCan('customers.act');
  const [reset, setReset] = useState<boolean | null>(null);
  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={16} stroke={1.7} />}>
            Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {canAct && (
            <>
              <Menu.Label>Act for the customer</Menu.Label>
              <Menu.Item
                leftSection={<IconKey size={16} />}
                disabled={!customer.userName}
                onClick={() => setReset(true)}
              >
                Send password-reset link…
                {!customer.userName && (
                  <Text size="xs" c="dimmed">
                    No online account
                  </Text>
                )}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconNote size={16} />}
                onClick={() => requestAnimationFrame(focusNote)}
              >
                Add a note
              </Menu.Item>
              <Menu.Divider />
            </>
          )}
          <Menu.Label>This customer</Menu.Label>
          <Menu.Item
            leftSection={<IconCopy size={16} />}
            onClick={() => copy(String(customer.id), 'Customer ID')}
          >
            Copy customer ID
          </Menu.Item>
          {customer.email && (
            <Menu.Item
              leftSection={<IconCopy size={16} />}
              onClick={() => copy(customer.email ?? '', 'Email')}
            >
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
      {reset !== null && (
        <Suspense fallback={null}>
          <PasswordResetDialog opened={reset} customer={customer} onClose={() => setReset(false)} />
        </Suspense>
      )}
    </>
  );
}
