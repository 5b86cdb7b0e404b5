import type { Generated } from 'kysely';

/** One Idempotency-Key claim; see migration 2026-11-25T0100-idempotency-keys. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  company_id: number;
  /** `account:<id>`, or `account:<id>/customer:<id>` for a call made with an X-Customer-Hash. */
  caller: string;
  key: string;
  method: string;
  path: string;
  /** SHA-256 of the query and body, keys sorted. */
  request_hash: string;
  /** The kept answer; null while the first call runs or after it failed with 5xx (the key then waits for a retry). */
  response_status: number | null;
  response_body: string | null;
  /** Epoch seconds: until then the claim belongs to the call running it; 0 once released. */
  locked_until: number;
  /** Epoch seconds: 24 hours after the claim; afterwards the key is free and the purge task deletes the row. */
  expires_at: number;
  created_at: string;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
