import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { DialogFooter, useResetOnOpen } from '../../../components/ui/action-dialog';
import { useCreateDocument, useUploadVersion } from '../api/documents';
import {
  DOCUMENT_KINDS,
  DOCUMENT_LANGUAGES,
  type DocumentKind,
  type DocumentLanguage,
  KIND_LABELS,
  LANGUAGE_LABELS,
} from '../model';
import { PdfFileInput, pdfProblem } from './pdf-file-input';

/**
 * A new library document with its first PDF. The document is created, then its file uploaded; when the upload is
 * refused (not a PDF, too large, a virus) the dialog stays open and sending again uploads to the same document.
 */
export function CreateDocumentModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<DocumentKind>('TOS');
  const [language, setLanguage] = useState<DocumentLanguage>('en');
  const [file, setFile] = useState<File | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [checked, setChecked] = useState(false);
  const create = useCreateDocument();
  const upload = useUploadVersion();
  const navigate = useNavigate();
  useResetOnOpen(opened, null, () => {
    setName('');
    setFile(null);
    setCreatedId(null);
    setChecked(false);
    create.reset();
    upload.reset();
  });

  const nameProblem = name.trim() === '' ? 'Give the document a name' : null;
  const fileProblem = pdfProblem(file);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (nameProblem || fileProblem || !file) return;
    const documentId =
      createdId ?? (await create.mutateAsync({ name: name.trim(), kind, language }).catch(() => null))?.id;
    if (!documentId) return;
    setCreatedId(documentId);
    const document = await upload.mutateAsync({ documentId, file }).catch(() => null);
    if (!document) return;
    notifications.show({ color: 'green', message: `${document.name} is in the library.` });
    onClose();
    void navigate({ to: '/documents/$id', params: { id: document.id } });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New document" size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            description="Shown to customers beside the plan's documents."
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={checked && nameProblem}
            maxLength={120}
            disabled={createdId !== null}
            withAsterisk
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Kind"
              data={DOCUMENT_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
              value={kind}
              onChange={(value) => value && setKind(value as DocumentKind)}
              allowDeselect={false}
              disabled={createdId !== null}
            />
            <Select
              label="Language"
              data={DOCUMENT_LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }))}
              value={language}
              onChange={(value) => value && setLanguage(value as DocumentLanguage)}
              allowDeselect={false}
              disabled={createdId !== null}
            />
          </SimpleGrid>
          <PdfFileInput value={file} onChange={setFile} error={checked ? fileProblem : null} />
          <DialogFooter
            error={create.error ?? upload.error}
            failureTitle={createdId ? 'The document was created; its file was not kept' : 'Not created'}
            onCancel={onClose}
            submitLabel={createdId ? 'Upload the file' : 'Create and upload'}
            pending={create.isPending || upload.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
