import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type SecretBox, seal } from '../../security/secret-box.js';
import { findClearTaxIds, replaceClearTaxId } from './store.js';

/** Customers sealed per transaction at start-up: short transactions, whatever the size of the table. */
const BATCH_SIZE = 500;

/** The digits of a federal tax id as given (`74-1234567`), sealed; null when none is given. */
export function sealedTaxId(secretBox: SecretBox, fedTaxId: string | null | undefined): string | null {
  const digits = fedTaxId?.replace(/\D/g, '') ?? '';
  return digits ? seal(secretBox, digits) : null;
}

/**
 * Seals the federal tax ids still in clear: those of the rows from before migration 2026-11-25T1600, which cannot
 * seal them itself (migrations never see the master key). Runs at every start after the migrations and changes
 * nothing once every value is sealed. Returns how many it sealed.
 */
export async function sealClearTaxIds(db: Kysely<Database>, secretBox: SecretBox): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await findClearTaxIds(db, BATCH_SIZE);
    if (rows.length === 0) return sealed;
    await db.transaction().execute(async (trx) => {
      for (const row of rows)
        await replaceClearTaxId(
          trx,
          row.id,
          row.fed_tax_id_sealed,
          sealedTaxId(secretBox, row.fed_tax_id_sealed),
        );
    });
    sealed += rows.length;
  }
}
