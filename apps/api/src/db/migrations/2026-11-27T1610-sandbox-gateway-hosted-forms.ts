import type { Kysely } from 'kysely';
import { references } from '../migration-helpers.js';

/**
 * The sandbox gateway gets a hosted form like Authorize.Net's: the token `hostedProfilePage` answers opens it for 15
 * minutes. The sandbox keeps each token's settings here (the company, the customer profile, the payment types
 * offered, the save button's text and the iframe communicator), under the token's SHA-256: the token itself is a
 * bearer secret, and the table never holds it. Expired tokens are deleted a day later by the credentials purge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_gateway_hosted_forms')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('customer_profile_token', 'text', references('sandbox_gateway_customer_profiles.token'))
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('save_button_text', 'text', (c) => c.notNull())
    .addColumn('communicator_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_gateway_hosted_forms_expiry')
    .on('sandbox_gateway_hosted_forms')
    .column('expires_at')
    .execute();
}
