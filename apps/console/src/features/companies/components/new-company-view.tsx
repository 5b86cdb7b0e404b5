import {
  Alert,
  Button,
  Center,
  Checkbox,
  ColorInput,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { CopyField } from '../../../components/ui/copy-field';
import { FormSection } from '../../../components/ui/form-section';
import { ErrorState, FailureAlert } from '../../../components/ui/states';
import { looksLikeEmail } from '../../../lib/forms';
import { BRAND_FIELDS } from '../../company-setup/api/company-setup';
import { focusFirstError, splitFailure } from '../../customers/actions';
import {
  type CompanyFile,
  type CreatedCompany,
  type MarketChoice,
  type NewCompany,
  useCompanyFileChoices,
  useCreateCompany,
} from '../api/companies';

type CustomerType = CompanyFile['customer_types'][number];
type StateCode = CompanyFile['markets'][number]['state_code'];

/** The customer types a new company may start with; more are added later from the company file. */
const CUSTOMER_TYPES: Record<'Residential' | 'SmallBusiness', CustomerType> = {
  Residential: {
    code: 'Residential',
    name: 'Residential',
    required: ['first_name', 'last_name', 'primary_phone'],
    prospect_expiration_days: 30,
  },
  SmallBusiness: {
    code: 'SmallBusiness',
    name: 'Small Business',
    required: ['firm_name', 'contact_name', 'fedtaxidnum', 'primary_phone'],
    prospect_expiration_days: 45,
  },
};

interface Values {
  company: Omit<CompanyFile, 'customer_types' | '$schema'>;
  customerTypes: (keyof typeof CUSTOMER_TYPES)[];
  administrator: NewCompany['administrator'];
}

/** Every path the server may name in a problem, deepest first wins (splitFailure). */
const FIELDS = [
  'company.name',
  'company.slug',
  'company.settings.support_phone',
  'company.settings.support_email',
  'company.settings.support_hours',
  'company.settings.payment_gateway',
  ...BRAND_FIELDS.map((field) => `company.brands.0.${field}` as const),
  'company.markets.0.state_code',
  'company.markets.0.name',
  'company.utilities',
  'customerTypes',
  'administrator.email',
  'administrator.name',
] as const;

/** "Lone Star Power" → "lone-star-power": the key operator commands use. */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);

const initialValues = (): Values => ({
  company: {
    name: '',
    slug: '',
    settings: {
      payment_gateway: 'AuthorizeNET',
      deposit_payment_types: 'Both',
      one_time_payment_types: 'Both',
      recurring_billing_payment_types: 'Both',
      support_phone: '',
      support_email: '',
      support_hours: 'Monday to Friday 8:00-18:00',
    },
    brands: [
      {
        system_name: '',
        name: '',
        legal_name: '',
        url: 'https://',
        my_account_url: 'https://',
        phone: '',
        email: '',
        office_hours: 'Monday to Friday 8:00-18:00',
        license_number: '',
        wizard_welcome_text: 'Find a plan for your home or business in a few steps.',
        wizard_thank_you_text: 'Thank you for choosing us. Your welcome kit is on its way.',
        primary_color: '#1f4e79',
        accent_color: '#f4c430',
      },
    ],
    markets: [{ state_code: 'TX', name: 'Texas (ERCOT)' }],
    utilities: [],
  },
  customerTypes: ['Residential'],
  administrator: { email: '', name: '' },
});

const required = (label: string) => (value: string) => (value.trim() ? null : `Enter ${label}.`);
const email = (value: string) => (looksLikeEmail(value) ? null : 'Enter an email address.');
const link = (value: string) =>
  /^https?:\/\/\S+\.\S+/.test(value) ? null : 'Enter a web address (https://…).';

/** What the operator sends: the form's company with the chosen customer types, as the company file has them. */
function bodyOf(values: Values): NewCompany {
  const brand = values.company.brands[0]!;
  return {
    company: {
      ...values.company,
      brands: [{ ...brand, system_name: brand.system_name || values.company.slug }],
      customer_types: values.customerTypes.map((code) => CUSTOMER_TYPES[code]),
    },
    administrator: { email: values.administrator.email.trim(), name: values.administrator.name.trim() },
  };
}

