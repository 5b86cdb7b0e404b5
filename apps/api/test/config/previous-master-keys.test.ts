import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';

const current = Buffer.alloc(32, 1);
const older = Buffer.alloc(32, 2);
const oldest = Buffer.alloc(32, 3);
const b64 = (key: Buffer) => key.toString('base64');

describe('VOLTIN_PREVIOUS_MASTER_KEYS: the master keys a rotation replaces', () => {
  it('is none by default, and reads comma-separated base64 keys', () => {
    expect(loadConfig({ VOLTIN_MASTER_KEY: b64(current) }).previousMasterKeys).toEqual([]);
    expect(
      loadConfig({
        VOLTIN_MASTER_KEY: b64(current),
        VOLTIN_PREVIOUS_MASTER_KEYS: ` ${b64(older)}, ${b64(oldest)} `,
      }).previousMasterKeys,
    ).toEqual([older, oldest]);
  });

  it('reads them from VOLTIN_PREVIOUS_MASTER_KEYS_FILE, one a line or comma-separated (container secrets)', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'voltin-keys-')), 'previous');
    writeFileSync(file, `${b64(older)}\n${b64(oldest)}\n`);
    expect(
      loadConfig({ VOLTIN_MASTER_KEY: b64(current), VOLTIN_PREVIOUS_MASTER_KEYS_FILE: file })
        .previousMasterKeys,
    ).toEqual([older, oldest]);
    expect(() =>
      loadConfig({ VOLTIN_PREVIOUS_MASTER_KEYS: b64(older), VOLTIN_PREVIOUS_MASTER_KEYS_FILE: file }),
    ).toThrow('Set either VOLTIN_PREVIOUS_MASTER_KEYS or VOLTIN_PREVIOUS_MASTER_KEYS_FILE, not both');
  });

  it('refuses a key that is not 32 bytes of base64, and the current key listed as a previous one', () => {
    expect(() =>
      loadConfig({ VOLTIN_MASTER_KEY: b64(current), VOLTIN_PREVIOUS_MASTER_KEYS: `${b64(older)},c2hvcnQ=` }),
    ).toThrow(
      'VOLTIN_PREVIOUS_MASTER_KEYS must be base64 keys of exactly 32 bytes separated by commas (1 of 2 are not)',
    );
    expect(() =>
      loadConfig({
        VOLTIN_MASTER_KEY: b64(current),
        VOLTIN_PREVIOUS_MASTER_KEYS: `${b64(older)},${b64(current)}`,
      }),
    ).toThrow('VOLTIN_PREVIOUS_MASTER_KEYS lists the current master key');
  });
});
