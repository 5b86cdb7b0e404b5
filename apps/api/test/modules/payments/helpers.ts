import { sql } from 'kysely';
import type { Db } from '../../../src/db/client.js';
import { isPostgres } from '../../../src/db/migration-helpers.js';
import {
  creditCheck,
  enrollmentBody,
  planOf,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { setGatewayAccount } from '../../fixtures/operator.js';
import { createTenant } from '../../fixtures/tenants.js';
import { type CallOptions, signLogin, type TestApi } from '../../helpers/app.js';

export interface CustomerLogin {
  token: string;
  customerId: number;
  customerHash: string;
}

/**
 * Calls made as a logged-in customer: `as(who)` gives the call its customer-scoped options; `save` and `list` are
 * that customer's payment profile calls. They go through `api.call` when made, so a file that wraps it sees them.
 */
export function paymentProfileCalls(api: Pick<TestApi, 'call'>) {
  const as = (who: CustomerLogin, options: CallOptions = {}): CallOptions => ({
    token: who.token,
    customerHash: who.customerHash,
    ...options,
  });
  return {
    as,
    save: (who: CustomerLogin, body: Record<string, unknown>) =>
      api.call(
        'POST',
        '/payments/payment-profile',
        as(who, { body: { id_customer: who.customerId, ...body } }),
      ),
    list: (who: CustomerLogin) =>
      api.call('GET', `/payments/payment-profile/by-customer/${who.customerId}`, as(who)),
  };
}

/** Every row of every table, as text: a test looks for card and account numbers in it. */
export async function everyRowAsText(db: Db): Promise<string> {
  const kysely = db.kysely;
  const tables = isPostgres(kysely as never)
    ? (
        await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(kysely)
      ).rows
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(kysely)).rows;
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql`select * from ${sql.table(name)}`.execute(kysely);
    parts.push(
      JSON.stringify(rows, (_key, value) => (Buffer.isBuffer(value) ? value.toString('latin1') : value)),
    );
  }
  return parts.join('\n');
}

/**
 * A second customer of the company of the account `token` signs in for, made through the quick-enrollment call
 * with a self-service login (named Second Customer), and logged in.
 */
export async function loginNewCustomer(
  api: Pick<TestApi, 'call'>,
  token: string,
  userName: string,
): Promise<CustomerLogin> {
  const response = await api.call('POST', '/customers/create-customer-quick-enrollment', {
    token,
    body: {
      firstName: 'Second',
      lastName: 'Customer',
      email: `${userName}@example.com`,
      primaryPhoneNumber: '512-555-0142',
      languageId: await englishId(api, token),
      username: userName,
      password: 'Second-Password-7',
    },
  });
  if (response.status !== 200) throw new Error(`quick enrollment failed: ${JSON.stringify(response.body)}`);
  return { token, customerId: response.body.data.customerId, customerHash: response.body.data.customerHash };
}

/**
 * A small business's customer (the firm `firmName`, its contact Ana Garcia), made by the business's enrollment
 * through the API with a self-service login, and logged in.
 */
export async function loginNewBusiness(
  api: Pick<TestApi, 'call' | 'db'>,
  token: string,
  firmName: string,
  userName: string,
): Promise<CustomerLogin> {
  const plan = await planOf(api, 'SmallBusiness');
  const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: plan });
  const password = 'Second-Password-7';
  const enrolled = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan, await requiredOptions(api, token, plan), {
      customerType: 'SmallBusiness',
      customer: { firmName, contactName: 'Ana Garcia', fedtaxid: '741234567', username: userName, password },
      payment: { creditCheckId: check.id_credit_check },
    }),
  });
  if (enrolled.status !== 200) throw new Error(`enrollment failed: ${JSON.stringify(enrolled.body)}`);
  const login = await api.call('POST', '/customers/login', { token, body: { username: userName, password } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { token, ...login.body.data };
}

async function englishId(api: Pick<TestApi, 'call'>, token: string): Promise<number> {
  const languages = (await api.call('GET', '/document-languages', { token })).body.data as Array<{
    id_language: number;
    short_name: string;
  }>;
  const english = languages.find((l) => l.short_name === 'en');
  if (!english) throw new Error(`no English among ${JSON.stringify(languages)}`);
  return english.id_language;
}

/** Another retail company, on the sandbox gateway (it has no live account), with its customer logged in. */
export async function sandboxTenant(
  api: TestApi,
  slug: string,
): Promise<CustomerLogin & { companyId: number }> {
  const tenant = await createTenant(api.db.kysely, api.app.voltin.keys, slug);
  const login = await api.call('POST', '/auth/login', { query: signLogin(tenant.apiKey, tenant.secret) });
  const token = login.body.data.token as string;
  const customer = await api.call('POST', '/customers/login', {
    token,
    body: { username: tenant.customer!.username, password: tenant.customer!.password },
  });
  if (customer.status !== 200) throw new Error(`login failed: ${JSON.stringify(customer.body)}`);
  return { companyId: tenant.companyId, token, ...customer.body.data };
}

/** A retail company on a live gateway account (pointed at a local fake), with its customer logged in. */
export async function liveGatewayTenant(
  api: TestApi,
  slug: string,
  account: {
    gateway: string;
    endpoint: string;
    apiLoginId: string;
    transactionKey: string;
    apiKey?: string;
    timeoutMs?: number;
  },
): Promise<CustomerLogin & { companyId: number }> {
  const tenant = await sandboxTenant(api, slug);
  await setGatewayAccount(api.db.kysely, api.app.voltin.keys.secretBox, tenant.companyId, account);
  return tenant;
}
