import { sql } from 'kysely';
import type { Db } from '../../../src/db/client.js';
import { isPostgres } from '../../../src/db/migration-helpers.js';
import { hashPassword } from '../../../src/security/passwords.js';
import { seal } from '../../../src/security/secret-box.js';
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

/** A second customer of an existing company, logged in with the given account token. */
export async function loginNewCustomer(
  api: TestApi,
  companyId: number,
  token: string,
  userName: string,
): Promise<CustomerLogin> {
  const language = await api.db.kysely
    .selectFrom('languages')
    .select('id')
    .where('short_name', '=', 'en')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const password = 'Second-Password-7';
  await api.db.kysely
    .insertInto('customers')
    .values({
      company_id: companyId,
      user_name: userName,
      password_hash: await hashPassword(password, 10),
      first_name: 'Second',
      last_name: 'Customer',
      email: `${userName}@example.com`,
      id_prefered_language: language.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const response = await api.call('POST', '/customers/login', {
    token,
    body: { username: userName, password },
  });
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return { token, ...response.body.data };
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
  const keys = api.app.voltin.keys;
  const tenant = await createTenant(api.db.kysely, keys, slug);
  await api.db.kysely
    .updateTable('company_settings')
    .set({ payment_gateway: account.gateway === 'iCheckGateway' ? 'iCheckGateway' : 'AuthorizeNET' })
    .where('company_id', '=', tenant.companyId)
    .execute();
  await api.db.kysely
    .insertInto('payment_gateway_accounts')
    .values({
      company_id: tenant.companyId,
      gateway: account.gateway,
      api_login_id: account.apiLoginId,
      transaction_key_sealed: seal(keys.secretBox, account.transactionKey),
      api_key_sealed: account.apiKey ? seal(keys.secretBox, account.apiKey) : null,
      endpoint: account.endpoint,
      environment: 'sandbox',
      timeout_ms: account.timeoutMs ?? 2_000,
      created_at: new Date().toISOString(),
    })
    .execute();
  const login = await api.call('POST', '/auth/login', { query: signLogin(tenant.apiKey, tenant.secret) });
  const token = login.body.data.token as string;
  const customer = await api.call('POST', '/customers/login', {
    token,
    body: { username: tenant.customer!.username, password: tenant.customer!.password },
  });
  if (customer.status !== 200) throw new Error(`login failed: ${JSON.stringify(customer.body)}`);
  return { companyId: tenant.companyId, token, ...customer.body.data };
}
