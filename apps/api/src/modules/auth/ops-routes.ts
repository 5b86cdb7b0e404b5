import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import type { AuditLog } from '../audit/index.js';
import {
  AccountIdPath,
  AccountWithSecret,
  NewServiceAccount,
  PermissionsBody,
  PublicOperationGroup,
  RotationBody,
  ServiceAccount,
} from './ops-schemas.js';
import type { ServiceAccounts } from './service-accounts.js';

const tags = ['Web service accounts'];
const manage = { permission: 'accounts.manage' };
const change = { permission: 'accounts.manage', errors: ['NOT_FOUND' as const] };
const ended = {
  permission: 'accounts.manage',
  errors: ['NOT_FOUND' as const, 'SERVICE_ACCOUNT_REVOKED' as const],
};

/**
 * Administrators' web service accounts. A secret is answered once, by the call that makes it, and never reaches the
 * audit log: the log names the account and what changed.
 */
export const serviceAccountOpsRoutes: FastifyPluginAsyncTypebox<{
  accounts: ServiceAccounts;
  audit: AuditLog;
}> = async (app, { accounts, audit }) => {
  const companyOf = (request: FastifyRequest) => staffOf(request).companyId;

  app.get(
    '/web-service-accounts',
    {
      config: manage,
      schema: {
        operationId: 'listWebServiceAccounts',
        tags,
        summary: 'The company’s web service accounts, newest first, without their secrets',
        response: { 200: Envelope(Type.Array(ServiceAccount, { maxItems: 10_000 })) },
      },
    },
    async (request) => ok(await accounts.list(companyOf(request))),
  );

  app.get(
    '/web-service-accounts/operations',
    {
      config: manage,
      schema: {
        operationId: 'listPermissibleOperations',
        tags,
        summary: 'The public API’s operations an account can be permitted, grouped by tag',
        response: { 200: Envelope(Type.Array(PublicOperationGroup, { maxItems: 1000 })) },
      },
    },
    async () => ok(accounts.operationGroups()),
  );

  app.post(
    '/web-service-accounts',
    {
      config: manage,
      schema: {
        operationId: 'createWebServiceAccount',
        tags,
        summary: 'Creates an account; the answer carries its secret, this once',
        body: NewServiceAccount,
        response: { 200: Envelope(AccountWithSecret) },
      },
    },
    async (request) => {
      const created = await accounts.create(companyOf(request), request.body);
      const { account } = created;
      await audit.record(auditActorOf(request), {
        action: 'web-service-account.create',
        targetType: 'web-service-account',
        targetId: account.id,
        summary: `web service account ${account.name} created (${account.roleGroups.join(', ')})`,
        after: account,
      });
      return ok(created);
    },
  );

  app.post(
    '/web-service-accounts/:accountId/rotation',
    {
      config: ended,
      schema: {
        operationId: 'rotateWebServiceAccountSecret',
        tags,
        summary:
          'Gives the account a new secret (answered this once); the previous one works until the grace deadline',
        params: AccountIdPath,
        body: RotationBody,
        response: { 200: Envelope(AccountWithSecret) },
      },
    },
    async (request) => {
      const rotated = await accounts.rotate(
        companyOf(request),
        request.params.accountId,
        request.body.graceHours,
      );
      const { account } = rotated;
      await audit.record(auditActorOf(request), {
        action: 'web-service-account.rotate',
        targetType: 'web-service-account',
        targetId: account.id,
        summary: `secret of ${account.name} rotated; the previous one works ${
          account.previousSecretValidUntil ? `until ${account.previousSecretValidUntil}` : 'no more'
        }`,
        after: { previousSecretValidUntil: account.previousSecretValidUntil },
      });
      return ok(rotated);
    },
  );

  app.post(
    '/web-service-accounts/:accountId/revocation',
    {
      config: ended,
      schema: {
        operationId: 'revokeWebServiceAccount',
        tags,
        summary:
          'Revokes the account: it logs in no more and its access tokens are refused from the next call',
        params: AccountIdPath,
        response: { 200: Envelope(ServiceAccount) },
      },
    },
    async (request) => {
      const account = await accounts.revoke(companyOf(request), request.params.accountId);
      await audit.record(auditActorOf(request), {
        action: 'web-service-account.revoke',
        targetType: 'web-service-account',
        targetId: account.id,
        summary: `web service account ${account.name} revoked`,
      });
      return ok(account);
    },
  );

  app.put(
    '/web-service-accounts/:accountId/operations',
    {
      config: change,
      schema: {
        operationId: 'setWebServiceAccountOperations',
        tags,
        summary: 'Replaces the public operations the account may call (each must be one the API has)',
        params: AccountIdPath,
        body: PermissionsBody,
        response: { 200: Envelope(ServiceAccount) },
      },
    },
    async (request) => {
      const { before, after } = await accounts.setOperations(
        companyOf(request),
        request.params.accountId,
        request.body.operations,
      );
      await audit.record(auditActorOf(request), {
        action: 'web-service-account.operations',
        targetType: 'web-service-account',
        targetId: after.id,
        summary: `operations of ${after.name}: ${after.operations.length} permitted`,
        before: { operations: before.operations },
        after: { operations: after.operations },
      });
      return ok(after);
    },
  );
};
