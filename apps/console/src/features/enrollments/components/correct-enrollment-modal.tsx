import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Grid,
  Group,
  List,
  type MantineSpacing,
  Modal,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconHandStop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { FailureAlert } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { type ApiFailure, messageOf } from '../../../lib/api';
import { humanize } from '../../../lib/format';
import { looksLikeEmail } from '../../../lib/forms';
import { reworded, splitFailure } from '../../customers/actions';
import { type CustomerProfile, customerQueryOptions } from '../../customers/api/get-customer';
import { useCorrectEnrollment } from '../api/correct-enrollment';
import { type EnrollmentPage, enrollmentPageQueryOptions } from '../api/get-enrollment-page';
import {
  addressValuesOf,
  billingChanged,
  CORRECTION_FIELDS,
  type CorrectionBaseline,
  type CorrectionValues,
  type CustomerValues,
  correctionOf,
  customerFieldChanged,
  customerValuesOf,
  digitsOf,
  emptyCustomer,
  sameAddressValues,
  serviceChanged,
} from '../correction';
import { isHold, REASON_MAX, validateReason } from '../model';

interface CorrectEnrollmentModalProps {
  opened: boolean;
  enrollmentId: number;
  onClose: () => void;
}

/**
 * Corrects what the billing system refused (or a hold is about): the customer's name and contact, the service and
 * billing addresses. The form opens with the enrollment's values; only what the agent changes is sent, and a refused
 * submission goes to the billing system again at once unless the agent says not to.
 *
 * The enrollment's own page query gives the addresses and what is wrong (from a queue's row it is read here); the
 * customer's name and contact come from the customer's profile, read when the dialog opens (the enrollment page's
 * answer does not carry them).
 */
