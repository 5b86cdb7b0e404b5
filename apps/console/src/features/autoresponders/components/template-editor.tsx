import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconSend } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type RefObject, useRef, useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, FailureAlert } from '../../../components/ui/states';
import { useCan } from '../../../lib/auth';
import { looksLikeEmail } from '../../../lib/forms';
import {
  type AutoresponderCatalogue,
  type AutoresponderPackage,
  type AutoresponderTemplate,
  useAutoresponderCatalogue,
  useAutoresponderPackage,
  useChangeTemplate,
  usePreviewTemplate,
  useSendTestMessage,
} from '../api/autoresponders';
import { placeholderOf, type TemplateField, variableErrorsOf, withVariable } from '../model';
import { ChannelBadges } from './package-view';

type Variable = AutoresponderCatalogue['variables'][number];
type Trigger = AutoresponderCatalogue['triggers'][number];

/** The variables the trigger provides, each a button that puts its placeholder where the caret was. */
function VariableList({
  variables,
  onInsert,
  disabled,
}: {
  variables: Variable[];
  onInsert: (name: string) => void;
  disabled: boolean;
}) {
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="variables-heading">
      <Title order={2} size="h6" id="variables-heading" mb={4}>
        Replacement variables
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {disabled ? 'The variables this trigger provides.' : 'Click one to insert it at the caret.'}
      </Text>
      <ScrollArea.Autosize mah={520}>
        <Stack gap={6}>
          {variables.map((variable) => (
            <UnstyledButton
              key={variable.name}
              disabled={disabled}
              onClick={() => onInsert(variable.name)}
              aria-label={`Insert ${placeholderOf(variable.name)}`}
            >
              <Text size="sm" ff="monospace" c={disabled ? undefined : 'indigo'}>
                {placeholderOf(variable.name)}
              </Text>
              <Text size="xs" c="dimmed">
                {variable.description} e.g. {variable.example}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

/** Subject, text and state of a template; saved as a whole, the server refusing variables beside their field. */
function TemplateForm({
  template,
  variables,
  canChange,
}: {
  template: AutoresponderTemplate;
  variables: Variable[];
  canChange: boolean;
}) {
  const [values, setValues] = useState({
    subject: template.subject,
    body: template.body,
    active: template.active,
  });
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<TemplateField>('body');
  const save = useChangeTemplate();
  // Marked against what was sent: the names refused are in that text, whatever was typed since.
  const errors = variableErrorsOf(save.error, { ...values, ...save.variables });
  const otherError = save.error && Object.keys(errors).length === 0 ? save.error : null;

  const insert = (name: string) => {
    const field = lastField.current;
    const element: RefObject<HTMLInputElement | HTMLTextAreaElement | null> =
      field === 'subject' ? subjectRef : bodyRef;
    const input = element.current;
    const text = values[field];
    const selection = {
      start: input?.selectionStart ?? text.length,
      end: input?.selectionEnd ?? text.length,
    };
    const next = withVariable(text, selection, name);
    setValues((current) => ({ ...current, [field]: next.text }));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = () =>
    save.mutate(
      { templateId: template.id_template, ...values },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: 'Template saved',
            message: `${template.trigger} is saved.`,
          }),
      },
    );

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper
          withBorder
          p="md"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <TextInput
              ref={subjectRef}
              label="Subject"
              value={values.subject}
              readOnly={!canChange}
              error={errors.subject}
              onFocus={() => (lastField.current = 'subject')}
              onChange={(event) => setValues({ ...values, subject: event.currentTarget.value })}
            />
            <Textarea
              ref={bodyRef}
              label="Text"
              description="Plain text; a blank line starts a new paragraph. The HTML part is made from it."
              value={values.body}
              readOnly={!canChange}
              error={errors.body}
              // A fixed height: an autosized field can make the page's scrollbar come and go, and itself with it.
              rows={14}
              resize="vertical"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              onFocus={() => (lastField.current = 'body')}
              onChange={(event) => setValues({ ...values, body: event.currentTarget.value })}
            />
            <Switch
              label="Template active"
              checked={values.active}
              disabled={!canChange}
              onChange={(event) => setValues({ ...values, active: event.currentTarget.checked })}
            />
            {otherError && <FailureAlert error={otherError} />}
            {canChange ? (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Save template
                </Button>
              </Group>
            ) : (
              <Alert color="gray" variant="light">
                Marketing and Administrators change templates; you can read, preview and see the outbox.
              </Alert>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <VariableList variables={variables} onInsert={insert} disabled={!canChange} />
      </Grid.Col>
    </Grid>
  );
}

/** The saved template rendered: with example values or as the customer of a sample enrollment would get it. */
function PreviewPane({ template }: { template: AutoresponderTemplate }) {
  const [enrollmentId, setEnrollmentId] = useState<number | string>('');
  const preview = usePreviewTemplate();
  const shown = preview.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preview-heading">
      <Stack gap="sm">
        <Title order={2} size="h5" id="preview-heading">
          Preview
        </Title>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="Sample enrollment"
            description="Empty: example values"
            value={enrollmentId}
            onChange={setEnrollmentId}
            min={1}
            allowDecimal={false}
            w={200}
          />
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            loading={preview.isPending}
            onClick={() =>
              preview.mutate({
                templateId: template.id_template,
                enrollmentId: typeof enrollmentId === 'number' ? enrollmentId : undefined,
              })
            }
          >
            Preview
          </Button>
        </Group>
        {preview.error && <FailureAlert error={preview.error} />}
        {shown && (
          <Stack gap={6} aria-label="Rendered message">
            <Text size="sm">
              <Text span c="dimmed">
                Subject:{' '}
              </Text>
              <Text span fw={600}>
                {shown.subject}
              </Text>
            </Text>
            <Paper bg="var(--mantine-color-gray-light)" p="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {shown.body}
              </Text>
            </Paper>
            {shown.missing_variables.length > 0 && (
              <Text size="xs" c="orange">
                No value for this sample, rendered empty:{' '}
                {shown.missing_variables.map(placeholderOf).join(', ')}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Sends the saved template, with example values, to an address through the mail outbox. */
function TestMessage({ template }: { template: AutoresponderTemplate }) {
  const [to, setTo] = useState('');
  const send = useSendTestMessage();
  const invalid = to.trim() !== '' && !looksLikeEmail(to);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="test-heading">
      <Stack gap="sm">
        <Title order={2} size="h5" id="test-heading">
          Send a test
        </Title>
        <Text size="sm" c="dimmed">
          The saved template with the example values (never a customer’s data), subject marked [Test], through
          the mail outbox.
        </Text>
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Send to"
            type="email"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={invalid ? 'Not an email address' : undefined}
            w={280}
          />
          <Button
            mt={25}
            leftSection={<IconSend size={16} />}
            disabled={to.trim() === '' || invalid}
            loading={send.isPending}
            onClick={() =>
              send.mutate(
                { templateId: template.id_template, to: to.trim() },
                {
                  onSuccess: (sent) =>
                    notifications.show({
                      color: 'teal',
                      title: 'Test queued',
                      message: `Message ${sent.id_outbox} to ${sent.recipient} is in the mail outbox.`,
                    }),
                },
              )
            }
          >
            Send test
          </Button>
        </Group>
        {send.error && <FailureAlert error={send.error} />}
        {send.data && (
          <Text size="sm">
            Queued as message {send.data.id_outbox} to {send.data.recipient}.{' '}
            <Anchor renderRoot={(props) => <Link {...props} to="/mail-outbox" />}>See the outbox</Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function TriggerSummary({ trigger }: { trigger: Trigger | undefined }) {
  if (!trigger) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap={6}>
        <Text size="sm">
          <Text span c="dimmed">
            When:{' '}
          </Text>
          {trigger.fires}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            To:{' '}
          </Text>
          {trigger.recipient}
        </Text>
        <ChannelBadges trigger={trigger} />
      </Stack>
    </Paper>
  );
}

function EditorPage({ pack, template }: { pack: AutoresponderPackage; template: AutoresponderTemplate }) {
  const catalogue = useAutoresponderCatalogue();
  const canChange = useCan('marketing.write');
  const trigger = catalogue.data?.triggers.find((t) => t.key === template.trigger);
  const variables = (catalogue.data?.variables ?? []).filter((v) => trigger?.variables.includes(v.name));
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor renderRoot={(props) => <Link {...props} to="/autoresponders" />} size="sm">
          Autoresponders
        </Anchor>
        <Anchor
          renderRoot={(props) => (
            <Link {...props} to="/autoresponders/$id" params={{ id: pack.id_package }} />
          )}
          size="sm"
        >
          {pack.name}
        </Anchor>
        <Text size="sm">{template.trigger}</Text>
      </Breadcrumbs>
      <PageHeader title={template.trigger} description={`${pack.name} · in ${pack.language}`} />
      <TriggerSummary trigger={trigger} />
      {/* Keyed by the template and its save: a list read again in the background must not wipe what is typed. */}
      <TemplateForm
        key={template.id_template}
        template={template}
        variables={variables}
        canChange={canChange}
      />
      <PreviewPane template={template} />
      {canChange && <TestMessage template={template} />}
    </Stack>
  );
}

/** One template of a package: its editor with the variable list, its preview and a test message. */
export function TemplateEditorView({ packageId, templateId }: { packageId: number; templateId: number }) {
  const pack = useAutoresponderPackage(packageId);
  if (pack.error)
    return <ErrorState error={pack.error} onRetry={() => void pack.refetch()} what="the template" />;
  if (!pack.data) return null;
  const template = pack.data.templates.find((t) => t.id_template === templateId);
  if (!template)
    return <ErrorState error={new Error('This package has no such template.')} what="the template" />;
  return <EditorPage pack={pack.data} template={template} />;
}
