import { Alert, Anchor, Button, FileInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { api, dataOf } from '../../../lib/api';
import { problemOf, Section } from './parts';
import { creditLetterQuery, type Enrollment } from './queries';

/** The review status of a letter (GET …/pending-credit-letter: 0 pending, 1 approved, 2 rejected, 3 discarded). */
const LETTER_STATUSES = [0, 1, 2, 3] as const;
/** A new letter is taken only after the previous one was turned down. */
const TURNED_DOWN: readonly number[] = [2, 3];

/** The hold of an enrollment whose business customer covers the deposit with a letter of credit. */
export const WAITS_FOR_LETTER = 'ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD';

/** Whether the enrollment waits, or waited, for a letter of credit: its history says so. */
export const involvesCreditLetter = (enrollment: Enrollment) =>
  enrollment.status === WAITS_FOR_LETTER ||
  enrollment.enrollment_statuses.some((s) => s.name === WAITS_FOR_LETTER);

/**
 * The letter of credit a business customer gives instead of a deposit: uploaded here (PDF, PNG or JPEG), then
 * reviewed by the supplier; the page shows its review status and takes a new letter only after a rejection.
 */
export function CreditLetterSection({ enrollment }: { enrollment: Enrollment }) {
  const { t } = useTranslation('enrollmentPage');
  const queryClient = useQueryClient();
  const enrollmentId = enrollment.id_enrollment;
  const letter = useQuery(creditLetterQuery(enrollmentId));
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: async (chosen: File) =>
      dataOf(
        await api.POST('/api/v1/enrollments/{enrollmentId}/upload-credit-letter', {
          params: { path: { enrollmentId } },
          body: { file: chosen },
          bodySerializer: (body) => {
            const form = new FormData();
            form.append('file', body.file);
            return form;
          },
        }),
      ),
    onSuccess: (uploaded) => {
      setFile(null);
      queryClient.setQueryData(creditLetterQuery(enrollmentId).queryKey, uploaded);
      return queryClient.invalidateQueries({ queryKey: ['account', 'enrollment', enrollmentId] });
    },
  });
  return (
    <Section title={t('creditLetter.title')}>
      <QueryState query={letter}>
        {(latest) => {
          const mayUpload =
            enrollment.status === WAITS_FOR_LETTER &&
            (latest === null || TURNED_DOWN.includes(latest.id_status));
          const status = LETTER_STATUSES.find((s) => s === latest?.id_status);
          return (
            <Stack gap="sm">
              {latest && (
                <Stack gap={2}>
                  <Text size="sm">
                    {t('creditLetter.latest', { name: latest.file_name })}{' '}
                    <Anchor href={latest.url} target="_blank" rel="noopener" size="sm" underline="always">
                      {t('creditLetter.view')}
                    </Anchor>
                  </Text>
                  {status !== undefined && (
                    <Text size="sm" fw={600}>
                      {t(`creditLetter.statuses.${status}`)}
                    </Text>
                  )}
                </Stack>
              )}
              {upload.isSuccess && (
                <Alert color="green" role="status">
                  {t('creditLetter.uploaded')}
                </Alert>
              )}
              {mayUpload && (
                <Stack gap="sm">
                  <Text size="sm">{t('creditLetter.intro')}</Text>
                  <FileInput
                    label={t('creditLetter.file')}
                    placeholder={t('creditLetter.choose')}
                    // Mantine's placeholder grey (gray 5) is below AA contrast on white; the theme darkens only dimmed text.
                    styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
                    maw={{ sm: 420 }}
                    accept="application/pdf,image/png,image/jpeg"
                    value={file}
                    onChange={setFile}
                    clearable
                  />
                  <Button
                    w="fit-content"
                    disabled={!file}
                    loading={upload.isPending}
                    onClick={() => file && upload.mutate(file)}
                  >
                    {t('creditLetter.submit')}
                  </Button>
                </Stack>
              )}
              {upload.isError && (
                <Alert color="red" role="alert">
                  {problemOf(upload.error)}
                </Alert>
              )}
            </Stack>
          );
        }}
      </QueryState>
    </Section>
  );
}
