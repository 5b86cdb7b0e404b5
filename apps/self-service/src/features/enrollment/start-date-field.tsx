import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The requested start date. */
export function StartDateField({
  value,
  problem,
  onChange,
}: {
  planId: number;
  switchType: string;
  priority: 'Standard' | 'Priority';
  value: string;
  problem: string | undefined;
  onChange: (date: string) => void;
}) {
  const { t } = useTranslation('enrollment');
  return (
    <TextInput
      type="date"
      label={t('service.startDate')}
      required
      value={value}
      error={problem}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
