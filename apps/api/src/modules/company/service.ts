import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { ConfigurationParameters } from './schemas.js';
import { findSettings } from './store.js';

type ConfigurationWire = Static<typeof ConfigurationParameters>;

export function createCompanyService(db: Kysely<Database>) {
  return {
    async configurationParameters(companyId: number): Promise<ConfigurationWire> {
      const settings = await findSettings(db, companyId);
      if (!settings) throw notFound('Configuration of this retail company');
      return {
        payment_gateway: settings.payment_gateway as ConfigurationWire['payment_gateway'],
        deposit_payment_types: settings.deposit_payment_types as ConfigurationWire['deposit_payment_types'],
        one_time_payment_types:
          settings.one_time_payment_types as ConfigurationWire['one_time_payment_types'],
        recurring_billing_payment_types:
          settings.recurring_billing_payment_types as ConfigurationWire['recurring_billing_payment_types'],
        my_account_remove_drop_option: settings.my_account_remove_drop_option === 1,
        my_account_transfer_of_service: settings.my_account_transfer_of_service === 1,
        my_account_reenroll_option: settings.my_account_reenroll_option === 1,
        my_account_reinstate_option: settings.my_account_reinstate_option === 1,
      };
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
