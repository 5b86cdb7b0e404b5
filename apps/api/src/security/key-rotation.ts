import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { SEALED_COLUMNS } from '../db/sealed-columns.js';
import {
  countValuesNotUnder,
  replaceSealedValue,
  type SealedColumn,
  valuesNotUnder,
} from './key-rotation-store.js';
import { open, type SecretBox, seal, sealedPrefix } from './secret-box.js';

/** Rows re-sealed per transaction: short transactions that never hold a table while nodes keep serving. */
export const ROTATION_BATCH_SIZE = 500;

export interface ColumnRotation {
  table: string;
  column: string;
  /** Values this run re-sealed under the current key. */
  resealed: number;
  /** Values changed by the application between this run's read and its write: the application sealed them anew. */
  changedMeanwhile: number;
}

export interface RotationOptions {
  batchSize?: number;
  /** Called after each committed batch (progress reports; tests interleave API calls here). */
  afterBatch?: (progress: ColumnRotation) => Promise<void> | void;
}

/**
 * Re-seals every sealed value that is not under the current master key (sealed with a previous key, or in the format
 * from before values named their key) with the current key, table by table, in batches, each batch one transaction.
 * A value is replaced only if it is still the one read (compare and set), so a value the application writes meanwhile
 * is never overwritten. An interrupted run loses nothing and the next run carries on: it only ever looks for values
 * not yet under the current key, so running it again when all are changes nothing.
 */
export async function resealUnderCurrentKey(
  db: Kysely<Database>,
  box: SecretBox,
  options: RotationOptions = {},
): Promise<ColumnRotation[]> {
  const report: ColumnRotation[] = [];
  for (const { table, rowKey, columns } of SEALED_COLUMNS)
    for (const column of columns)
      report.push(await resealColumn(db, box, { table, rowKey, column }, options));
  return report;
}

async function resealColumn(
  db: Kysely<Database>,
  box: SecretBox,
  sealed: SealedColumn,
  { batchSize = ROTATION_BATCH_SIZE, afterBatch }: RotationOptions,
): Promise<ColumnRotation> {
  const { table, column } = sealed;
  const progress: ColumnRotation = { table, column, resealed: 0, changedMeanwhile: 0 };
  const current = `${sealedPrefix(box)}:%`;
  // Rows are walked in key order (every row key is a positive integer) so that one whose value changed meanwhile,
  // left as the application wrote it, is not read again.
  let after = 0;
  for (;;) {
    const rows = await valuesNotUnder(db, sealed, current, after, batchSize);
    if (rows.length === 0) return progress;
    const resealed = rows.map(({ row, value }) => ({
      row,
      value,
      next: seal(box, openOrSay(box, value, table, column, row)),
    }));
    await db.transaction().execute(async (trx) => {
      for (const { row, value, next } of resealed) {
        if (await replaceSealedValue(trx, sealed, row, value, next)) progress.resealed++;
        else progress.changedMeanwhile++;
      }
    });
    after = Number(rows[rows.length - 1]!.row);
    await afterBatch?.({ ...progress });
  }
}

function openOrSay(box: SecretBox, value: string, table: string, column: string, row: number): string {
  try {
    return open(box, value);
  } catch (error) {
    throw new Error(`${table}.${column} of row ${row} cannot be opened: ${(error as Error).message}`);
  }
}

/** How many sealed values are not under the current key yet: zero once a rotation has finished. */
export async function valuesNotUnderCurrentKey(db: Kysely<Database>, box: SecretBox): Promise<number> {
  const current = `${sealedPrefix(box)}:%`;
  let left = 0;
  for (const { table, columns } of SEALED_COLUMNS)
    for (const column of columns) left += await countValuesNotUnder(db, { table, column }, current);
  return left;
}
