import { Badge, Checkbox, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { ErrorState } from '../../../components/ui/states';
import { useOperationGroups } from '../api/get-accounts';

/** `*`: every operation the account's role groups allow, the ones the API gains later included. */
export const EVERY_OPERATION = '*';

interface OperationsChecklistProps {
  value: string[];
  onChange: (operations: string[]) => void;
}

/** The public API's operations by tag, each tag with a select-all box; read from the server, never listed here. */
export function OperationsChecklist({ value, onChange }: OperationsChecklistProps) {
  const groups = useOperationGroups();
  const chosen = new Set(value);
  const every = chosen.has(EVERY_OPERATION);

  if (groups.error)
    return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} what="the operations" />;

  const setMany = (ids: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) on ? next.add(id) : next.delete(id);
    onChange([...next]);
  };

  return (
    <Stack gap="xs">
      <Checkbox
        label="Every operation, the ones added later included"
        description="Leave off to choose operations one by one (least privilege)."
        checked={every}
        onChange={(event) => onChange(event.currentTarget.checked ? [EVERY_OPERATION] : [])}
      />
      {!every && (
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap="xs">
            {(groups.data ?? []).map((group) => {
              const ids = group.operations.map((operation) => operation.operationId);
              const picked = ids.filter((id) => chosen.has(id)).length;
              return (
                <Paper key={group.tag} withBorder p="xs" component="fieldset" aria-label={group.tag}>
                  <Group justify="space-between" wrap="nowrap">
                    <Checkbox
                      label={
                        <Text fw={600} size="sm">
                          {group.tag}
                        </Text>
                      }
                      aria-label={`Every operation of ${group.tag}`}
                      checked={picked === ids.length}
                      indeterminate={picked > 0 && picked < ids.length}
                      onChange={(event) => setMany(ids, event.currentTarget.checked)}
                    />
                    <Badge variant="light" color="gray" radius="sm" tt="none">
                      {picked} of {ids.length}
                    </Badge>
                  </Group>
                  <Stack gap={4} mt={6} pl="lg">
                    {group.operations.map((operation) => (
                      <Checkbox
                        key={operation.operationId}
                        size="xs"
                        label={operation.operationId}
                        description={`${operation.method} ${operation.path} · ${operation.summary}`}
                        checked={chosen.has(operation.operationId)}
                        onChange={(event) => setMany([operation.operationId], event.currentTarget.checked)}
                      />
                    ))}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
