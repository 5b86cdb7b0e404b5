import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { utilityForMeterCheck } from './lookups.js';
import * as store from './store.js';

/**
 * The unknown-meter rule, the one place enrollment create and a transfer's new address ask: a Texas electric ESIID
 * must be in the ESIID data of the utility delivering it (ERCOT's TDSP ESI ID extract, loaded by
 * `npm run import:esiids`). When it is not, the company's `unknown_esiids` decides: `refuse` (400 ESIID_UNKNOWN on
 * serviceAddress.ldcAccount) or `verify_later` (accepted, `unverified` so the enrollment is flagged for an agent).
 * Gas and non-Texas utilities have no ERCOT data: their account numbers are checked by format only.
 */
export async function checkKnownMeter(
  db: Kysely<Database>,
  companyId: number,
  utilityId: number,
  ldcAccount: string,
): Promise<{ unverified: boolean }> {
  const utility = await utilityForMeterCheck(db, companyId, utilityId);
  if (utility.commodity !== 'Electric' || utility.state_code !== 'TX') return { unverified: false };
  if (await store.isKnownEsiid(db, utility.code, ldcAccount)) return { unverified: false };
  if (utility.unknown_esiids === 'verify_later') return { unverified: true };
  throw new ApiError(
    'ESIID_UNKNOWN',
    `ESIID ${ldcAccount} is not in the ESIID data of ${utility.name}; check the number on the customer's bill.`,
    [`serviceAddress.ldcAccount: not in the ESIID data of ${utility.name}`],
  );
}
