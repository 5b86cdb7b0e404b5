import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config/index.js';
import { tableExists } from '../db/migration-helpers.js';
import type { Database } from '../db/schema.js';
import { deleteSetting, readSetting } from '../db/system-settings.js';

/** Where sandboxes before VOLTIN_MASTER_KEY_FILE kept their generated key; moved to the key file on first start. */
const LEGACY_SETTING = 'sandbox_master_key';

/** An in-memory database dies with its process, and so may its key: every node of the process shares this one. */
const PROCESS_KEY = randomBytes(32);

/**
 * The master key this node runs with. Production always has one from its configuration. The sandbox, so that a fresh
 * clone runs with no settings, generates one and keeps it in a file beside its database (mode 0600), never in the
 * database it protects.
 */
export async function masterKeyFor(config: Config, db: Kysely<Database>): Promise<Buffer> {
  if (config.masterKey) return config.masterKey;
  if (config.mode === 'production') throw new Error('Production runs only with a configured master key');
  if (config.sandboxKeyFile === null) return PROCESS_KEY;
  const kept = readKeyFile(config.sandboxKeyFile);
  if (kept) return kept;
  const legacy = await legacyDatabaseKey(db);
  const key = createKeyFile(config.sandboxKeyFile, legacy ?? randomBytes(32));
  if (legacy) await deleteSetting(db, LEGACY_SETTING);
  return key;
}

function readKeyFile(file: string): Buffer | null {
  let encoded: string;
  try {
    encoded = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== 32)
    throw new Error(`The sandbox master key file ${file} does not hold a base64 32-byte key`);
  return key;
}

/**
 * Writes the key whole under a temporary name and links it into place, so nodes starting together never read a
 * half-written file; the one that loses the race uses the winner's key.
 */
function createKeyFile(file: string, key: Buffer): Buffer {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeyFile(file) as Buffer;
  } finally {
    unlinkSync(temporary);
  }
}

async function legacyDatabaseKey(db: Kysely<Database>): Promise<Buffer | null> {
  if (!(await tableExists(db as Kysely<unknown>, 'system_settings'))) return null;
  const value = await readSetting(db, LEGACY_SETTING);
  return value === null ? null : Buffer.from(value, 'base64');
}
