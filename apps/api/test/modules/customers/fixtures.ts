import { open } from '../../../src/security/secret-box.js';
import type { TestApi } from '../../helpers/app.js';

let counter = 0;

export interface NewCustomer {
  customerId: number;
  customerHash: string;
  username: string;
  password: string;
  email: string;
}

/** A fresh self-service customer with a login, created through the quick-enrollment call. */
export async function newCustomer(
  api: TestApi,
  overrides: Record<string, unknown> = {},
): Promise<NewCustomer> {
  counter++;
  const username = `casey.${counter}.${Date.now().toString(36)}`;
  const body = {
    firstName: 'Casey',
    lastName: 'Rivera',
    email: `${username}@example.com`,
    primaryPhoneNumber: '512-555-0142',
    languageId: await languageId(api, 'en'),
    username,
    password: 'Sunny-Day-2026',
    ...overrides,
  };
  const response = await api.call('POST', '/customers/create-customer-quick-enrollment', {
    token: await api.sandboxToken(),
    body,
  });
  if (response.status !== 200) throw new Error(`quick enrollment failed: ${JSON.stringify(response.body)}`);
  return {
    customerId: response.body.data.customerId,
    customerHash: response.body.data.customerHash,
    username: String(body.username),
    password: String(body.password),
    email: String(body.email),
  };
}

export async function languageId(api: TestApi, shortName: 'en' | 'es'): Promise<number> {
  const row = await api.db.kysely
    .selectFrom('languages')
    .select('id')
    .where('short_name', '=', shortName)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function sandboxBrandId(api: TestApi): Promise<number> {
  const row = await api.db.kysely
    .selectFrom('brands')
    .select('id')
    .where('system_name', '=', 'bluebonnet')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The mail queued for an address, newest last. */
export function outboxFor(api: TestApi, recipient: string) {
  return api.db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('id')
    .execute();
}

/** The security token inside the newest reset email of an address. */
export async function resetTokenFrom(api: TestApi, recipient: string): Promise<string> {
  const mails = (await outboxFor(api, recipient)).filter((m) => m.template === 'reset-password');
  const match = /securityToken=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '');
  if (!match?.[1]) throw new Error(`no reset email for ${recipient}`);
  return match[1];
}

export async function login(api: TestApi, username: string, password: string) {
  return api.call('POST', '/customers/login', {
    token: await api.sandboxToken(),
    body: { username, password },
  });
}

/** The customer's federal tax id as stored, opened with the app's key (null when none is kept). */
export async function taxIdOf(api: TestApi, customerId: number): Promise<string | null> {
  const { fed_tax_id_sealed } = await api.db.kysely
    .selectFrom('customers')
    .select('fed_tax_id_sealed')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return fed_tax_id_sealed === null ? null : open(api.app.voltin.keys.secretBox, fed_tax_id_sealed);
}
