import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EsiidImportsTable } from '../../db/tables/premises.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

type Db = Kysely<Database>;

export type ImportRow = Awaited<ReturnType<typeof findImport>>;

export async function insertImport(db: Db, row: Insertable<EsiidImportsTable>): Promise<number> {
  const { id } = await db.insertInto('esiid_imports').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateImport(db: Db, id: number, values: Updateable<EsiidImportsTable>) {
  await db.updateTable('esiid_imports').set(values).where('id', '=', id).execute();
}

export async function appendChunk(db: Db, importId: number, seq: number, content: Buffer) {
  await db.insertInto('esiid_import_chunks').values({ import_id: importId, seq, content }).execute();
}

export async function readChunk(db: Db, importId: number, seq: number): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('esiid_import_chunks')
    .select('content')
    .where('import_id', '=', importId)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row && Buffer.from(row.content);
}

export async function deleteChunks(db: Db, importId: number) {
  await db.deleteFrom('esiid_import_chunks').where('import_id', '=', importId).execute();
}

/** An upload refused before its import was queued: nothing of it is kept. */
export async function deleteImport(db: Db, importId: number) {
  await db.transaction().execute(async (trx) => {
    await deleteChunks(trx, importId);
    await trx.deleteFrom('esiid_imports').where('id', '=', importId).execute();
  });
}

export function findImport(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('esiid_imports')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The company's newest imports, newest first. */
export function listImports(db: Db, companyId: number, limit: number) {
  return db
    .selectFrom('esiid_imports')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('status', '!=', 'uploading')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Uploads whose node stopped answering before the file was in: their ids. */
export async function abandonedUploads(db: Db, staleBefore: string) {
  const rows = await db
    .selectFrom('esiid_imports')
    .select('id')
    .where('status', '=', 'uploading')
    .where('heartbeat_at', '<', staleBefore)
    .execute();
  return rows.map((r) => r.id);
}

/** Starts over from its first line: the counts of an attempt that did not finish are dropped. */
const FRESH_RUN = {
  rows_read: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  removed: 0,
  rejected: 0,
};

/**
 * Claims the next import to run, if none runs: one left running by a node that stopped (its heartbeat older than
 * `staleBefore`) first, else the oldest queued one. The claim is one conditional UPDATE, and the unique index on
 * running imports refuses a second one running at once, whichever node asks.
 */
export async function claimNextImport(db: Db, now: string, staleBefore: string) {
  const take = (status: 'running' | 'queued') => {
    let next = db.selectFrom('esiid_imports as next').select('next.id').where('next.status', '=', status);
    let claim = db
      .updateTable('esiid_imports')
      .set((eb) => ({
        ...FRESH_RUN,
        status: 'running' as const,
        started_at: now,
        heartbeat_at: now,
        attempts: eb('attempts', '+', 1),
      }))
      .where('status', '=', status);
    if (status === 'running') {
      next = next.where('next.heartbeat_at', '<', staleBefore);
      claim = claim.where('heartbeat_at', '<', staleBefore);
    }
    return claim.where('id', '=', next.orderBy('next.id').limit(1)).returningAll().executeTakeFirst();
  };
  const stale = await take('running');
  if (stale) return stale;
  try {
    return await take('queued');
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** One run of an import: its id and attempt, which hold its claim. */
export interface ImportRun {
  id: number;
  attempts: number;
}

/**
 * The run's counts so far, and it is alive: false when its claim was lost (another node took the import over after
 * this one stopped renewing it), and the run must stop.
 */
export async function recordProgress(db: Db, run: ImportRun, values: Updateable<EsiidImportsTable>) {
  const result = await db
    .updateTable('esiid_imports')
    .set(values)
    .where('id', '=', run.id)
    .where('attempts', '=', run.attempts)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The run is over (succeeded, failed, or handed back to the queue): its result; a finished import drops its file. */
export async function finishImport(db: Db, run: ImportRun, values: Updateable<EsiidImportsTable>) {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('esiid_imports')
      .set(values)
      .where('id', '=', run.id)
      .where('attempts', '=', run.attempts)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1 && values.status !== 'queued') await deleteChunks(trx, run.id);
  });
}
