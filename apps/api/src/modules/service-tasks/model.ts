/** How the console shows a task's state: the first that applies, in this order. */
export const SERVICE_TASK_STATUSES = ['running', 'paused', 'failing', 'ok', 'not-run'] as const;
export type ServiceTaskStatus = (typeof SERVICE_TASK_STATUSES)[number];