export function CorrectEnrollmentModal({ opened, enrollmentId, onClose }: CorrectEnrollmentModalProps) {
  const page = useQuery(enrollmentPageQueryOptions(enrollmentId));
  const customerId = page.data?.enrollment.id_customer;
  const customer = useQuery({
    ...customerQueryOptions(customerId ?? 0),
    enabled: opened && customerId !== undefined,
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Correct enrollment" size="lg">
      {page.data ? (
        <CorrectionForm
          page={page.data}
          customer={customer.data}
          customerError={customer.error}
          onClose={onClose}
        />
      ) : page.error ? (
        <Stack gap="md">
          <FailureAlert error={page.error} title={`Enrollment ${enrollmentId} could not be read`} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the enrollment">
          <Skeleton height={16} width="60%" />
          <Skeleton height={72} />
          <Skeleton height={180} />
        </Stack>
      )}
    </Modal>
  );
}

const required = (what: string, max: number) => (value: string) => {
  const text = value.trim();
  if (!text) return `Enter the ${what}.`;
  return text.length > max ? `At most ${max} characters.` : null;
};
const atMost = (max: number) => (value: string) =>
  value.trim().length > max ? `At most ${max} characters.` : null;
const zipcode = (value: string) => (/^\d{5}$/.test(value.trim()) ? null : 'Five digits, e.g. 75201.');
const usState = (value: string) => (/^[A-Za-z]{2}$/.test(value.trim()) ? null : 'Two letters, e.g. TX.');

/** Only what is sent is checked: an address when it changed, a customer's field when it changed. */
const when =
  (sent: (values: CorrectionValues) => boolean, check: (value: string) => string | null) =>
  (value: string, values: CorrectionValues) =>
    sent(values) ? check(value) : null;

/** A correction racing a release, a retry or a colleague's correction loses cleanly (409): said so. */
const CONFLICT_WORDING = {
  ENROLLMENT_STATUS_CONFLICT: (failure: ApiFailure) =>
    `${failure.message} It changed since this dialog opened: close it to see the enrollment as it is now.`,
};

interface CorrectionFormProps {
  page: EnrollmentPage;
  customer: CustomerProfile | undefined;
  customerError: unknown;
  onClose: () => void;
}

function CorrectionForm({ page, customer, customerError, onClose }: CorrectionFormProps) {
  const { summary, enrollment: e } = page;
  const id = e.id_enrollment;
  const refused = e.status === 'SUBMITTED_WITH_ERRORS';
  const correct = useCorrectEnrollment();
  const [nothingChanged, setNothingChanged] = useState(false);
  const territoryId = useId();

  // What the enrollment holds as the dialog opens: what "changed" is measured against while it is open.
  const baseline = useRef<CorrectionBaseline>({
    customer: customer ? customerValuesOf(customer) : null,
    serviceAddress: addressValuesOf(e.service_address),
    billingAddress: addressValuesOf(e.billing_address),
  });
  const [customerReady, setCustomerReady] = useState(baseline.current.customer !== null);
  const base = () => baseline.current;

  const customerRule =
    (field: keyof CustomerValues, check: (value: string) => string | null) =>
    (value: string, values: CorrectionValues) =>
      customerFieldChanged(values, base(), field) ? check(value) : null;
  const sentBilling = (values: CorrectionValues) =>
    !values.billingSameAsService && billingChanged(values, base());
  const sentService = (values: CorrectionValues) => serviceChanged(values, base());

  const form = useForm<CorrectionValues>({
    initialValues: {
      customer: baseline.current.customer ?? emptyCustomer,
      serviceAddress: baseline.current.serviceAddress,
      billingSameAsService: sameAddressValues(
        baseline.current.serviceAddress,
        baseline.current.billingAddress,
      ),
      billingAddress: baseline.current.billingAddress,
      reason: '',
      resubmit: true,
    },
    validate: {
      reason: validateReason,
      customer: {
        firstName: customerRule('firstName', required('first name', 50)),
        lastName: customerRule('lastName', required('last name', 50)),
        email: customerRule('email', (value) => {
          const email = value.trim();
          if (!email) return 'Enter an email address: it cannot be removed here.';
          if (email.length > 100) return 'At most 100 characters.';
          return looksLikeEmail(email) ? null : 'Not an email address.';
        }),
        phone: customerRule('phone', (value) => {
          const digits = digitsOf(value);
          if (!digits) return 'Enter a phone number: it cannot be removed here.';
          return digits.length === 10 ? null : 'Ten digits, e.g. (214) 555-0123.';
        }),
      },
      serviceAddress: {
        address: when(sentService, required('street address', 100)),
        address2: when(sentService, atMost(50)),
        city: when(sentService, required('city', 50)),
        zipcode: when(sentService, zipcode),
      },
      billingAddress: {
        address: when(sentBilling, required('street address', 100)),
        address2: when(sentBilling, atMost(50)),
        city: when(sentBilling, required('city', 50)),
        state: when(sentBilling, usState),
        zipcode: when(sentBilling, zipcode),
      },
    },
  });

  // The customer's fields fill in once the profile is read; until then they cannot be edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the profile arrives
  useEffect(() => {
    if (!customer || baseline.current.customer) return;
    const values = customerValuesOf(customer);
    baseline.current = { ...baseline.current, customer: values };
    form.setFieldValue('customer', values);
    setCustomerReady(true);
  }, [customer]);

  /** The fields on screen, in their order: the server's problems with the others stay in the alert. */
  const shownFields = (values: CorrectionValues) =>
    CORRECTION_FIELDS.filter(
      (field) =>
        (customerReady || !field.startsWith('customer.')) &&
        (!values.billingSameAsService || !field.startsWith('billingAddress.')),
    );
  const focusFirst = (paths: string[]) => {
    const first = CORRECTION_FIELDS.find((field) => paths.includes(field));
    if (first) form.getInputNode(first)?.focus();
  };

  const submit = form.onSubmit(
    (values) => {
      const { changes, fields } = correctionOf(values, base());
      if (fields.length === 0) {
        setNothingChanged(true);
        return;
      }
      const resubmit = refused && values.resubmit;
      correct.mutate(
        { id, reason: values.reason.trim(), ...changes, ...(refused ? { resubmit } : {}) },
        {
          onSuccess: (outcome) => {
            const refusedAgain = resubmit && outcome.status === 'SUBMITTED_WITH_ERRORS';
            notifications.show(
              refusedAgain
                ? {
                    color: 'yellow',
                    title: `Enrollment ${outcome.id} corrected, and refused again`,
                    message: 'The billing system still refuses it: its page says what it refuses now.',
                  }
                : {
                    color: 'teal',
                    title: resubmit
                      ? `Enrollment ${outcome.id} corrected and sent again`
                      : `Enrollment ${outcome.id} corrected`,
                    message: `Now ${humanize(outcome.status).toLowerCase()}.`,
                  },
            );
            onClose();
          },
          onError: (failure) => {
            const { fields: problems } = splitFailure(failure, shownFields(values));
            form.setErrors(problems);
            focusFirst(Object.keys(problems));
          },
        },
      );
    },
    (errors) => focusFirst(Object.keys(errors)),
  );

  const pending = correctionOf(form.values, base()).fields;
  const failure = reworded(splitFailure(correct.error, shownFields(form.values)).rest, CONFLICT_WORDING);
  const billingErrors = summary.billingErrors;
  const reasons = isHold(e.status) ? summary.reviewReasons : [];
  const input = (path: string) => form.getInputProps(path);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          <Text size="sm">
            Enrollment <strong>{id}</strong> · {summary.customerName || 'Unnamed customer'}
          </Text>
          <StatusBadge status={e.status} />
        </Group>

        {billingErrors.length > 0 && (
          <Alert
            color="red"
            variant="light"
            role="note"
            title="What the billing system refuses"
            icon={<IconAlertTriangle size={18} />}
          >
            <List size="sm" spacing={2}>
              {billingErrors.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {reasons.length > 0 && (
          <Alert
            color="yellow"
            variant="light"
            role="note"
            title="Why it waits"
            icon={<IconHandStop size={18} />}
          >
            <List size="sm" spacing={2}>
              {reasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Text size="sm" c="dimmed">
          Change what is wrong: only the fields you change are sent, and the status history names them.
        </Text>

        <Fieldset legend="Customer" variant="filled" radius="md">
          {customerReady ? (
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <TextInput
                  label="First name"
                  required
                  maxLength={50}
                  autoComplete="off"
                  {...input('customer.firstName')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <TextInput
                  label="Last name"
                  required
                  maxLength={50}
                  autoComplete="off"
                  {...input('customer.lastName')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 7 }}>
                <TextInput
                  label="Email"
                  type="email"
                  maxLength={100}
                  autoComplete="off"
                  {...input('customer.email')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 5 }}>
                <TextInput
                  label="Phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  {...input('customer.phone')}
                />
              </Grid.Col>
            </Grid>
          ) : customerError ? (
            <Text size="sm" c="dimmed" role="status">
              The customer’s details could not be read ({messageOf(customerError)}); the addresses can still
              be corrected.
            </Text>
          ) : (
            <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the customer's details">
              <Skeleton height={56} />
              <Skeleton height={56} />
            </Stack>
          )}
        </Fieldset>

        <Fieldset legend="Service address" variant="filled" radius="md">
          <AddressFields
            prefix="serviceAddress"
            input={input}
            state={
              <TextInput
                label="State"
                readOnly
                variant="filled"
                value={baseline.current.serviceAddress.state}
                aria-describedby={territoryId}
              />
            }
          />
          <Text size="xs" c="dimmed" mt="xs" id={territoryId}>
            The meter stays {summary.utilityName ? `${summary.utilityName}’s` : 'the utility’s'}: the address
            must be in its territory, and the state cannot change. Another meter is a new enrollment.
          </Text>
        </Fieldset>

        <Fieldset legend="Billing address" variant="filled" radius="md">
          <Checkbox
            label="Bills go to the service address"
            {...form.getInputProps('billingSameAsService', { type: 'checkbox' })}
          />
          {!form.values.billingSameAsService && (
            <AddressFields
              prefix="billingAddress"
              input={input}
              mt="sm"
              state={
                <TextInput
                  label="State"
                  required
                  maxLength={2}
                  {...input('billingAddress.state')}
                  onChange={(event) =>
                    form.setFieldValue('billingAddress.state', event.currentTarget.value.toUpperCase())
                  }
                />
              }
            />
          )}
        </Fieldset>

        <Textarea
          label="Reason"
          description="Kept in the enrollment's history and the audit log."
          placeholder="e.g. Customer confirmed the correct spelling by phone"
          autosize
          minRows={2}
          maxLength={REASON_MAX}
          required
          {...input('reason')}
        />
        {refused && (
          <Checkbox
            label="Send to the billing system again now"
            description="Unchecked, the correction is saved and the enrollment stays refused until it is retried."
            {...form.getInputProps('resubmit', { type: 'checkbox' })}
          />
        )}

        {nothingChanged && pending.length === 0 ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            Nothing is changed yet: correct at least one field.
          </Text>
        ) : (
          <Text size="sm" c="dimmed" aria-live="polite">
            {pending.length > 0 ? `Corrects: ${pending.join(', ')}.` : 'Nothing changed yet.'}
          </Text>
        )}
        <DialogFooter
          error={failure}
          failureTitle="Not corrected"
          onCancel={onClose}
          submitLabel={refused && form.values.resubmit ? 'Correct and send again' : 'Save correction'}
          pending={correct.isPending}
        />
      </Stack>
    </form>
  );
}

interface AddressFieldsProps {
  prefix: 'serviceAddress' | 'billingAddress';
  input: (path: string) => object;
  /** The state's field: read-only for the service address (the meter's territory), editable for billing. */
  state: ReactNode;
  mt?: MantineSpacing;
}

/** An address's street, apartment, city, state and ZIP code fields. */
function AddressFields({ prefix, input, state, mt }: AddressFieldsProps) {
  return (
    <Grid gap="sm" mt={mt}>
      <Grid.Col span={{ base: 12, xs: 7 }}>
        <TextInput
          label="Street address"
          required
          maxLength={100}
          autoComplete="off"
          {...input(`${prefix}.address`)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 5 }}>
        <TextInput
          label="Apartment, suite…"
          maxLength={50}
          autoComplete="off"
          {...input(`${prefix}.address2`)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 5 }}>
        <TextInput label="City" required maxLength={50} {...input(`${prefix}.city`)} />
      </Grid.Col>
      <Grid.Col span={{ base: 4, xs: 2 }}>{state}</Grid.Col>
      <Grid.Col span={{ base: 8, xs: 5 }}>
        <TextInput
          label="ZIP code"
          required
          inputMode="numeric"
          maxLength={5}
          {...input(`${prefix}.zipcode`)}
        />
      </Grid.Col>
    </Grid>
  );
}
