import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Transaction } from 'kysely';
import { importPricingMatrix, PROSPECT_ROLE_PERMISSIONS } from '../../modules/prospects/index.js';
import type { KeyRing } from '../../security/keys.js';
import { seal } from '../../security/secret-box.js';
import type { Database } from '../schema.js';

/**
 * Sandbox-only prospect set-up: an affiliate with its own web service account, the pricing matrix rules,
 * prospect packages, the Texas pricing matrix (data/pricing-matrix.csv, loaded through the same import as
 * the CLI and the endpoint) and a document-signing account whose Connect key signs sandbox webhooks.
 */
export const SANDBOX_PROSPECTS = {
  affiliateName: 'Lone Star Door-to-Door',
  affiliateApiKey: 'vlt_affiliate_key',
  affiliateApiSecret: 'vlt_affiliate_secret',
  /** The sandbox DocuSign account id webhooks name in `data.accountId`. */
  signingAccountId: '7d1c5e0a-3b8f-4c26-9e4a-51f0b2d6c8e3',
  /** The Connect HMAC key sandbox webhooks are signed with (X-DocuSign-Signature-1). */
  connectKey: 'vlt_sandbox_connect_key',
} as const;

const PRICING_MATRIX_FILE = 'pricing-matrix.csv';

/** The CSV sits next to this file in src/; the compiled seed (dist/) reads the same source file. */
function pricingMatrixCsv(): Buffer {
  const candidates = [
    new URL(`./data/${PRICING_MATRIX_FILE}`, import.meta.url),
    new URL(`../../../src/db/seed/data/${PRICING_MATRIX_FILE}`, import.meta.url),
  ].map((url) => fileURLToPath(url));
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`Seed pricing matrix not found; looked in ${candidates.join(', ')}`);
  return readFileSync(found);
}

const TEXAS_UTILITIES = ['ONCOR', 'CNP', 'AEP_TCC', 'AEP_TNC', 'TNMP'];
const GAS_UTILITIES = ['COH', 'EGO', 'DUKE_OH', 'CNP_OH', 'AGL'];
const DOCS = 'https://www.bluebonnet-energy.example/documents';

const PACKAGES = [
  {
    name: 'Texas Residential Door-to-Door',
    description: 'Fixed-rate residential electricity sold door to door in the ERCOT competitive areas.',
    customerTypes: ['Residential'],
    states: ['TX'],
    utilities: TEXAS_UTILITIES,
    documents: [
      { name: 'Electricity Facts Label', document_type: 'EFL', url: `${DOCS}/efl-residential-fixed.pdf` },
      { name: 'Terms of Service', document_type: 'TOS', url: `${DOCS}/tos-residential.pdf` },
      { name: 'Your Rights as a Customer', document_type: 'YRAC', url: `${DOCS}/yrac.pdf` },
    ],
  },
  {
    name: 'Texas Small Business Fixed',
    description: 'Fixed-rate electricity for small commercial sites, priced by annual usage tier.',
    customerTypes: ['SmallBusiness'],
    states: ['TX'],
    utilities: TEXAS_UTILITIES,
    documents: [
      {
        name: 'Commercial Electricity Agreement',
        document_type: 'Contract',
        url: `${DOCS}/commercial-agreement.pdf`,
      },
      { name: 'Letter of Authorization', document_type: 'LOA', url: `${DOCS}/letter-of-authorization.pdf` },
      { name: 'Terms of Service', document_type: 'TOS', url: `${DOCS}/tos-commercial.pdf` },
    ],
  },
  {
    name: 'Ohio and Georgia Residential Gas',
    description: 'Fixed-rate natural gas for homes in the Ohio and Georgia customer-choice programmes.',
    customerTypes: ['Residential'],
    states: ['OH', 'GA'],
    utilities: GAS_UTILITIES,
    documents: [
      { name: 'Contract Summary', document_type: 'Contract', url: `${DOCS}/gas-contract-summary.pdf` },
      { name: 'Terms and Conditions', document_type: 'TOS', url: `${DOCS}/gas-terms.pdf` },
    ],
  },
] as const;

