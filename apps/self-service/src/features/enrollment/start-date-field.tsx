import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, dataOf } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { calendarDate, weekdayDate } from '../../lib/format';

export const startDatesQuery = (planId: number, switchType: string, priority: 'Standard' | 'Priority') => ({
  queryKey: ['start-dates', planId, switchType, priority],
  queryFn: async () =>
    dataOf(
      await api.GET('/api/v1/plans/start-dates/{planId}', {
        params: {
          path: { planId },
          query: { switchType: switchType as 'Switch' | 'Move-In', priority },
        },
      }),
    ),
});

/**
 * The requested start date, chosen among the dates the API says the utility and the plan allow (weekends, the plan's
 * delay, a priority move-in today): the rule is the API's, the page only offers its answer.
 */
export function StartDateField({
  planId,
  switchType,
  priority,
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
  const dates = useQuery(startDatesQuery(planId, switchType, priority));
  const answer = dates.data;
  const choices = answer?.available_dates ?? [];
  return (
    <NativeSelect
      label={t('service.startDate')}
      description={
        answer ? t('service.startDateHint', { date: calendarDate(answer.earliest_start_date) }) : undefined
      }
      required
      value={choices.includes(value) ? value : ''}
      error={problem ?? (dates.isError ? messageOf(dates.error) : undefined)}
      disabled={!answer}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: '', label: '—', disabled: true },
        ...choices.map((date) => ({ value: date, label: weekdayDate(date) })),
      ]}
    />
  );
}