function CompanyForm({
  markets,
  onCreated,
}: {
  markets: MarketChoice[];
  onCreated: (made: CreatedCompany) => void;
}) {
  const create = useCreateCompany();
  const form = useForm<Values>({
    name: 'new-company',
    initialValues: initialValues(),
    validate: {
      company: {
        name: required('the company’s name'),
        slug: (value) =>
          /^[a-z0-9][a-z0-9-]{1,62}$/.test(value) ? null : 'Lowercase letters, digits and dashes.',
        settings: {
          support_phone: required('a support phone'),
          support_email: email,
          support_hours: required('the support hours'),
        },
        brands: {
          name: required('the brand’s name'),
          legal_name: required('the legal name'),
          url: link,
          my_account_url: link,
          phone: required('the brand’s phone'),
          email,
          office_hours: required('the office hours'),
          license_number: required('the licence number'),
        },
        utilities: (value) => (value.length ? null : 'Choose at least one utility the company sells in.'),
      },
      customerTypes: (value) => (value.length ? null : 'Choose at least one customer type.'),
      administrator: { email, name: required('their name') },
    },
  });
  const state = markets.find((m) => m.stateCode === form.values.company.markets[0]?.state_code);
  const failure = splitFailure(create.error, FIELDS);

  const nameChanged = (name: string) => {
    const followsName = form.values.company.slug === slugOf(form.values.company.name);
    form.setFieldValue('company.name', name);
    if (followsName) form.setFieldValue('company.slug', slugOf(name));
    if (!form.values.company.brands[0]!.name) form.setFieldValue('company.brands.0.name', name);
  };
  const stateChanged = (code: string | null) => {
    const chosen = markets.find((m) => m.stateCode === code);
    if (!chosen) return;
    form.setFieldValue('company.markets.0', {
      state_code: chosen.stateCode as StateCode,
      name: chosen.stateName,
    });
    form.setFieldValue('company.utilities', []);
  };

  const submit = form.onSubmit(
    (values) =>
      create.mutate(bodyOf(values), {
        onSuccess: onCreated,
        onError: (error) => {
          const fields = splitFailure(error, FIELDS).fields;
          form.setErrors(fields);
          focusFirstError('new-company', fields);
        },
      }),
    (errors) => focusFirstError('new-company', errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={900}>
        <FormSection
          title="Company"
          description="The retail company as Voltin's operator commands and its staff name it."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Name"
              required
              maxLength={500}
              {...form.getInputProps('company.name')}
              onChange={(e) => nameChanged(e.currentTarget.value)}
            />
            <TextInput
              label="Slug"
              description="Its key in operator commands; it cannot change later."
              required
              maxLength={63}
              {...form.getInputProps('company.slug')}
            />
            <TextInput
              label="Support phone"
              required
              type="tel"
              {...form.getInputProps('company.settings.support_phone')}
            />
            <TextInput
              label="Support email"
              required
              type="email"
              {...form.getInputProps('company.settings.support_email')}
            />
            <TextInput
              label="Support hours"
              required
              {...form.getInputProps('company.settings.support_hours')}
            />
            <Select
              label="Payment gateway"
              description="Its account is set with npm run company:gateway."
              required
              allowDeselect={false}
              data={[
                { value: 'AuthorizeNET', label: 'Authorize.Net' },
                { value: 'iCheckGateway', label: 'iCheck' },
              ]}
              {...form.getInputProps('company.settings.payment_gateway')}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection
          title="First brand"
          description="What customers see on the self-service site, in mail and on contracts."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Brand name" required {...form.getInputProps('company.brands.0.name')} />
            <TextInput
              label="Legal name"
              required
              description="Printed on contracts."
              {...form.getInputProps('company.brands.0.legal_name')}
            />
            <TextInput label="Web site" required type="url" {...form.getInputProps('company.brands.0.url')} />
            <TextInput
              label="Self-service site"
              required
              type="url"
              description="Links in mail point there."
              {...form.getInputProps('company.brands.0.my_account_url')}
            />
            <TextInput label="Phone" required type="tel" {...form.getInputProps('company.brands.0.phone')} />
            <TextInput
              label="Sends mail from"
              required
              type="email"
              {...form.getInputProps('company.brands.0.email')}
            />
            <TextInput
              label="Office hours"
              required
              {...form.getInputProps('company.brands.0.office_hours')}
            />
            <TextInput
              label="Licence number"
              required
              description="E.g. the PUCT REP certificate."
              {...form.getInputProps('company.brands.0.license_number')}
            />
            <ColorInput
              label="Main colour"
              format="hex"
              withEyeDropper={false}
              {...form.getInputProps('company.brands.0.primary_color')}
            />
            <ColorInput
              label="Second colour"
              format="hex"
              withEyeDropper={false}
              {...form.getInputProps('company.brands.0.accent_color')}
            />
          </SimpleGrid>
          <Textarea
            label="Wizard's first words"
            autosize
            minRows={2}
            required
            {...form.getInputProps('company.brands.0.wizard_welcome_text')}
          />
          <Textarea
            label="Wizard's last words"
            autosize
            minRows={2}
            required
            {...form.getInputProps('company.brands.0.wizard_thank_you_text')}
          />
        </FormSection>

        <FormSection title="Where it sells" description="One market to start; the company file adds others.">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="State"
              required
              searchable
              allowDeselect={false}
              data={markets.map((m) => ({ value: m.stateCode, label: m.stateName }))}
              value={form.values.company.markets[0]?.state_code ?? null}
              onChange={stateChanged}
              error={form.errors['company.markets.0.state_code']}
            />
            <TextInput label="Market name" required {...form.getInputProps('company.markets.0.name')} />
          </SimpleGrid>
          <Checkbox.Group label="Utilities it sells in" required {...form.getInputProps('company.utilities')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {(state?.utilities ?? []).map((utility) => (
                <Checkbox
                  key={utility.code}
                  value={utility.code}
                  label={`${utility.name} (${utility.commodity})`}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Checkbox.Group label="Customer types" required {...form.getInputProps('customerTypes')}>
            <Group mt="xs">
              {Object.entries(CUSTOMER_TYPES).map(([code, type]) => (
                <Checkbox key={code} value={code} label={type.name} />
              ))}
            </Group>
          </Checkbox.Group>
        </FormSection>

        <FormSection
          title="First Administrator"
          description="They get a one-time set-up link to choose a password (and, in production, an authenticator app), then add the rest of the staff."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Name" required {...form.getInputProps('administrator.name')} />
            <TextInput label="Email" required type="email" {...form.getInputProps('administrator.email')} />
          </SimpleGrid>
        </FormSection>

        <Text size="sm" c="dimmed">
          Payment types, the largest payment, return origins and the credit-check reuse window start at their
          defaults: the company's Administrator sets them in Company set-up.
        </Text>
        <FailureAlert error={failure.rest} title="The company was not created" />
        <Group justify="flex-end">
          <Button component={Link} to="/companies" variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create company
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The set-up link, shown once: the new company's Administrator is nobody until they follow it. */
function Created({ made }: { made: CreatedCompany }) {
  return (
    <Stack gap="md" maw={700}>
      <Alert
        variant="light"
        color="orange"
        icon={<IconAlertTriangle size={18} />}
        title="Copy the set-up link now: it is shown only once"
      >
        <Text size="sm">
          {made.company.name} ({made.company.slug}) was created. Give this link to {made.administrator.name} (
          {made.administrator.email}) only, through a channel you trust. Should it be lost or expire unused,
          give the company another Administrator with npm run console:create-admin.
        </Text>
      </Alert>
      <CopyField label={`Set-up link for ${made.administrator.email}`} value={made.setupLink} />
      <Group>
        <Button component={Link} to="/companies">
          Back to companies
        </Button>
      </Group>
    </Stack>
  );
}

export function NewCompanyView({
  made,
  onCreated,
}: {
  made: CreatedCompany | null;
  onCreated: (made: CreatedCompany) => void;
}) {
  const choices = useCompanyFileChoices();
  if (made) return <Created made={made} />;
  if (choices.isError)
    return (
      <ErrorState error={choices.error} onRetry={() => choices.refetch()} what="the states and utilities" />
    );
  if (!choices.data)
    return (
      <Center py="xl">
        <Loader aria-label="Loading the states and utilities" />
      </Center>
    );
  return <CompanyForm markets={choices.data.markets} onCreated={onCreated} />;
}
