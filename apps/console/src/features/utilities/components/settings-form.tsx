import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { FailureAlert } from '../../../components/ui/states';
import { focusFirstError, splitFailure } from '../../customers/actions';
import { type UtilityDetail, type UtilitySettings, useChangeUtilitySettings } from '../api/utilities';

const FIELDS = [
  'allowEnrollments',
  'ldcLabel',
  'ldcPrefix',
  'ldcLength',
  'ldcOnlyNumbers',
  'ldcMask',
  'switchTypes',
] as const;

interface Values extends Omit<UtilitySettings, 'ldcPrefix'> {
  ldcPrefix: string;
}

const valuesOf = (settings: UtilitySettings): Values => ({
  ...settings,
  ldcPrefix: settings.ldcPrefix ?? '',
});

/** Only what was changed is sent: the server checks it together with the rest. */
function changedFrom(settings: UtilitySettings, values: Values) {
  const after: UtilitySettings = { ...values, ldcPrefix: values.ldcPrefix.trim() || null };
  return Object.fromEntries(
    FIELDS.filter((key) => JSON.stringify(after[key]) !== JSON.stringify(settings[key])).map((key) => [
      key,
      after[key],
    ]),
  ) as Partial<UtilitySettings>;
}

/** A utility's market settings: Pricing and Administrators change them, other staff read them. */
export function SettingsForm({ utility, canChange }: { utility: UtilityDetail; canChange: boolean }) {
  const save = useChangeUtilitySettings();
  const form = useForm<Values>({ name: 'utility-settings', initialValues: valuesOf(utility.settings) });
  const changes = changedFrom(utility.settings, form.values);
  const submit = form.onSubmit(
    (values) =>
      save.mutate(
        { utilityId: utility.id, ...changedFrom(utility.settings, values) },
        {
          onSuccess: (saved) => {
            form.setValues(valuesOf(saved.settings));
            form.resetDirty(valuesOf(saved.settings));
            notifications.show({
              color: 'teal',
              title: 'Settings saved',
              message: `${saved.name}'s market settings are in effect now.`,
            });
          },
          onError: (error) => {
            const { fields } = splitFailure(error, FIELDS);
            form.setErrors(fields);
            focusFirstError('utility-settings', fields);
          },
        },
      ),
    (errors) => focusFirstError('utility-settings', errors),
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="utility-settings-title">
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!canChange} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <Title order={2} size="h4" id="utility-settings-title">
              Market settings
            </Title>
            <Switch
              label="Enrollments allowed"
              description="Off: the enrollment wizard lists none of its plans and new enrollments are refused; renewals and transfers go on."
              {...form.getInputProps('allowEnrollments', { type: 'checkbox' })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Account number label"
                description="What the customer is asked for: ESIID, Account Number…"
                maxLength={40}
                {...form.getInputProps('ldcLabel')}
              />
              <TextInput
                label="Prefix"
                description="How every number starts (a TDSP's ESIID prefix); empty for none."
                maxLength={40}
                {...form.getInputProps('ldcPrefix')}
              />
              <NumberInput
                label="Length"
                description="Characters of every number."
                min={1}
                max={40}
                allowDecimal={false}
                {...form.getInputProps('ldcLength')}
              />
              <TextInput
                label="Mask"
                description="9 a digit, * a letter or digit; spaces, dashes, dots and slashes between."
                maxLength={80}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                {...form.getInputProps('ldcMask')}
              />
            </SimpleGrid>
            <Checkbox
              label="Digits only"
              description="Otherwise letters and digits."
              {...form.getInputProps('ldcOnlyNumbers', { type: 'checkbox' })}
            />
            <Checkbox.Group
              label="Switch types"
              description="How customers may come to the supplier here."
              {...form.getInputProps('switchTypes')}
            >
              <Group mt="xs">
                <Checkbox value="Switch" label="Switch (from another supplier)" />
                <Checkbox value="Move-In" label="Move-In (a new occupant)" />
              </Group>
            </Checkbox.Group>
            <FailureAlert error={splitFailure(save.error, FIELDS).rest} title="Not saved" />
            {canChange ? (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} disabled={Object.keys(changes).length === 0}>
                  Save settings
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                Pricing and Administrators change these settings.
              </Text>
            )}
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
