import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { FailureAlert } from '../../../components/ui/states';
import { isApiFailure } from '../../../lib/api';
import { focusFirstError, splitFailure } from '../../customers/actions';
import {
  type CompanySettings,
  type SettingGroup,
  type SettingMeaning,
  type SettingValues,
  useChangeSettings,
} from '../api/company-setup';

type Key = keyof SettingValues;
/** What the inputs hold: the origins are edited one a line. */
type FormValues = Record<string, string | number | boolean>;

const labelOf = (key: string) => (key.charAt(0).toUpperCase() + key.slice(1)).replaceAll('_', ' ');

const toForm = (meaning: SettingMeaning, value: unknown) =>
  meaning.kind === 'origins' ? (value as string[]).join('\n') : (value as string | number | boolean);

const fromForm = (meaning: SettingMeaning, value: FormValues[string]) =>
  meaning.kind === 'origins'
    ? String(value)
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
    : value;

/** What the allowed values are, in words, after the schema's description. */
function allowedInWords(meaning: SettingMeaning) {
  if (meaning.kind === 'number' && meaning.minimum !== null)
    return meaning.maximum === null
      ? `At least ${meaning.minimum}.`
      : `From ${meaning.minimum} to ${meaning.maximum}.`;
  if (meaning.kind === 'origins')
    return 'One origin a line: scheme, host and optional port (http://localhost:* for any port); no path.';
  return '';
}

function SettingInput({
  meaning,
  form,
}: {
  meaning: SettingMeaning;
  form: ReturnType<typeof useForm<FormValues>>;
}) {
  const common = {
    label: labelOf(meaning.key),
    description: (
      <>
        {meaning.description} {allowedInWords(meaning)} <code>{meaning.key}</code>
      </>
    ),
  };
  switch (meaning.kind) {
    case 'choice':
      return (
        <Select
          {...common}
          data={meaning.allowed}
          allowDeselect={false}
          {...form.getInputProps(meaning.key)}
        />
      );
    case 'flag':
      return <Switch {...common} {...form.getInputProps(meaning.key, { type: 'checkbox' })} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          min={meaning.minimum ?? undefined}
          max={meaning.maximum ?? undefined}
          allowDecimal={false}
          thousandSeparator=","
          {...form.getInputProps(meaning.key)}
        />
      );
    case 'origins':
      return <Textarea {...common} autosize minRows={3} {...form.getInputProps(meaning.key)} />;
    default:
      return <TextInput {...common} maxLength={500} {...form.getInputProps(meaning.key)} />;
  }
}

/**
 * One group of the company's settings, each input made from the setting's meaning as the server describes it (its
 * allowed values, range and description come from the company file's schema). Only what changed is sent, with the
 * version read: a save over someone else's is refused and the form shows theirs.
 */
export function SettingsForm({
  settings,
  group,
  title,
}: {
  settings: CompanySettings;
  group: SettingGroup;
  title: string;
}) {
  const meanings = settings.parameters.filter((p) => p.group === group);
  const initial = Object.fromEntries(
    meanings.map((m) => [m.key, toForm(m, settings.values[m.key as Key])]),
  ) as FormValues;
  const form = useForm<FormValues>({ name: `settings-${group}`, initialValues: initial });
  const save = useChangeSettings();
  const keys = meanings.map((m) => m.key);
  const changes = Object.fromEntries(
    meanings
      .map((m) => [m.key, fromForm(m, form.values[m.key]!)] as const)
      .filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(settings.values[key as Key])),
  );

  const submit = form.onSubmit(() =>
    save.mutate(
      { version: settings.version, ...changes },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: 'Settings saved',
            message: `${Object.keys(changes).join(', ')}: in effect from the next call.`,
          }),
        onError: (error) => {
          if (isApiFailure(error) && error.code === 'COMPANY_SETUP_CHANGED') {
            notifications.show({
              color: 'orange',
              title: 'Not saved: changed meanwhile',
              message:
                'Someone saved the settings since you opened them. The page shows theirs now; change again.',
            });
            return;
          }
          const { fields } = splitFailure(error, keys);
          form.setErrors(fields);
          focusFirstError(`settings-${group}`, fields);
        },
      },
    ),
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`settings-${group}-title`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id={`settings-${group}-title`}>
            {title}
          </Title>
          {meanings.map((meaning) => (
            <SettingInput key={meaning.key} meaning={meaning} form={form} />
          ))}
          <FailureAlert error={splitFailure(save.error, keys).rest} title="Not saved" />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Version {settings.version}
            </Text>
            <Button type="submit" loading={save.isPending} disabled={Object.keys(changes).length === 0}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
