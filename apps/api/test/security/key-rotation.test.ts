import { execFile } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { isPostgres } from '../../src/db/migration-helpers.js';
import { SEALED_COLUMNS } from '../../src/db/sealed-columns.js';
import { resealUnderCurrentKey, valuesNotUnderCurrentKey } from '../../src/security/key-rotation.js';
import { deriveKeys } from '../../src/security/keys.js';
import { open, type SecretBox, seal } from '../../src/security/secret-box.js';
import { creditCheckBody } from '../fixtures/enrollments.js';
import { sandboxCompanyId } from '../fixtures/tenants.js';
import { httpClient, openTestDatabase, SANDBOX, signLogin, testConfig } from '../helpers/app.js';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const CUSTOMERS = 7;
/** Each login signs its own timestamp (a signature is accepted once), all within the accepted five minutes. */
const firstLoginAt = Math.floor(Date.now() / 1000) - 120;
let logins = 0;

let db: Db;
let url: string;
let drop: () => Promise<void>;
const nodes: FastifyInstance[] = [];

/** One API node on the shared database, with the master keys of its configuration. */
async function startNode(masterKey: Buffer, previousMasterKeys: Buffer[] = []) {
  const app = await buildApp(testConfig({ databaseUrl: url, masterKey, previousMasterKeys }), {
    db,
    logger: false,
  });
  nodes.push(app);
  const call = httpClient(await app.listen({ host: '127.0.0.1', port: 0 }));
  const login = async () => {
    const response = await call('POST', '/auth/login', {
      query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, firstLoginAt + logins++),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.token as string;
  };
  const brands = (token: string) => call('GET', '/brands', { token });
  return { app, call, login, brands };
}

async function stopNode(node: { app: FastifyInstance }) {
  await node.app.close();
  nodes.splice(nodes.indexOf(node.app), 1);
}

/** The format values were sealed in before they named their key ("v1:iv:tag:ciphertext"). */
function sealedTheOldWay(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64')).join(':');
}

/** Customers with every sealed field, sealed under the old key; one of them in the format from before key ids. */
async function insertCustomers(box: SecretBox) {
  const companyId = await sandboxCompanyId(db.kysely);
  const language = await db.kysely
    .selectFrom('languages')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  for (let i = 0; i < CUSTOMERS; i++) {
    const sealIt = (value: string) => (i === 0 ? sealedTheOldWay(box.current.key, value) : seal(box, value));
    await db.kysely
      .insertInto('customers')
      .values({
        company_id: companyId,
        first_name: 'Rotation',
        last_name: `Customer ${i}`,
        id_prefered_language: language.id,
        ssn_sealed: sealIt(`123-45-67${10 + i}`),
        date_of_birth_sealed: sealIt(`1980-01-${10 + i}`),
        drivers_license_sealed: sealIt(`TX9876${1000 + i}`),
        fed_tax_id_sealed: sealIt(`74123${4000 + i}`),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await db.kysely
    .updateTable('company_settings')
    .set({ verification_provider_secret_sealed: seal(box, 'verification-provider-secret') })
    .where('company_id', '=', companyId)
    .execute();
  await db.kysely
    .insertInto('payment_gateway_accounts')
    .values({
      company_id: companyId,
      gateway: 'iCheckGateway',
      api_login_id: 'site-id',
      transaction_key_sealed: seal(box, 'site-key'),
      api_key_sealed: seal(box, 'api-key'),
      endpoint: null,
      environment: 'sandbox',
      timeout_ms: 2_000,
      created_at: now,
    })
    .execute();
}

/** Every sealed value in the database, opened with `box`: "table.column#row" → plaintext. */
async function everySealedValue(box: SecretBox): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (const { table, rowKey, columns } of SEALED_COLUMNS)
    for (const column of columns) {
      const { rows } = await sql<{ row: number; value: string }>`select ${sql.ref(rowKey)} as row,
        ${sql.ref(column)} as value from ${sql.table(table)} where ${sql.ref(column)} is not null`.execute(
        db.kysely,
      );
      for (const { row, value } of rows) values.set(`${table}.${column}#${row}`, open(box, value));
    }
  return values;
}

beforeAll(async () => {
  ({ db, url, drop } = await openTestDatabase());
});
afterAll(async () => {
  for (const app of [...nodes]) await app.close();
  await drop();
});

describe('rotating the master key while the API serves', () => {
  it('nodes on the old and the new key serve side by side; the rotation re-seals everything, resumably; afterwards the new key alone opens every value', async () => {
    const oldKeys = deriveKeys(oldKey);
    const newKeys = deriveKeys(newKey);
    const rotating = deriveKeys(newKey, [oldKey]);
    // Before: one node on the old key, with data sealed under it (the sandbox seed's secrets, credit checks, customers).
    const before = await startNode(oldKey);
    const oldToken = await before.login();
    for (const ssn of ['123-45-6720', '123-45-6721'])
      expect(
        (
          await before.call('POST', '/payments/credit-check', {
            token: oldToken,
            body: creditCheckBody({ socialSecurityNumber: ssn, dateOfBirth: '1980-05-01' }),
          })
        ).status,
      ).toBe(200);
    await insertCustomers(oldKeys.secretBox);
    const plaintexts = await everySealedValue(oldKeys.secretBox);
    expect(plaintexts.size).toBeGreaterThan(4 * CUSTOMERS + 6);

    // The rollout: the old node learns the new key first (accepted, never used), then nodes move to the new key.
    await stopNode(before);
    const oldNode = await startNode(oldKey, [newKey]);
    const newNode = await startNode(newKey, [oldKey]);
    const newToken = await newNode.login();
    for (const [node, token] of [
      [oldNode, newToken],
      [newNode, oldToken],
      [newNode, await oldNode.login()],
    ] as const)
      expect((await node.brands(token)).status).toBe(200);

    // The rotation runs once every node has the new key; a first run is interrupted after its first batch.
    await stopNode(oldNode);
    const interrupted = new Error('the operator pressed Ctrl-C');
    await expect(
      resealUnderCurrentKey(db.kysely, rotating.secretBox, {
        batchSize: 3,
        afterBatch: () => {
          throw interrupted;
        },
      }),
    ).rejects.toBe(interrupted);
    const left = await valuesNotUnderCurrentKey(db.kysely, rotating.secretBox);
    // The batch committed before the interruption stays done: at most 3 values, the first table's.
    expect(plaintexts.size - left).toBeGreaterThan(0);
    expect(plaintexts.size - left).toBeLessThanOrEqual(3);

    // The second run finishes, while calls keep coming between its batches.
    const during: number[] = [];
    const report = await resealUnderCurrentKey(db.kysely, rotating.secretBox, {
      batchSize: 3,
      afterBatch: async () => {
        during.push(
          (await newNode.brands(await newNode.login())).status,
          (await newNode.brands(oldToken)).status,
        );
      },
    });
    expect(new Set(during)).toEqual(new Set([200]));
    expect(report.reduce((sum, column) => sum + column.resealed, 0)).toBe(left);
    expect(await valuesNotUnderCurrentKey(db.kysely, newKeys.secretBox)).toBe(0);
    expect((await resealUnderCurrentKey(db.kysely, newKeys.secretBox)).every((c) => c.resealed === 0)).toBe(
      true,
    );

    // After: the previous key is removed. The new key alone opens every value, unchanged.
    await stopNode(newNode);
    const after = await startNode(newKey);
    expect(await everySealedValue(newKeys.secretBox)).toEqual(plaintexts);
    await expect(everySealedValue(oldKeys.secretBox)).rejects.toThrow(/master key/);
    expect((await after.brands(await after.login())).status).toBe(200);
    expect((await after.brands(newToken)).status).toBe(200);
    // Decision: a token signed with a removed key is refused; it lived at most ACCESS_TOKEN_TTL_SECONDS anyway.
    expect((await after.brands(oldToken)).body.code).toBe('AUTH_TOKEN_INVALID');
  });
});

describe('what the rotation re-seals', () => {
  it('every *_sealed column of the schema is listed for the rotation', async () => {
    const { rows } = isPostgres(db.kysely as never)
      ? await sql<{ table: string; column: string }>`select table_name as table, column_name as column
          from information_schema.columns where table_schema = current_schema()`.execute(db.kysely)
      : await sql<{ table: string; column: string }>`select m.name as "table", c.name as "column"
          from sqlite_master m join pragma_table_info(m.name) c where m.type = 'table'`.execute(db.kysely);
    const sealed = rows.filter((r) => r.column.endsWith('_sealed')).map((r) => `${r.table}.${r.column}`);
    const listed = SEALED_COLUMNS.flatMap(({ table, columns }) =>
      columns.map((column) => `${table}.${column}`),
    );
    expect(sealed.length).toBeGreaterThan(0);
    expect(listed.sort()).toEqual(sealed.sort());
  });
});

describe('npm run keys:rotate', () => {
  const apiRoot = path.resolve(import.meta.dirname, '../..');
  const base64 = (key: Buffer) => key.toString('base64');
  /** The operator's command, as its own process: `npm run keys:rotate` runs this. */
  const rotateCommand = (databaseUrl: string, env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/rotate-keys.ts'], {
      cwd: apiRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('re-seals a database under the new key, reports its counts, and then finds nothing left to do', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'voltin-rotate-'));
    try {
      const databaseUrl = `sqlite:${path.join(dir, 'voltin.sqlite')}`;
      const app = await buildApp(testConfig({ databaseUrl, masterKey: oldKey }), { logger: false });
      await app.close();
      const env = { VOLTIN_MASTER_KEY: base64(newKey), VOLTIN_PREVIOUS_MASTER_KEYS: base64(oldKey) };

      const first = await rotateCommand(databaseUrl, env);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`Re-sealing under master key ${deriveKeys(newKey).keyId}`);
      expect(first.stdout).toMatch(/web_service_accounts\.secret_sealed: 2 re-sealed/);
      expect(first.stdout).toContain('Every sealed value is under master key');
      const again = await rotateCommand(databaseUrl, env);
      expect(again.stdout).toMatch(/web_service_accounts\.secret_sealed: 0 re-sealed/);

      const withoutTheOldKey = await rotateCommand(databaseUrl, {
        VOLTIN_MASTER_KEY: base64(oldKey),
        VOLTIN_PREVIOUS_MASTER_KEYS: '',
      });
      expect(withoutTheOldKey.code).toBe(1);
      expect(withoutTheOldKey.stderr).toMatch(
        /web_service_accounts\.secret_sealed of row \d+ cannot be opened: .*VOLTIN_PREVIOUS_MASTER_KEYS/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
