import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconFileAlert, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FailureAlert } from '../../../components/ui/states';
import { isApiFailure } from '../../../lib/api';
import { Section } from '../../enrollments/components/section';
import type { MatrixDifferences } from '../api/get-differences';
import { useUploadPricingMatrix } from '../api/upload-pricing-matrix';
import classes from './pricing-matrix.module.css';

/** What the file picker offers: the two kinds the server reads (it tells them apart by content, not by name). */
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file the server read and refused whole: its message (how many problems, nothing kept) and each line's problem. */
function RejectedFile({
  fileName,
  message,
  problems,
}: {
  fileName: string;
  message: string;
  problems: string[];
}) {
  return (
    <Alert
      color="red"
      variant="light"
      title={`${fileName} was not accepted`}
      icon={<IconFileAlert size={18} />}
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">{message} Correct the file and check it again.</Text>
        <ul className={classes.problems} aria-label={`Problems of ${fileName}`}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </Stack>
    </Alert>
  );
}

/**
 * Pricing staff send a new matrix, CSV or Excel: the server checks every line before keeping anything. A good file
 * is kept pending and its review opens; a bad one is listed line by line here.
 */
export function UploadForm({ onChecked }: { onChecked: (differences: MatrixDifferences) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadPricingMatrix();
  const sent = upload.variables;
  const rejected =
    isApiFailure(upload.error) && upload.error.code === 'PRICING_MATRIX_INVALID' ? upload.error : null;

  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file) upload.mutate(file, { onSuccess: onChecked });
  };

  return (
    <Section
      title="Upload a new matrix"
      description="CSV, or the first sheet of an Excel workbook (.xlsx), with the columns of the import format. Every line is checked before anything is kept; nothing changes in force until you put it in force."
    >
      <form onSubmit={check} noValidate>
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <FileInput
              label="Pricing matrix file"
              placeholder="Choose a .csv or .xlsx file"
              accept={ACCEPT}
              leftSection={<IconFileSpreadsheet size={16} />}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the file' }}
              value={file}
              onChange={(next) => {
                setFile(next);
                upload.reset();
              }}
              w={{ base: '100%', sm: 360 }}
            />
            <Button
              type="submit"
              leftSection={<IconUpload size={16} />}
              disabled={!file}
              loading={upload.isPending}
            >
              Check file
            </Button>
          </Group>
          {rejected && sent ? (
            <RejectedFile fileName={sent.name} message={rejected.message} problems={rejected.errors} />
          ) : (
            <FailureAlert error={upload.error} title="The file was not checked" />
          )}
        </Stack>
      </form>
    </Section>
  );
}
