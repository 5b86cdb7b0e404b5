import { Type } from 'typebox';
import { TASK_RUN_OUTCOMES, TASK_RUN_TRIGGERS } from '../../db/tables/jobs.js';
import { Nullable } from '../../http/schemas.js';
import { SERVICE_TASK_STATUSES } from './model.js';

const Instant = (description: string) => Nullable(Type.String({ format: 'date-time', description }));

export const ServiceTaskPath = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'The task’s name, e.g. submit-enrollments.',
  }),
});

export const ServiceTask = Type.Object(
  {
    name: Type.String({ description: 'The task’s name, e.g. submit-enrollments.' }),
    description: Type.String({ description: 'What the task does.' }),
    everySeconds: Type.Integer({ minimum: 1, description: 'How often the schedule runs it, in seconds.' }),
    status: Type.Enum([...SERVICE_TASK_STATUSES], {
      description:
        'running: a node holds its lease now; paused: the schedule skips it; failing: its last run failed; ok: its last run succeeded; not-run: it has not run yet. The first that applies, in that order.',
    }),
    paused: Type.Boolean({ description: 'An operator paused it: the schedule skips it on every node.' }),
    pausedAt: Instant('When it was paused (null when it is not).'),
    running: Type.Boolean({ description: 'A node holds its lease now.' }),
    nextRunAt: Instant('When the schedule runs it next (null until a node has first met it).'),
    lastStartedAt: Instant('When its last run started.'),
    lastFinishedAt: Instant('When its last run ended.'),
    lastDurationMs: Nullable(
      Type.Integer({ minimum: 0, description: 'How long its last finished run took, in milliseconds.' }),
    ),
    lastResult: Nullable(Type.String({ description: 'What its last run reported, when it succeeded.' })),
    lastError: Nullable(Type.String({ description: 'Why its last run failed (null when it succeeded).' })),
    consecutiveFailures: Type.Integer({
      minimum: 0,
      description: 'Failed runs since the last success; the schedule waits longer after each.',
    }),
  },
  {
    description: 'A background task of the installation (every company’s rows), with its schedule and state.',
  },
);

export const ServiceTaskRun = Type.Object({
  id: Type.Integer({ description: 'The run’s number in the history.' }),
  trigger: Type.Enum([...TASK_RUN_TRIGGERS], { description: 'schedule, or manual (run now).' }),
  startedAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.String({ format: 'date-time' }),
  durationMs: Type.Integer({ minimum: 0 }),
  outcome: Type.Enum([...TASK_RUN_OUTCOMES], { description: 'succeeded, or failed (the task threw).' }),
  result: Nullable(Type.String({ description: 'What the run reported, when it succeeded.' })),
  error: Nullable(Type.String({ description: 'Why the run failed.' })),
});
