import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { FailureAlert } from '../../../components/ui/states';
import { isApiFailure } from '../../../lib/api';
import { formatCount } from '../../../lib/format';
import {
  type UtilityDetail,
  usePreviewZipcodes,
  useReplaceZipcodes,
  type ZipcodeChange,
} from '../api/utilities';
import { textOfZipcodes, zipcodeProblems, zipcodesOfText } from '../model';

function ZipcodeBadges({ zipcodes, color, label }: { zipcodes: string[]; color: string; label: string }) {
  if (zipcodes.length === 0) return null;
  return (
    <Stack gap={4} aria-label={label}>
      <Text size="sm" fw={500}>
        {label} ({formatCount(zipcodes.length)})
      </Text>
      <Group gap={4}>
        {zipcodes.map((zipcode) => (
          <Badge key={zipcode} color={color} variant="light" radius="sm" ff="monospace">
            {zipcode}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/** The zip codes a utility serves, replaced as a whole list after a preview of what it adds and removes. */
export function ZipcodesEditor({ utility, canChange }: { utility: UtilityDetail; canChange: boolean }) {
  const [text, setText] = useState(() => textOfZipcodes(utility.zipcodes));
  const preview = usePreviewZipcodes();
  const save = useReplaceZipcodes();
  const typed = zipcodesOfText(text);
  const asked = typed.map((t) => t.zipcode);
  const shown: ZipcodeChange | null =
    preview.data && JSON.stringify(preview.variables?.zipcodes) === JSON.stringify(asked)
      ? preview.data
      : null;
  const failure = save.error ?? preview.error;
  const problems = zipcodeProblems(failure, typed);

  const runPreview = () => {
    save.reset();
    preview.mutate({ utilityId: utility.id, zipcodes: asked });
  };
  const apply = () =>
    save.mutate(
      { utilityId: utility.id, zipcodes: asked },
      {
        onSuccess: (result) => {
          setText(textOfZipcodes(result.zipcodes));
          preview.reset();
          notifications.show({
            color: 'teal',
            title: 'Zip codes saved',
            message: `${utility.name}: ${result.added.length} added, ${result.removed.length} removed.`,
          });
        },
      },
    );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="utility-zipcodes-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="utility-zipcodes-title">
          Zip codes served ({formatCount(utility.zipcodes.length)})
        </Title>
        <Textarea
          label="Zip codes"
          description={
            canChange
              ? 'The whole list, 5 digits each, separated by spaces, commas or lines. Preview it, then save.'
              : 'The zip codes plan shopping offers this utility in.'
          }
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          readOnly={!canChange}
          autosize
          minRows={3}
          maxRows={12}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          spellCheck={false}
        />
        {problems.length > 0 && isApiFailure(failure) && (
          <Alert color="red" variant="light" title={failure.message} role="alert">
            <List size="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {problems.length === 0 && <FailureAlert error={failure} title="Not saved" />}
        {canChange && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconListSearch size={16} />}
              onClick={runPreview}
              loading={preview.isPending}
            >
              Preview the changes
            </Button>
          </Group>
        )}
        {shown && (
          <Stack gap="sm" aria-live="polite">
            {shown.added.length === 0 && shown.removed.length === 0 ? (
              <Text size="sm">The list is the one served now: nothing to save.</Text>
            ) : (
              <>
                <ZipcodeBadges zipcodes={shown.added} color="green" label="Added" />
                <ZipcodeBadges zipcodes={shown.removed} color="red" label="Removed" />
                <Text size="sm" c="dimmed">
                  {formatCount(shown.unchanged)} kept.
                </Text>
                <Group justify="flex-end">
                  <Button onClick={apply} loading={save.isPending}>
                    Save the zip codes
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
