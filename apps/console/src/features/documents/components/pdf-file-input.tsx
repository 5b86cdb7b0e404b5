import { FileInput } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { formatBytes, MAX_PDF_BYTES } from '../model';

/** What is wrong with a chosen file before it is sent (the server checks again, by the file's first bytes). */
export function pdfProblem(file: File | null): string | null {
  if (!file) return 'Choose the PDF';
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf'))
    return 'Choose a PDF file';
  if (file.size > MAX_PDF_BYTES)
    return `The file is ${formatBytes(file.size)}; at most ${formatBytes(MAX_PDF_BYTES)}`;
  return null;
}

/** The PDF picker of the library's upload forms. */
export function PdfFileInput(props: {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
}) {
  return (
    <FileInput
      label="PDF file"
      description={`A PDF of at most ${formatBytes(MAX_PDF_BYTES)}; it is scanned for viruses before it is kept.`}
      placeholder="Choose a .pdf file"
      accept="application/pdf,.pdf"
      leftSection={<IconFileTypePdf size={16} />}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the file' }}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      withAsterisk
    />
  );
}
