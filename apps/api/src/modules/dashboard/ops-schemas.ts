import { Type } from 'typebox';
import { DateOf, Nullable } from '../../http/schemas.js';
import { DASHBOARD_DAYS, DASHBOARD_TIME_ZONE } from './model.js';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const HoldAgeBucket = Type.Object({
  key: Type.String({ description: 'under-1h, 1-4h, 4-24h, 1-3d or over-3d.' }),
  label: Type.String({ description: 'What the console shows: "< 1 h", "1–4 h" …' }),
  fromSeconds: Type.Integer({ minimum: 0, description: 'Held at least this many seconds …' }),
  toSeconds: Nullable(
    Type.Integer({ minimum: 1, description: '… and fewer than this many (null: no bound).' }),
  ),
});

export const HoldStatusAges = Type.Object({
  status: Type.String({ description: 'A hold status (ON_HOLD…).' }),
  label: Type.String({ description: 'The name the console gives it (the queue’s name).' }),
  queue: Nullable(
    Type.String({
      description:
        'The work queue listing these holds (GET /queues/enrollments?queue=…); null when none does: ON_HOLD_VERIFICATION_PENDING waits for the verification provider, not for an agent.',
    }),
  ),
  total: Count('Enrollments in this hold now.'),
  counts: Type.Array(Count('Enrollments of this bucket.'), {
    description: 'One count per bucket of holds.buckets, in its order.',
  }),
});

export const DailyActivity = Type.Object({
  day: DateOf('The day, in the dashboard’s time zone.'),
  created: Count('Enrollments created that day.'),
  submitted: Count(
    'Enrollments sent to the billing system that day, whatever it answered (each counted once a day).',
  ),
});

export const Dashboard = Type.Object(
  {
    timeZone: Type.String({
      description: `The time zone whose calendar day "today" is: ${DASHBOARD_TIME_ZONE}. Companies have no time zone setting; the Texas market's day is Central Time's.`,
    }),
    today: DateOf('Today in that time zone.'),
    asOf: Type.String({
      format: 'date-time',
      description: 'When these counts were taken (the server’s now).',
    }),
    enrollments: Type.Object({
      createdToday: Count('Enrollments created today (holds, submissions and renewals alike).'),
    }),
    submissions: Type.Object({
      sent: Count('Enrollments sent to the billing system today (each counted once).'),
      accepted: Count('… of which it accepted (now PENDING).'),
      withErrors: Count('… of which it took with errors to fix (SUBMITTED_WITH_ERRORS).'),
      connectionErrors: Count(
        '… of which could not reach it (SUBMITION_NOT_SENT_CONNECTION_ERROR). An enrollment resent after a connection error and then accepted counts under both.',
      ),
    }),
    holds: Type.Object({
      total: Count('Enrollments on hold now.'),
      buckets: Type.Array(HoldAgeBucket, { description: 'How long a hold has lasted, youngest first.' }),
      byStatus: Type.Array(HoldStatusAges, { description: 'Every hold status, with its counts by age.' }),
    }),
    declines: Type.Object({
      creditChecks: Count('Credit checks run today.'),
      creditDenied: Count('… of which refused service (the score is under the plan’s refusal threshold).'),
      payments: Count('Payments charged today (deposits, one-time and recurring payments).'),
      paymentsDeclined: Count('… of which the gateway declined.'),
      rejected: Count('Enrollments an agent rejected today (CANCELLED by an agent).'),
      cancelledByCustomer: Count('Enrollments the customer cancelled today before service started.'),
    }),
    daily: Type.Array(DailyActivity, {
      minItems: DASHBOARD_DAYS,
      maxItems: DASHBOARD_DAYS,
      description: `The last ${DASHBOARD_DAYS} days, oldest first, today last.`,
    }),
  },
  {
    description: `The Operations console's home: today's enrollments, submissions and declines, the holds by age, and ${DASHBOARD_DAYS} days of enrollments created and submitted. "Today" is the calendar day in ${DASHBOARD_TIME_ZONE}.`,
  },
);
