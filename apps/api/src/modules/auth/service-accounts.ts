import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { KeyRing } from '../../security/keys.js';
import { seal } from '../../security/secret-box.js';
import { affiliatesOfAccounts, bindAccountToAffiliate, companyAffiliates } from '../prospects/index.js';
import {
  EVERY_OPERATION,
  type NewServiceAccount,
  type PublicOperationGroup,
  type ServiceAccount,
} from './ops-schemas.js';
import * as store from './store.js';

type Account = Static<typeof ServiceAccount>;
type OperationGroup = Static<typeof PublicOperationGroup>;

/** The part of an OpenAPI document the operation list is read from (a path's other keys carry no operationId). */
export interface OpenApiDocument {
  paths?: Record<string, object | undefined>;
}
type OperationObject = { operationId?: string; tags?: string[]; summary?: string; security?: object[] };

/**
 * The public API's operations an account can be permitted, grouped by their first tag: those that take a bearer
 * token (a public route such as the login needs no permission). Read from the running API's own document, so a new
 * operation is listed the day it ships.
 */
export function permissibleOperations(document: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, OperationGroup['operations']>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {}) as [string, OperationObject][]) {
      const bearer = operation.security?.some((scheme) => 'bearerAuth' in scheme);
      if (!operation.operationId || !bearer) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      const operations = groups.get(tag) ?? [];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
      });
      groups.set(tag, operations);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, operations]) => ({
      tag,
      operations: operations.sort((a, b) => a.operationId.localeCompare(b.operationId)),
    }));
}

const newSecret = () => randomBytes(32).toString('base64url');
const newApiKey = () => `vlt_${randomBytes(16).toString('hex')}`;
const invalid = (errors: string[]) =>
  new ApiError('VALIDATION_FAILED', 'The web service account is invalid.', errors);
const HOUR_MS = 3_600_000;

export interface ServiceAccountsDeps {
  db: Kysely<Database>;
  keys: KeyRing;
  clock: Clock;
  /** The public API's OpenAPI document, as the running server publishes it. */
  publicApiDocument: () => OpenApiDocument;
}

/** Administrators' web service accounts: credentials shown once, rotation with a grace period, revocation. */
export function createServiceAccounts({ db, keys, clock, publicApiDocument }: ServiceAccountsDeps) {
  const operationGroups = () => permissibleOperations(publicApiDocument());

  async function list(companyId: number, accountId?: number): Promise<Account[]> {
    const rows = await store.listCompanyAccounts(db, companyId, accountId);
    const ids = rows.map((row) => row.id);
    const [permissions, affiliates] = await Promise.all([
      store.permissionsOfAccounts(db, ids),
      affiliatesOfAccounts(db, ids),
    ]);
    return rows.map((row) => {
      const affiliate = affiliates.find((a) => a.accountId === row.id);
      return {
        id: row.id,
        name: row.name,
        apiKey: row.api_key,
        roleGroups: JSON.parse(row.role_groups) as string[],
        active: row.active === 1,
        operations: permissions.filter((p) => p.account_id === row.id).map((p) => p.operation_id),
        affiliate: affiliate ? { id: affiliate.id, name: affiliate.name } : null,
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
        previousSecretValidUntil: row.previous_secret_valid_until,
        revokedAt: row.revoked_at,
      };
    });
  }

  async function one(companyId: number, accountId: number): Promise<Account> {
    const [account] = await list(companyId, accountId);
    if (!account) throw notFound('Web service account');
    return account;
  }

  /** Unknown operation ids are refused: a typo would otherwise permit nothing, silently. */
  function checkOperations(operations: string[]): void {
    const known = new Set(operationGroups().flatMap((group) => group.operations.map((o) => o.operationId)));
    const unknown = operations.filter((id) => id !== EVERY_OPERATION && !known.has(id));
    if (unknown.length > 0)
      throw invalid(unknown.map((id) => `operations: ${id} is not an operation of the public API`));
  }

  async function checkAffiliate(companyId: number, input: Static<typeof NewServiceAccount>) {
    const isAffiliate = input.roleGroups.includes('Affiliate');
    if (isAffiliate && (input.roleGroups.length > 1 || input.affiliateId === undefined))
      throw invalid([
        'affiliateId: an Affiliate account has the Affiliate role group alone and names its affiliate',
      ]);
    if (!isAffiliate && input.affiliateId !== undefined)
      throw invalid(['affiliateId: only an Affiliate account is bound to an affiliate']);
    if (input.affiliateId === undefined) return;
    const [affiliate] = await companyAffiliates(db, companyId, [input.affiliateId]);
    if (!affiliate) throw invalid(['affiliateId: no affiliate of this company']);
  }

  async function create(companyId: number, input: Static<typeof NewServiceAccount>) {
    checkOperations(input.operations);
    await checkAffiliate(companyId, input);
    const secret = newSecret();
    const accountId = await db.transaction().execute(async (trx) => {
      const id = await store.insertAccount(trx, {
        company_id: companyId,
        name: input.name,
        api_key: newApiKey(),
        secret_sealed: seal(keys.secretBox, secret),
        role_groups: JSON.stringify(input.roleGroups),
        active: 1,
        created_at: clock.now().toISOString(),
      });
      await store.insertPermissions(trx, id, input.operations);
      if (input.affiliateId !== undefined) await bindAccountToAffiliate(trx, id, input.affiliateId);
      return id;
    });
    return { account: await one(companyId, accountId), secret };
  }

  async function rotate(companyId: number, accountId: number, graceHours: number) {
    const secret = newSecret();
    const until =
      graceHours > 0 ? new Date(clock.now().getTime() + graceHours * HOUR_MS).toISOString() : null;
    if (!(await store.rotateSecret(db, companyId, accountId, seal(keys.secretBox, secret), until))) {
      await one(companyId, accountId); // another company's or unknown: 404
      throw new ApiError('SERVICE_ACCOUNT_REVOKED', 'This web service account is revoked; create a new one.');
    }
    return { account: await one(companyId, accountId), secret };
  }

  async function revoke(companyId: number, accountId: number): Promise<Account> {
    if (!(await store.revokeAccount(db, companyId, accountId, clock.now().toISOString()))) {
      await one(companyId, accountId);
      throw new ApiError('SERVICE_ACCOUNT_REVOKED', 'This web service account is already revoked.');
    }
    return one(companyId, accountId);
  }

  async function setOperations(companyId: number, accountId: number, operations: string[]) {
    const before = await one(companyId, accountId);
    checkOperations(operations);
    await store.replacePermissions(db, accountId, operations);
    return { before, after: await one(companyId, accountId) };
  }

  return {
    list: (companyId: number) => list(companyId),
    create,
    rotate,
    revoke,
    setOperations,
    operationGroups,
  };
}

export type ServiceAccounts = ReturnType<typeof createServiceAccounts>;
