import type { Static } from 'typebox';
import type { ProspectRow } from './lookups.js';
import type { Prospect, ProspectDocument, ProspectRequest } from './schemas.js';

type ProspectWire = Static<typeof Prospect>;

const fromMicros = (micros: number) => micros / 1_000_000;

type Address = Static<typeof ProspectRequest>['serviceAddress'];
const addressOut = (json: string | null): ProspectWire['serviceAddress'] | null => {
  if (json === null) return null;
  const a = JSON.parse(json) as Address;
  return {
    address1: a.address1,
    address2: a.address2 ?? null,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    county: a.county ?? null,
  };
};

type Customer = Static<typeof ProspectRequest>['customer'];
const customerOut = (json: string): ProspectWire['customer'] => {
  const customer = JSON.parse(json) as Customer;
  return {
    firstName: customer.firstName ?? null,
    lastName: customer.lastName ?? null,
    firmName: customer.firmName ?? null,
    contactName: customer.contactName ?? null,
    email: customer.email ?? null,
    phoneNumber: customer.phoneNumber,
    idPreferedLanguage: customer.idPreferedLanguage,
  };
};

/** A prospect as the API shows it, with its documents. */
export function toProspect(
  row: ProspectRow,
  documents: Array<Static<typeof ProspectDocument>>,
): ProspectWire {
  const serviceAddress = addressOut(row.service_address)!;
  return {
    idProspect: row.id,
    customer: customerOut(row.customer),
    serviceAddress,
    // The billing address defaults to the service address.
    billingAddress: addressOut(row.billing_address) ?? serviceAddress,
    ldc: row.ldc,
    commodityName: row.commodity_name,
    priceProviderUtilityCode: row.price_provider_utility_code,
    priceFileDate: row.price_file_date,
    zone: row.zone,
    rateCode: row.rate_code,
    term: row.term,
    startDate: row.start_date,
    price: fromMicros(row.price_micros),
    affiliateCommissionRate:
      row.affiliate_commission_rate_micros === null ? null : fromMicros(row.affiliate_commission_rate_micros),
    usageTier: row.usage_tier,
    customerType: row.customer_type_code,
    agentName: row.agent_name,
    serviceReferenceId: row.service_reference_id,
    annualUsage: row.annual_usage,
    affiliateReferenceId: row.affiliate_reference_id,
    repReferenceId: row.rep_reference_id,
    userName: row.user_name,
    status: row.status as ProspectWire['status'],
    signingStatus: row.signing_status as ProspectWire['signingStatus'],
    signingMethod: row.signing_method as ProspectWire['signingMethod'],
    idProspectPackage: row.package_id,
    utility: {
      id_utility: row.utility_id,
      code: row.utility_code,
      name: row.utility_name,
      commodity: row.utility_commodity,
    },
    affiliate:
      row.affiliate_id === null ? null : { idAffiliate: row.affiliate_id, name: row.affiliate_name ?? '' },
    expirationDate: row.expiration_date,
    rate: fromMicros(row.rate_micros),
    createdAt: row.created_at,
    modifiedAt: row.modified_at,
    documents,
  };
}
