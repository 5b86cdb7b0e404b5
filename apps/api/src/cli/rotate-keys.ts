import { loadConfig } from '../config/index.js';
import { openDatabase } from '../db/client.js';
import { resealUnderCurrentKey, valuesNotUnderCurrentKey } from '../security/key-rotation.js';
import { deriveKeys } from '../security/keys.js';
import { masterKeyFor } from '../security/master-key.js';

/**
 * `npm run keys:rotate`: re-seals every sealed value under the current master key (VOLTIN_MASTER_KEY), opening those
 * sealed with a previous one (VOLTIN_PREVIOUS_MASTER_KEYS), in batches while the nodes keep serving. Run it once every
 * node runs with the new key; running it again changes nothing. The steps are on the docs page "Operating Voltin".
 */
async function rotate(): Promise<number> {
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl, { poolSize: 1 });
  try {
    const keys = deriveKeys(await masterKeyFor(config, db.kysely), config.previousMasterKeys);
    console.log(
      `Re-sealing under master key ${keys.keyId} (${config.previousMasterKeys.length} previous key(s) configured).`,
    );
    const report = await resealUnderCurrentKey(db.kysely, keys.secretBox, {
      afterBatch: ({ table, column, resealed }) =>
        console.log(`  ${table}.${column}: ${resealed} re-sealed so far`),
    });
    for (const { table, column, resealed, changedMeanwhile } of report)
      console.log(
        `${table}.${column}: ${resealed} re-sealed${changedMeanwhile ? `, ${changedMeanwhile} rewritten by the application meanwhile` : ''}`,
      );
    const left = await valuesNotUnderCurrentKey(db.kysely, keys.secretBox);
    if (left > 0) {
      console.error(
        `${left} value(s) are still not under master key ${keys.keyId}: a node still seals with a previous key. Move every node to the new key and run this again.`,
      );
      return 1;
    }
    console.log(
      `Every sealed value is under master key ${keys.keyId}. Remove VOLTIN_PREVIOUS_MASTER_KEYS once the access tokens and links signed before the new key have expired (docs page "Operating Voltin").`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

rotate().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
