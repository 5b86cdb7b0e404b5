import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { readSetting, writeSetting } from '../../src/db/system-settings.js';
import { deriveKeys } from '../../src/security/keys.js';
import { masterKeyFor } from '../../src/security/master-key.js';
import { openTestDatabase, testConfig, useTestApi } from '../helpers/app.js';
import { everyRowAsText } from '../modules/payments/helpers.js';

/** The master key and every key derived from it, as base64 and hex: any of them in a table would be a leak. */
function keyForms(masterKey: Buffer): string[] {
  const { secretBox, jwt, lookup, urlSigning } = deriveKeys(masterKey);
  return [masterKey, secretBox.current.key, Buffer.from(jwt.current), lookup, urlSigning.current].flatMap(
    (key) => [key.toString('base64'), key.toString('hex')],
  );
}

const productionKey = Buffer.alloc(32, 42);
const production = useTestApi({ mode: 'production', masterKey: productionKey });
const sandbox = useTestApi();

describe('the master key is kept apart from the data it protects', () => {
  it('production reads and writes no key in the database', async () => {
    expect(production.app.voltin.config.mode).toBe('production');
    const everything = await everyRowAsText(production.db);
    for (const form of keyForms(productionKey)) expect(everything).not.toContain(form);
  });

  it('a running sandbox keeps no key in its database', async () => {
    const { secretBox, jwt, lookup, urlSigning } = sandbox.app.voltin.keys;
    const everything = await everyRowAsText(sandbox.db);
    for (const key of [secretBox.current.key, Buffer.from(jwt.current), lookup, urlSigning.current])
      expect(everything).not.toContain(key.toString('base64'));
    expect(await readSetting(sandbox.db.kysely, 'sandbox_master_key')).toBeNull();
  });

  describe('the sandbox key file', () => {
    let db: Db;
    let drop: () => Promise<void>;
    const dir = mkdtempSync(path.join(tmpdir(), 'voltin-sandbox-key-'));
    beforeAll(async () => {
      ({ db, drop } = await openTestDatabase());
      await migrateToLatest(db.kysely);
    });
    afterAll(() => drop());

    it('generates its key once into a file only its user reads, and nothing key-like goes to the database', async () => {
      const config = testConfig({ sandboxKeyFile: path.join(dir, 'fresh', 'voltin.master-key') });
      const key = await masterKeyFor(config, db.kysely);
      expect(readFileSync(config.sandboxKeyFile as string, 'utf8').trim()).toBe(key.toString('base64'));
      expect(statSync(config.sandboxKeyFile as string).mode & 0o777).toBe(0o600);
      expect(await masterKeyFor(config, db.kysely)).toEqual(key);
      const everything = await everyRowAsText(db);
      for (const form of keyForms(key)) expect(everything).not.toContain(form);
    });

    it('moves a key an older sandbox kept in its database into the file, and out of the database', async () => {
      const legacyKey = Buffer.alloc(32, 5);
      await writeSetting(db.kysely, 'sandbox_master_key', legacyKey.toString('base64'));
      const config = testConfig({ sandboxKeyFile: path.join(dir, 'moved.master-key') });
      expect(await masterKeyFor(config, db.kysely)).toEqual(legacyKey);
      expect(readFileSync(config.sandboxKeyFile as string, 'utf8').trim()).toBe(legacyKey.toString('base64'));
      expect(await readSetting(db.kysely, 'sandbox_master_key')).toBeNull();
    });
  });
});
