import '@mantine/dates/styles.css';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useId } from 'react';

export type When = 'now' | 'later';

/** Mantine's date-time value ("2026-12-01 06:00:00", the browser's time zone) as an instant. */
export const instantOf = (local: string) => new Date(local.replace(' ', 'T')).toISOString();

/** A form's check of the moment chosen: none for now; a moment still to come for later. */
export function momentProblem(when: When, local: string | null): string | null {
  if (when === 'now') return null;
  if (!local) return 'Choose when the new prices take effect.';
  return new Date(instantOf(local)) <= new Date() ? 'Choose a moment still to come.' : null;
}

/** What the API is sent: no moment for now (the server's now), the instant chosen for later. */
export const effectiveAtOf = (when: When, local: string | null) =>
  when === 'later' && local ? { effectiveAt: instantOf(local) } : {};

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

interface EffectiveMomentProps {
  /** From the form's `getInputProps('when')`. */
  whenProps: { value?: unknown; onChange?: unknown };
  /** From the form's `getInputProps('effectiveAt')`. */
  momentProps: object;
  when: When;
}

/** When new prices take effect: now, or a date and time in the browser's time zone. */
export function EffectiveMoment({ whenProps, momentProps, when }: EffectiveMomentProps) {
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        Takes effect
      </Text>
      <SegmentedControl
        w={{ base: '100%', xs: 240 }}
        aria-labelledby={labelId}
        data={[
          { value: 'now', label: 'Now' },
          { value: 'later', label: 'Later' },
        ]}
        {...(whenProps as object)}
      />
      {when === 'later' && (
        <DateTimePicker
          label="From"
          description={`Your time zone (${timeZone}). Plan shopping switches to the new prices at this moment, by itself.`}
          placeholder="Pick a date and time"
          minDate={new Date()}
          valueFormat="MMM D, YYYY h:mm A"
          ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
          timePickerProps={{ hoursInputLabel: 'Hour', minutesInputLabel: 'Minutes' }}
          submitButtonProps={{ 'aria-label': 'Use this date and time' }}
          clearable
          {...momentProps}
        />
      )}
    </Stack>
  );
}
