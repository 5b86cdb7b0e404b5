import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';

export type DateRange = [string | null, string | null];

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

interface AuditDateRangeProps {
  value: DateRange;
  onChange: (value: DateRange) => void;
  error?: string;
}

/** The audit log's date filter: whole days, from one to another (or a single day). Loaded with its calendar. */
export default function AuditDateRange({ value, onChange, error }: AuditDateRangeProps) {
  const presets: { value: [string, string]; label: string }[] = [
    { value: [day(0), day(0)], label: 'Today' },
    { value: [day(-1), day(-1)], label: 'Yesterday' },
    { value: [day(-6), day(0)], label: 'Last 7 days' },
    { value: [day(-29), day(0)], label: 'Last 30 days' },
  ];
  return (
    <DatePickerInput
      type="range"
      label="Dates"
      placeholder="Any date"
      valueFormat="D MMM YYYY"
      allowSingleDateInRange
      clearable
      maxDate={day(0)}
      presets={presets}
      leftSection={<IconCalendar size={16} stroke={1.6} />}
      value={value}
      onChange={(next) => onChange([next[0] ?? null, next[1] ?? null])}
      error={error}
    />
  );
}
