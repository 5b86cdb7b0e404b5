import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../domain/clock.js';
import type { Page, Paging } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { listUtilityCodes } from './lookups.js';
import type {
  MatrixDifferences,
  MatrixImport,
  MatrixPrice,
  MatrixPriceChange,
  MatrixPriceQuery,
} from './ops-schemas.js';
import { priceKeyOf, readPricingMatrixFile } from './pricing-matrix.js';
import * as pricingStore from './pricing-store.js';
import type { PricingMatrixImportResult } from './schemas.js';

/**
 * A pricing matrix's life: a file is checked whole and kept as a pending import; staff read its differences with the
 * matrix in force, then activate it (the matrix in force becomes history) or discard it; a past matrix whose prices
 * are kept can be put back in force. The import API and the command line upload and activate in one transaction.
 */

export interface PricingMatrixFile {
  fileName: string;
  content: Buffer | string;
  /** Who ran the import, for the record: a staff member's email, "account 12", "cli", "seed". */
  importedBy: string;
  /** When, for the record (the app's clock, or the operator's time for the CLI and the seed). */
  importedAt: string;
}

/** At most this many rows of each kind of difference are listed; the counts are always whole. */
export const LISTED_DIFFERENCES = 500;

const dollars = (micros: number) => micros / 1_000_000;

type ImportRow = NonNullable<Awaited<ReturnType<typeof pricingStore.findImport>>>;

function importView(row: ImportRow & { kept_prices?: number | string | null }): Static<typeof MatrixImport> {
  const keptPrices = row.kept_prices === undefined ? undefined : Number(row.kept_prices ?? 0);
  return {
    id: row.id,
    fileName: row.file_name,
    sha256: row.sha256,
    rows: Number(row.row_count),
    priceFileDate: row.price_file_date,
    uploadedBy: row.imported_by,
    uploadedAt: row.imported_at,
    status: row.status,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    restorable: row.status === 'replaced' && keptPrices === Number(row.row_count),
  };
}

/** Checks a file whole and keeps it, pending, with its prices; the caller's transaction. */
async function keepPending(trx: Kysely<Database>, companyId: number, file: PricingMatrixFile) {
  const bytes = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
  const utilityCodes = new Set(await listUtilityCodes(trx, companyId));
  const rows = await readPricingMatrixFile(bytes, utilityCodes);
  const priceFileDate = rows[0]!.priceFileDate;
  const id = await pricingStore.insertPendingImport(trx, companyId, rows, {
    file_name: file.fileName,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    row_count: rows.length,
    price_file_date: priceFileDate,
    imported_by: file.importedBy,
    imported_at: file.importedAt,
  });
  return { id, rows, priceFileDate };
}

const inForceChanged = () =>
  new ApiError(
    'PRICING_MATRIX_CHANGED',
    'Another pricing matrix was put in force meanwhile; nothing changed. Read the differences again, then decide.',
  );

/** Puts an import in force in place of `inForceId`, in the caller's transaction; refuses when that is stale. */
async function putInForce(
  trx: Kysely<Database>,
  companyId: number,
  importId: number,
  inForceId: number | null,
  decision: pricingStore.Decision,
) {
  const outcome = await pricingStore
    .activateImport(trx, companyId, importId, inForceId, decision)
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw inForceChanged();
      throw error;
    });
  if (outcome === 'in-force-changed') throw inForceChanged();
  if (outcome === 'not-activatable')
    throw new ApiError(
      'PRICING_MATRIX_NOT_ACTIVATABLE',
      `Pricing matrix import ${importId} is no longer pending or restorable; nothing changed.`,
    );
}

/**
 * Checks a pricing matrix file and, when every line is good, puts it in force in place of the company's matrix, in
 * one transaction (or inside the caller's). Used by the import endpoint, the CLI and the seed.
 */
