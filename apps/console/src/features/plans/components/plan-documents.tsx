import { ActionIcon, Badge, Checkbox, Group, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { PlanDetail } from '../api/get-plan';
import { type PlanDocumentChange, useChangePlanDocument } from '../api/plan-changes';

type PlanDocument = PlanDetail['documents'][number];
type Place = keyof Pick<PlanDocument, 'inPlanListing' | 'inSummary' | 'onThankYouPage' | 'inMyAccount'>;

const PLACES: { key: Place; label: string }[] = [
  { key: 'inPlanListing', label: 'Plan shopping' },
  { key: 'inSummary', label: 'Wizard summary' },
  { key: 'onThankYouPage', label: 'Thank-you page' },
  { key: 'inMyAccount', label: 'My Account' },
];

/**
 * The plan's documents, generated from the version in effect in English and Spanish, with where customers see each;
 * pricing staff tick a place to show it there, or rename a document.
 */
export function PlanDocuments({ plan, canChange }: { plan: PlanDetail; canChange: boolean }) {
  const change = useChangePlanDocument();
  const [renaming, setRenaming] = useState<PlanDocument | null>(null);
  const [name, setName] = useState('');

  const save = (document: PlanDocument, body: PlanDocumentChange, onSuccess?: () => void) =>
    change.mutate(
      { planId: plan.id, documentId: document.id, ...body },
      {
        onSuccess,
        onError: (error) =>
          !onSuccess &&
          notifications.show({ color: 'red', title: `${document.name} not changed`, message: error.message }),
      },
    );

  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              {PLACES.map((place) => (
                <Table.Th key={place.key} ta="center">
                  {place.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.documents.map((document) => (
              <Table.Tr key={document.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">{document.name}</Text>
                    <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
                      {document.type}
                    </Badge>
                    {canChange && (
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={`Rename ${document.name}`}
                        onClick={() => {
                          change.reset();
                          setName(document.name);
                          setRenaming(document);
                        }}
                      >
                        <IconPencil size={14} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
                {PLACES.map((place) => (
                  <Table.Td key={place.key}>
                    <Checkbox
                      mx="auto"
                      w="fit-content"
                      aria-label={`Show ${document.name} in ${place.label}`}
                      checked={document[place.key]}
                      disabled={!canChange || change.isPending}
                      onChange={(event) => save(document, { [place.key]: event.currentTarget.checked })}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={renaming !== null}
        title={`Rename ${renaming?.name ?? ''}`}
        confirmLabel="Rename"
        loading={change.isPending}
        error={change.error}
        onConfirm={() => renaming && save(renaming, { name: name.trim() }, () => setRenaming(null))}
        onClose={() => setRenaming(null)}
      >
        <TextInput
          label="Name"
          description="What customers see the document called, in both languages."
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={100}
          data-autofocus
        />
      </ConfirmDialog>
    </>
  );
}
