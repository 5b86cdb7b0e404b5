/**
 * Every column holding values sealed with the secret box, by table, with the integer column that names a row.
 * `npm run keys:rotate` re-seals exactly these; a test fails when the schema has a `*_sealed` column not listed here.
 */
export const SEALED_COLUMNS = [
  { table: 'web_service_accounts', rowKey: 'id', columns: ['secret_sealed', 'previous_secret_sealed'] },
  { table: 'company_settings', rowKey: 'company_id', columns: ['verification_provider_secret_sealed'] },
  {
    table: 'customers',
    rowKey: 'id',
    columns: ['ssn_sealed', 'date_of_birth_sealed', 'drivers_license_sealed', 'fed_tax_id_sealed'],
  },
  { table: 'credit_checks', rowKey: 'id', columns: ['ssn_sealed', 'date_of_birth_sealed'] },
  { table: 'payment_gateway_accounts', rowKey: 'id', columns: ['transaction_key_sealed', 'api_key_sealed'] },
  { table: 'signing_connect_keys', rowKey: 'id', columns: ['key_sealed'] },
  { table: 'staff_users', rowKey: 'id', columns: ['totp_secret_sealed'] },
] as const;