export async function importPricingMatrix(
  db: Kysely<Database>,
  companyId: number,
  file: PricingMatrixFile,
): Promise<Static<typeof PricingMatrixImportResult>> {
  const run = async (trx: Kysely<Database>) => {
    const inForce = await pricingStore.findImportInForce(trx, companyId);
    const { id, rows, priceFileDate } = await keepPending(trx, companyId, file);
    await putInForce(trx, companyId, id, inForce?.id ?? null, { by: file.importedBy, at: file.importedAt });
    return {
      idImport: id,
      fileName: file.fileName,
      rows: rows.length,
      priceFileDate,
      utilities: [...new Set(rows.map((r) => r.utilityCode))].sort(),
      importedAt: file.importedAt,
    };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

function differencesBetween(
  inForce: pricingStore.PriceRow[],
  candidate: pricingStore.PriceRow[],
): Omit<Static<typeof MatrixDifferences>, 'import' | 'inForce'> {
  const before = new Map(inForce.map((row) => [priceKeyOf(row), row]));
  const added: pricingStore.PriceRow[] = [];
  const changed: Static<typeof MatrixPriceChange>[] = [];
  let unchanged = 0;
  for (const row of candidate) {
    const key = priceKeyOf(row);
    const old = before.get(key);
    before.delete(key);
    if (!old) added.push(row);
    else if (old.priceMicros === row.priceMicros) unchanged += 1;
    else
      changed.push({
        ...priceView(row),
        before: dollars(old.priceMicros),
        change: dollars(row.priceMicros - old.priceMicros),
        changePercent: Math.round(((row.priceMicros - old.priceMicros) / old.priceMicros) * 10_000) / 100,
      });
  }
  const removed = [...before.values()];
  changed.sort((a, b) => Math.abs(b.changePercent) - Math.abs(a.changePercent));
  return {
    counts: { added: added.length, removed: removed.length, changed: changed.length, unchanged },
    added: added.slice(0, LISTED_DIFFERENCES).map(priceView),
    removed: removed.slice(0, LISTED_DIFFERENCES).map(priceView),
    changed: changed.slice(0, LISTED_DIFFERENCES),
    largestIncreasePercent: Math.max(0, ...changed.map((c) => c.changePercent)),
    largestDecreasePercent: Math.min(0, ...changed.map((c) => c.changePercent)),
  };
}

function priceView(row: pricingStore.PriceRow): Static<typeof MatrixPrice> {
  return {
    utilityCode: row.utilityCode,
    zone: row.zone,
    rateCode: row.rateCode,
    termMonths: row.termMonths,
    usageTier: row.usageTier,
    startMonth: row.startMonth,
    price: dollars(row.priceMicros),
  };
}

/** Staff's pricing matrix: uploads, their differences with the matrix in force, activation, discard, restore. */
export function createPricingMatrixImports(db: Kysely<Database>, clock: Clock) {
  const importOf = async (companyId: number, importId: number) => {
    const row = await pricingStore.findImport(db, companyId, importId);
    if (!row)
      throw new ApiError('PRICING_MATRIX_NOT_FOUND', `Pricing matrix import ${importId} was not found.`);
    return row;
  };
  const decisionBy = (by: string) => ({ by, at: clock.now().toISOString() });

  const differences = async (companyId: number, importId: number) => {
    const row = await importOf(companyId, importId);
    const inForce = await pricingStore.findImportInForce(db, companyId);
    const [current, candidate] = await Promise.all([
      inForce ? pricingStore.pricesOf(db, inForce.id) : [],
      pricingStore.pricesOf(db, importId),
    ]);
    return {
      import: importView(row),
      inForce: inForce ? importView(inForce) : null,
      ...differencesBetween(current, candidate),
    };
  };

  return {
    async list(companyId: number) {
      const rows = await pricingStore.listImports(db, companyId);
      return rows.map(importView);
    },

    differences,

    /** Checks the file whole (PRICING_MATRIX_INVALID, line by line) and keeps it pending; answers its differences. */
    async upload(companyId: number, file: Pick<PricingMatrixFile, 'fileName' | 'content'>, by: string) {
      const kept = { ...file, importedBy: by, importedAt: clock.now().toISOString() };
      const { id } = await db.transaction().execute((trx) => keepPending(trx, companyId, kept));
      return differences(companyId, id);
    },

    async prices(
      companyId: number,
      importId: number,
      query: Static<typeof MatrixPriceQuery>,
      paging: Paging,
    ): Promise<Page<Static<typeof MatrixPrice>>> {
      await importOf(companyId, importId);
      const { items, total } = await pricingStore.pricesPage(db, importId, query.search, paging);
      return { items: items.map(priceView), total };
    },

    /**
     * Puts a pending or kept past import in force, if the matrix in force is still `inForceId`; answers the import
     * and the one it replaced, and whether it was a restore.
     */
    async activate(companyId: number, importId: number, inForceId: number | null, by: string) {
      const row = await importOf(companyId, importId);
      const restored = row.status === 'replaced';
      if (restored && (await pricingStore.keptPriceCount(db, importId)) !== Number(row.row_count))
        throw new ApiError(
          'PRICING_MATRIX_NOT_ACTIVATABLE',
          `Pricing matrix import ${importId} cannot be restored: it was replaced before matrices were kept.`,
        );
      await db
        .transaction()
        .execute((trx) => putInForce(trx, companyId, importId, inForceId, decisionBy(by)));
      const replaced = inForceId === null ? null : await importOf(companyId, inForceId);
      return {
        activated: importView(await importOf(companyId, importId)),
        replaced: replaced && importView(replaced),
        restored,
      };
    },

    async discard(companyId: number, importId: number, by: string) {
      await importOf(companyId, importId);
      const discarded = await db
        .transaction()
        .execute((trx) => pricingStore.discardImport(trx, companyId, importId, decisionBy(by)));
      if (!discarded)
        throw new ApiError(
          'PRICING_MATRIX_NOT_ACTIVATABLE',
          `Pricing matrix import ${importId} is not pending: only an upload not yet decided can be discarded.`,
        );
      return importView(await importOf(companyId, importId));
    },
  };
}

export type PricingMatrixImports = ReturnType<typeof createPricingMatrixImports>;