export async function seedSandboxProspects(
  trx: Transaction<Database>,
  companyId: number,
  keys: KeyRing,
): Promise<void> {
  const now = new Date().toISOString();
  const affiliate = await trx
    .insertInto('affiliates')
    .values({ company_id: companyId, name: SANDBOX_PROSPECTS.affiliateName, active: 1, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await trx
    .insertInto('web_service_accounts')
    .values({
      company_id: companyId,
      name: `${SANDBOX_PROSPECTS.affiliateName} sales system`,
      api_key: SANDBOX_PROSPECTS.affiliateApiKey,
      secret_sealed: seal(keys.secretBox, SANDBOX_PROSPECTS.affiliateApiSecret),
      role_groups: JSON.stringify(['Affiliate']),
      active: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('affiliate_accounts')
    .values({ account_id: account.id, affiliate_id: affiliate.id })
    .execute();
  // The rep the docs' examples name as repReferenceId.
  await trx
    .insertInto('affiliate_reps')
    .values({
      company_id: companyId,
      affiliate_id: affiliate.id,
      reference: 'REP-1042',
      name: 'Jorge Lopez',
      email: 'jorge.lopez@lonestar.example',
      phone: '214-555-0107',
      created_at: now,
    })
    .execute();
  await trx
    .insertInto('account_permissions')
    .values(
      PROSPECT_ROLE_PERMISSIONS.filter((p) => p.roleGroups.includes('Affiliate')).map((p) => ({
        account_id: account.id,
        operation_id: p.operationId,
      })),
    )
    .execute();

  await trx
    .insertInto('prospect_settings')
    .values({
      company_id: companyId,
      available_customer_types: JSON.stringify(['Residential', 'SmallBusiness']),
      terms_available_for_use: JSON.stringify([6, 12, 24, 36]),
      recommended_pricing_matrix_terms: JSON.stringify([12, 24]),
      tenor_limit_for_prices: 12,
    })
    .execute();

  const [types, markets, utilities] = await Promise.all([
    trx.selectFrom('customer_types').select(['id', 'code']).where('company_id', '=', companyId).execute(),
    trx.selectFrom('markets').select(['id', 'state_code']).where('company_id', '=', companyId).execute(),
    trx.selectFrom('utilities').select(['id', 'code']).where('company_id', '=', companyId).execute(),
  ]);
  const idOf = <T extends { id: number }>(rows: T[], key: (row: T) => string, value: string) => {
    const row = rows.find((r) => key(r) === value);
    if (!row) throw new Error(`Sandbox seed: ${value} is missing`);
    return row.id;
  };
  for (const pkg of PACKAGES) {
    const { id } = await trx
      .insertInto('prospect_packages')
      .values({ company_id: companyId, name: pkg.name, description: pkg.description, active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('prospect_package_customer_types')
      .values(
        pkg.customerTypes.map((code) => ({
          package_id: id,
          customer_type_id: idOf(types, (t) => t.code, code),
        })),
      )
      .execute();
    await trx
      .insertInto('prospect_package_markets')
      .values(
        pkg.states.map((state) => ({ package_id: id, market_id: idOf(markets, (m) => m.state_code, state) })),
      )
      .execute();
    await trx
      .insertInto('prospect_package_utilities')
      .values(
        pkg.utilities.map((code) => ({ package_id: id, utility_id: idOf(utilities, (u) => u.code, code) })),
      )
      .execute();
    await trx
      .insertInto('prospect_package_documents')
      .values(pkg.documents.map((d, index) => ({ package_id: id, ...d, sort_order: index + 1 })))
      .execute();
  }

  await importPricingMatrix(trx, companyId, {
    fileName: PRICING_MATRIX_FILE,
    content: pricingMatrixCsv(),
    importedBy: 'seed',
    importedAt: new Date().toISOString(),
  });

  const signing = await trx
    .insertInto('signing_accounts')
    .values({
      company_id: companyId,
      provider: 'docusign',
      account_id: SANDBOX_PROSPECTS.signingAccountId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('signing_connect_keys')
    .values({
      signing_account_id: signing.id,
      label: 'Sandbox Connect key',
      key_sealed: seal(keys.secretBox, SANDBOX_PROSPECTS.connectKey),
      created_at: now,
    })
    .execute();
}
