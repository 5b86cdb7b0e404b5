import { Type } from 'typebox';
import { Id, Nullable, UsZipCode } from '../../http/schemas.js';

export const DeliveryChargeSchema = Type.Object({
  name: Type.String(),
  type: Type.String({
    description: 'monthly (dollars a month), per_kwh, per_ccf or per_therm (dollars a unit).',
  }),
  charge: Type.Number(),
  uom_from: Nullable(Type.Number({ description: 'Usage from which the charge applies; null from zero.' })),
  uom_to: Nullable(Type.Number({ description: 'Usage up to which the charge applies; null without limit.' })),
  translations: Type.Object(
    { es: Type.String() },
    { description: 'The charge name in the other active languages.' },
  ),
});

export const Utility = Type.Object({
  id_utility: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  formal_name: Type.String(),
  commodity_name: Type.String({ description: 'Electric or Gas.' }),
  state_code: Type.String(),
  logo: Type.String(),
  active: Type.Boolean(),
  allow_enrollments: Type.Boolean(),
  id_market: Type.Integer(),
  is_zone_required: Type.Boolean(),
  ldc_length: Type.Integer(),
  ldc_only_numbers: Type.Boolean(),
  min_credit_score: Type.Integer(),
  id_credit_check_type: Type.Integer(),
  etf_windows: Type.Integer({
    description: 'Days before the contract end date in which a drop is not charged an early termination fee.',
  }),
  rescission_period: Type.Integer({
    description: 'Days the customer may cancel a new enrollment without a fee.',
  }),
  renewal_alert: Type.Integer({ description: 'Days before contract end the renewal alert starts.' }),
  renewal_alert_text: Type.String(),
  allow_weekend_start_dates: Type.Boolean(),
  customer_name_key_required: Type.Boolean(),
  customer_name_key_length: Type.Integer(),
  customer_types: Type.Array(
    Type.Object({ id_customer_type: Type.Integer(), name: Type.String(), code: Type.String() }),
  ),
  method_delivery: Type.Array(Type.Object({ id_method_delivery: Type.Integer(), name: Type.String() })),
  method_contact: Type.Array(Type.Object({ id_method_contact: Type.Integer(), name: Type.String() })),
  markets: Type.Array(
    Type.Object({ id_market: Type.Integer(), name: Type.String(), state_code: Type.String() }),
  ),
  zipcodes: Type.Array(Type.String(), {
    description: 'Served zip codes; filled only with include_zipcodes=true.',
  }),
  current_tdsp_charges: Type.Array(DeliveryChargeSchema, {
    description: 'The delivery charges in force (TDSP charges in Texas).',
  }),
  charges_effective_date: Type.String({ format: 'date' }),
});

export const UtilitiesQuery = Type.Object({
  id_utility: Type.Optional(Id('Only this utility.')),
  zipCode: Type.Optional(Type.String({ ...UsZipCode, description: 'Only utilities serving this zip code.' })),
  id_customer_type: Type.Optional(Id('Only utilities serving this customer type.')),
  active: Type.Optional(Type.Boolean({ description: 'Only active (true) or inactive (false) utilities.' })),
  allow_enrollments: Type.Optional(
    Type.Boolean({ description: 'Only utilities that accept (or refuse) new enrollments.' }),
  ),
  has_available_plans: Type.Optional(
    Type.Boolean({ description: 'Only utilities with (or without) a plan on sale today.' }),
  ),
  include_zipcodes: Type.Optional(
    Type.Boolean({ default: false, description: 'Fill `zipcodes` with the served zip codes.' }),
  ),
});

export const UtilityInformation = Type.Object({
  switch_types: Type.Array(Type.String(), {
    description: 'Switch (change supplier) and, in Texas, Move-In.',
  }),
  sample_path: Type.String({ description: 'Picture of a sample bill showing where the LDC number is.' }),
  ldc_length: Type.Integer(),
  ldc_Label: Type.String(),
  sample_bill_label: Type.String(),
  ldc_mask: Type.String(),
  is_tx_market: Type.Boolean(),
  allow_weekend_start_dates: Type.Boolean(),
});

export const UtilityInformationQuery = Type.Object({ utilityId: Id('id_utility') });
