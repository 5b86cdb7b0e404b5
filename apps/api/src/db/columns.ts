import type { ColumnType } from 'kysely';

/**
 * Column conventions, the same on SQLite and PostgreSQL so one query serves both:
 * flags are integers 0/1; instants are ISO-8601 UTC text; plain dates are "YYYY-MM-DD" text;
 * expiry instants that are compared in SQL are whole epoch seconds; JSON lists are text.
 * Where the API spec names a field in snake_case, the column has that name.
 */
export type FlagValue = 0 | 1;
/** Flag columns have a default, so inserts may leave them out. */
export type Flag = ColumnType<FlagValue, FlagValue | undefined, FlagValue>;
