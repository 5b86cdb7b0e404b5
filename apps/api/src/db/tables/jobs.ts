export interface ScheduledTasksTable {
  name: string;
  next_run_at: number;
  locked_until: number | null;
  locked_by: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_result: string | null;
  last_error: string | null;
}

export interface JobTables {
  scheduled_tasks: ScheduledTasksTable;
}
