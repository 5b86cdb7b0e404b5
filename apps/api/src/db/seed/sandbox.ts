import type { Kysely, Transaction } from 'kysely';
import { ROLE_GROUPS } from '../../modules/auth/index.js';
import type { KeyRing } from '../../security/keys.js';
import { hashPassword } from '../../security/passwords.js';
import { seal } from '../../security/secret-box.js';
import type { Database } from '../schema.js';
import { seedSandboxAutoresponders } from './autoresponders.js';
import { UTILITIES } from './data/index.js';
import { seedDemoEnrollment } from './demo-enrollment.js';
import { seedSandboxPlans } from './plans.js';
import { seedSandboxProspects } from './prospects.js';
import { seedSandboxStaff } from './staff.js';
import { insertUtility, zipcodeIds } from './utilities.js';

/** The documented sandbox credentials (README, docs "Getting Started"). Never created in production. */
export const SANDBOX = {
  companyName: 'Bluebonnet Energy',
  companySlug: 'bluebonnet-energy',
  apiKey: 'vlt_demo_key',
  apiSecret: 'vlt_demo_secret',
  customerUserName: 'demo.customer',
  customerPassword: 'Demo-Password-1',
} as const;

const MARKETS = [
  { name: 'Texas (ERCOT)', state_code: 'TX', handle_payments: 1 },
  { name: 'Ohio Energy Choice', state_code: 'OH', handle_payments: 0 },
  { name: 'Georgia Natural Gas', state_code: 'GA', handle_payments: 1 },
] as const;

const CUSTOMER_TYPES = [
  {
    name: 'Residential',
    code: 'Residential',
    required_first_name: 1,
    required_last_name: 1,
    required_primary_phone: 1,
    prospect_expiration_days: 30,
  },
  {
    name: 'Small Business',
    code: 'SmallBusiness',
    required_firm_name: 1,
    required_contact_name: 1,
    required_fedtaxidnum: 1,
    required_primary_phone: 1,
    prospect_expiration_days: 45,
  },
  {
    name: 'Large Business',
    code: 'LargeBusiness',
    required_firm_name: 1,
    required_contact_name: 1,
    required_fedtaxidnum: 1,
    required_primary_phone: 1,
    required_external_contract_id: 1,
    prospect_expiration_days: 60,
  },
] as const;

async function seedUtilities(
  trx: Transaction<Database>,
  companyId: number,
  markets: Map<string, number>,
  customerTypeIds: number[],
) {
  const zipIds = await zipcodeIds(trx);
  for (const utility of UTILITIES)
    await insertUtility(trx, companyId, markets.get(utility.stateCode)!, utility, customerTypeIds, zipIds);
}

/** Creates the sandbox retail company once; running it again changes nothing. */
export async function seedSandbox(
  db: Kysely<Database>,
  keys: KeyRing,
  passwordHashCost: number,
): Promise<boolean> {
  const existing = await db
    .selectFrom('retail_companies')
    .select('id')
    .where('slug', '=', SANDBOX.companySlug)
    .executeTakeFirst();
  if (existing) {
    await seedSandboxStaff(db, existing.id, passwordHashCost);
    return false;
  }
  const passwordHash = await hashPassword(SANDBOX.customerPassword, passwordHashCost);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const { id: companyId } = await trx
      .insertInto('retail_companies')
      .values({ name: SANDBOX.companyName, slug: SANDBOX.companySlug, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('company_settings')
      .values({
        company_id: companyId,
        payment_gateway: 'AuthorizeNET',
        deposit_payment_types: 'Both',
        one_time_payment_types: 'Both',
        recurring_billing_payment_types: 'Both',
        my_account_remove_drop_option: 1,
        my_account_transfer_of_service: 1,
        my_account_reenroll_option: 1,
        my_account_reinstate_option: 1,
        support_phone: '+1-512-555-0142',
        support_email: 'support@bluebonnet-energy.example',
        support_hours: 'Monday to Friday 8:00-18:00, Saturday 9:00-13:00 (Central Time)',
        // The example self-service site, and a developer's own on any localhost port.
        payment_return_origins: JSON.stringify(['http://localhost:3002', 'http://localhost:*']),
        // Integrators try any test ESIID: the sandbox accepts meters it does not know and flags them for an agent.
        unknown_esiids: 'verify_later',
      })
      .execute();
    const brand = await trx
      .insertInto('brands')
      .values({
        company_id: companyId,
        system_name: 'bluebonnet',
        name: 'Bluebonnet Energy',
        legal_name: 'Bluebonnet Energy LLC',
        url: 'https://www.bluebonnet-energy.example',
        my_account_url: 'https://myaccount.bluebonnet-energy.example',
        phone: '+1-512-555-0142',
        email: 'hello@bluebonnet-energy.example',
        office_hours: 'Monday to Friday 8:00-18:00 CT',
        license_number: 'Sandbox REP certificate 99999',
        wizard_welcome_text: 'Find a Bluebonnet plan for your home or business in a few steps.',
        wizard_thank_you_text:
          'Thank you for choosing Bluebonnet Energy. We will email your welcome kit shortly.',
        active: 1,
        // The logo is a file of apps/api/brand-logos, served by the API itself (http/brand-logos.ts).
        logo_url: '/brand-logos/bluebonnet.svg',
        primary_color: '#2c4a9a',
        accent_color: '#e8a317',
        terms_url: 'https://www.bluebonnet-energy.example/terms',
        privacy_url: 'https://www.bluebonnet-energy.example/privacy',
        default_language: 'en',
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    const markets = new Map<string, number>();
    for (const market of MARKETS) {
      const row = await trx
        .insertInto('markets')
        .values({ company_id: companyId, ...market, active: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      markets.set(market.state_code, row.id);
    }
    const customerTypeIds: number[] = [];
    for (const type of CUSTOMER_TYPES) {
      const row = await trx
        .insertInto('customer_types')
        .values({ company_id: companyId, ...type })
        .returning('id')
        .executeTakeFirstOrThrow();
      customerTypeIds.push(row.id);
    }
    await seedUtilities(trx, companyId, markets, customerTypeIds);
    await seedSandboxPlans(trx, companyId, brand.id, brand.name);
    await seedSandboxAutoresponders(trx, companyId, brand.id, customerTypeIds[0]!);
    const account = await trx
      .insertInto('web_service_accounts')
      .values({
        company_id: companyId,
        name: 'Sandbox integration',
        api_key: SANDBOX.apiKey,
        secret_sealed: seal(keys.secretBox, SANDBOX.apiSecret),
        role_groups: JSON.stringify(ROLE_GROUPS),
        active: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('account_permissions')
      .values({ account_id: account.id, operation_id: '*' })
      .execute();
    await seedSandboxProspects(trx, companyId, keys);
    const english = await trx
      .selectFrom('languages')
      .select('id')
      .where('short_name', '=', 'en')
      .executeTakeFirstOrThrow();
    const demo = await trx
      .insertInto('customers')
      .values({
        company_id: companyId,
        user_name: SANDBOX.customerUserName,
        password_hash: passwordHash,
        first_name: 'Dana',
        last_name: 'Demo',
        phone: '5125550199',
        email: 'demo.customer@bluebonnet-energy.example',
        id_prefered_language: english.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedDemoEnrollment(trx, companyId, demo.id);
    await seedSandboxStaff(trx, companyId, passwordHashCost);
  });
  return true;
}
