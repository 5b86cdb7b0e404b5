import { Button, Group, Text, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOf } from '../../../lib/api';
import { useCan } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import type { CustomerProfile } from '../api/get-customer';
import { type RevealableField, useRevealCustomerData } from '../api/reveal-customer-data';
import classes from './customers.module.css';
import { Section } from './section';

const FIELDS: { field: RevealableField; label: string; masked: string; onFile: keyof CustomerProfile }[] = [
  { field: 'ssnLast4', label: 'SSN last four', masked: '•••-••-••••', onFile: 'ssnOnFile' },
  { field: 'dateOfBirth', label: 'Date of birth', masked: '•• ••• ••••', onFile: 'dateOfBirthOnFile' },
];

/** A revealed value as people read it: a date of birth as a date, the last four as "•••-••-1234". */
function shown(field: RevealableField, value: string | null): string {
  if (value === null) return 'Not on file';
  if (field === 'ssnLast4') return `•••-••-${value}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : value;
}

interface RevealableFactProps {
  customerId: number;
  field: RevealableField;
  label: string;
  masked: string;
  onFile: boolean;
  canReveal: boolean;
}

/**
 * One piece of identity data: masked, with a Reveal button for roles that may see it. The value is held by this
 * component only, so it is gone when the page is left (or hidden again); each reveal asks the server, which records it.
 */
function RevealableFact({ customerId, field, label, masked, onFile, canReveal }: RevealableFactProps) {
  const reveal = useRevealCustomerData(customerId);
  const [value, setValue] = useState<string | null | undefined>(undefined);
  const lower = label.toLowerCase();
  const revealed = value !== undefined;

  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <Group gap="xs" justify="space-between" wrap="nowrap" mih={28}>
          {!onFile ? (
            <Text size="sm" c="dimmed" span>
              Not on file
            </Text>
          ) : revealed ? (
            <span className={classes.revealed} data-testid={`revealed-${field}`}>
              {shown(field, value)}
            </span>
          ) : (
            <span className={classes.masked} role="img" aria-label={`${label}, masked`}>
              {masked}
            </span>
          )}
          {onFile && canReveal && (
            <Tooltip
              label={revealed ? `Mask the ${lower} again` : 'Recorded in the audit log under your name'}
            >
              <Button
                size="compact-sm"
                variant={revealed ? 'subtle' : 'light'}
                color={revealed ? 'gray' : undefined}
                leftSection={revealed ? <IconEyeOff size={14} /> : <IconEye size={14} />}
                loading={reveal.isPending}
                aria-label={revealed ? `Hide the ${lower}` : `Reveal the ${lower}`}
                onClick={() => {
                  if (revealed) {
                    setValue(undefined);
                    reveal.reset();
                    return;
                  }
                  reveal.mutate(field, {
                    onSuccess: (answer) => {
                      setValue(answer.value);
                      // The mutation keeps nothing: the value lives in this component only.
                      reveal.reset();
                    },
                  });
                }}
              >
                {revealed ? 'Hide' : 'Reveal'}
              </Button>
            </Tooltip>
          )}
        </Group>
        {reveal.error && (
          <Text size="xs" c="red" role="alert" mt={4}>
            Not revealed: {messageOf(reveal.error)}
          </Text>
        )}
      </dd>
    </div>
  );
}

/** The customer's identity data, masked; revealed one piece at a time by roles permitted to (audited). */
export function CustomerIdentity({ customer }: { customer: CustomerProfile }) {
  const canReveal = useCan('customers.reveal');
  return (
    <Section
      id="customer-identity"
      title="Identity"
      aside={<IconShieldLock size={18} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />}
    >
      <dl className={classes.facts}>
        {FIELDS.map((item) => (
          <RevealableFact
            key={item.field}
            customerId={customer.id}
            field={item.field}
            label={item.label}
            masked={item.masked}
            onFile={customer[item.onFile] === true}
            canReveal={canReveal}
          />
        ))}
      </dl>
      <Text size="xs" c="dimmed" px="md" pb="sm">
        {canReveal
          ? 'Revealing is recorded in the audit log under your name. A revealed value shows on this page only, until you hide it or leave.'
          : 'Masked. Your roles do not permit revealing identity data.'}
      </Text>
    </Section>
  );
}
