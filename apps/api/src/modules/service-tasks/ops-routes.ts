import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok, PagedEnvelope, PagingQuery, paged, pagingOf } from '../../http/envelope.js';
import { auditActorOf } from '../../http/staff-access.js';
import type { AuditLog } from '../audit/index.js';
import { ServiceTask, ServiceTaskPath, ServiceTaskRun } from './ops-schemas.js';
import type { ServiceTasks } from './service.js';

const tags = ['Service tasks'];
const read = { permission: 'tasks.read', errors: ['NOT_FOUND' as const] };
const pause = { permission: 'tasks.pause', errors: ['NOT_FOUND' as const] };

/**
 * The installation's background tasks: every staff role sees their state (a failing task explains stale queues);
 * Administrators and the platform operator run one now (it would run at its next time anyway); only the platform
 * operator pauses and resumes them, since a paused task withholds its work from every company. Each action is audited
 * in the log of the company of whoever acted.
 */
export const serviceTaskOpsRoutes: FastifyPluginAsyncTypebox<{
  tasks: ServiceTasks;
  audit: AuditLog;
}> = async (app, { tasks, audit }) => {
  app.get(
    '/service-tasks',
    {
      config: { permission: 'tasks.read' },
      schema: {
        operationId: 'listServiceTasks',
        tags,
        summary: 'Every background task with its schedule, last run and next run',
        response: { 200: Envelope(Type.Array(ServiceTask, { maxItems: 100 })) },
      },
    },
    async () => ok(await tasks.list()),
  );

  app.get(
    '/service-tasks/:name',
    {
      config: read,
      schema: {
        operationId: 'getServiceTask',
        tags,
        summary: 'One background task with its schedule, last run and next run',
        params: ServiceTaskPath,
        response: { 200: Envelope(ServiceTask) },
      },
    },
    async (request) => ok(await tasks.one(request.params.name)),
  );

  app.get(
    '/service-tasks/:name/runs',
    {
      config: read,
      schema: {
        operationId: 'listServiceTaskRuns',
        tags,
        summary: 'The task’s recent runs, newest first (the history keeps its newest 100)',
        params: ServiceTaskPath,
        querystring: PagingQuery,
        response: { 200: PagedEnvelope(ServiceTaskRun) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await tasks.runs(request.params.name, paging);
      return paged(items, total, paging);
    },
  );

  app.post(
    '/service-tasks/:name/run',
    {
      config: { permission: 'tasks.manage', errors: ['NOT_FOUND' as const, 'SERVICE_TASK_RUNNING' as const] },
      schema: {
        operationId: 'runServiceTask',
        tags,
        summary:
          'Runs the task now, paused or not, and answers the run once it ends; 409 when a node is running it already',
        params: ServiceTaskPath,
        response: { 200: Envelope(ServiceTaskRun) },
      },
    },
    async (request) => {
      const { name } = request.params;
      const run = await tasks.runNow(name);
      await audit.record(auditActorOf(request), {
        action: 'service-task.run',
        targetType: 'service-task',
        targetId: name,
        summary: `service task ${name} run now: ${run.outcome} in ${run.durationMs} ms`,
        after: run,
      });
      return ok(run);
    },
  );

  for (const [verb, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/service-tasks/:name/${verb}`,
      {
        config: pause,
        schema: {
          operationId: paused ? 'pauseServiceTask' : 'resumeServiceTask',
          tags,
          summary: paused
            ? 'Pauses the task on every node: the schedule skips it until it is resumed (run now still runs it)'
            : 'Resumes a paused task: the schedule runs it again when it is due',
          params: ServiceTaskPath,
          response: { 200: Envelope(ServiceTask) },
        },
      },
      async (request) => {
        const { name } = request.params;
        const { before, after } = await tasks.setPaused(name, paused);
        await audit.record(auditActorOf(request), {
          action: `service-task.${verb}`,
          targetType: 'service-task',
          targetId: name,
          summary: `service task ${name} ${paused ? 'paused' : 'resumed'} on every node`,
          before: { paused: before.paused },
          after: { paused: after.paused },
        });
        return ok(after);
      },
    );
  }
};
