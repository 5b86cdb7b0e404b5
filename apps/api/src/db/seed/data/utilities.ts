/**
 * Seed reference data: the utilities Voltin is seeded with.
 *
 * Texas electric: the five ERCOT transmission and distribution service providers (TDSPs) open to retail
 * competition. Ohio and Georgia gas: the local distribution companies (LDCs) that run customer-choice
 * programmes. Pure data plus types; the seeding code maps these rows onto the `utilities` and
 * `utility_delivery_charges` tables.
 *
 * Figures come from public tariffs as restated by public sources (see each row's `source`). Where a
 * figure could not be confirmed it is the best available estimate and `source` says so explicitly.
 */

export type Commodity = 'Electric' | 'Gas';

export type ChargeType = 'monthly' | 'per_kwh' | 'per_ccf' | 'per_therm';

export interface DeliveryChargeRow {
  name: string;
  /** The name in Spanish, the other language documents and bills are offered in. */
  nameEs: string;
  type: ChargeType;
  /** US dollars (per month, or per unit for the per_* types). */
  charge: number;
  /** Lower bound of the usage tier the charge applies to, in the unit of `type`; null = from zero. */
  uomFrom: number | null;
  /** Upper bound of the usage tier; null = no upper bound. */
  uomTo: number | null;
}

export interface UtilityRow {
  /** Short stable code, e.g. 'ONCOR'. */
  code: string;
  /** Common name. */
  name: string;
  /** Legal name. */
  formalName: string;
  commodity: Commodity;
  stateCode: string;
  /** 'ERCOT', 'Ohio Choice', 'Georgia Natural Gas Marketers'. */
  isoOrMarket: string;
  /** What the utility calls the premise / account identifier: 'ESIID' in Texas, 'Account Number' for gas. */
  ldcLabel: string;
  /** ESIID prefix for Texas TDSPs ('10' + the TDSP's five-digit DUNS-derived code + one digit); null for gas. */
  ldcPrefix: string | null;
  /** Total length of the identifier in digits. */
  ldcLength: number;
  ldcOnlyNumbers: boolean;
  /** Input mask, 9 = a digit; any other character is a literal separator. */
  ldcMask: string;
  /** Where the identifier is printed on the customer's bill. */
  sampleBillLabel: string;
  /** Residential rescission (cooling-off) period after enrollment, in days (see `source` for the rule). */
  rescissionPeriodDays: number;
  allowWeekendStartDates: boolean;
  /** Residential delivery charges. */
  deliveryCharges: readonly DeliveryChargeRow[];
  /** 'YYYY-MM-DD' effective date of the tariff the charges come from. */
  chargesEffectiveDate: string;
  /** Where the figures come from, in words, and which of them are unconfirmed. */
  source: string;
}

const TX_RESCISSION =
  'Rescission: PUCT Substantive Rule 25.474 gives residential customers three federal business days after ' +
  'receiving the terms of service to rescind a switch.';
const OH_RESCISSION =
  'Rescission: Ohio Adm.Code 4901:1-29-06 gives residential and small commercial customers seven calendar ' +
  "days from the postmark of the utility's confirmation notice to rescind an enrollment.";
const GA_RESCISSION =
  'Rescission: three business days, from best knowledge of the Georgia PSC marketer rules (not confirmed ' +
  'from the rule text).';

const TX_SNAPSHOT =
  'Residential (secondary service, no demand) delivery charges as summarised in a public retail-provider ' +
  'TDU rate table updated 1 November 2024, i.e. the semi-annual tariff update in force from autumn 2024 to ' +
  'the March 2025 update. The table gives one total monthly figure (customer charge plus metering charge) ' +
  'and one total per-kWh figure (distribution system charge, transmission cost recovery factor, DCRF, ' +
  'EECRF, nuclear decommissioning and other riders combined); the split between customer and metering ' +
  'charge was not confirmed, so each total is seeded as one row. Later semi-annual updates in 2025 moved the ' +
  'per-kWh totals by several tenths of a cent; replace from the current PUCT tariff when refreshing.';

const UTILITY_ROWS = [
  {
    code: 'ONCOR',
    name: 'Oncor',
    formalName: 'Oncor Electric Delivery Company LLC',
    commodity: 'Electric',
    stateCode: 'TX',
    isoOrMarket: 'ERCOT',
    ldcLabel: 'ESIID',
    ldcPrefix: '10443720',
    ldcLength: 17,
    ldcOnlyNumbers: true,
    ldcMask: '99999999999999999',
    sampleBillLabel:
      'ESI ID, printed with the service address on the retail electric provider bill (17 digits, starts 1044372)',
    rescissionPeriodDays: 3,
    allowWeekendStartDates: true,
    deliveryCharges: [
      {
        name: 'Customer and metering charges',
        nameEs: 'Cargos por cliente y medición',
        type: 'monthly',
        charge: 4.23,
        uomFrom: null,
        uomTo: null,
      },
      {
        name: 'Delivery charges (distribution, transmission and riders)',
        nameEs: 'Cargos de entrega (distribución, transmisión y cargos adicionales)',
        type: 'per_kwh',
        charge: 0.051893,
        uomFrom: null,
        uomTo: null,
      },
    ],
    chargesEffectiveDate: '2024-09-01',
    source:
      'Oncor Tariff for Retail Delivery Service, Rate Schedule 6.1.1.1.1 Residential Service. ' +
      TX_SNAPSHOT +
      ' The $4.23 monthly total is also stated by Oncor itself. The 8th prefix digit (0) follows common Oncor ' +
      'ESIIDs; the 1044372 part is the ERCOT-published TDSP code (East Texas ex-SESCO premises use 1017699 and ' +
      'are not covered by this prefix). ' +
      TX_RESCISSION,
  },
  {
    code: 'CNP',
    name: 'CenterPoint Energy',
    formalName: 'CenterPoint Energy Houston Electric, LLC',
    commodity: 'Electric',
    stateCode: 'TX',
    isoOrMarket: 'ERCOT',
    ldcLabel: 'ESIID',
    ldcPrefix: '1008901',
    ldcLength: 22,
    ldcOnlyNumbers: true,
    ldcMask: '9999999999999999999999',
    sampleBillLabel:
      'ESI ID, printed with the service address on the retail electric provider bill (22 digits, starts 1008901)',
    rescissionPeriodDays: 3,
    allowWeekendStartDates: true,
    deliveryCharges: [
      {
        name: 'Customer and metering charges',
        nameEs: 'Cargos por cliente y medición',
        type: 'monthly',
        charge: 4.39,
        uomFrom: null,
        uomTo: null,
      },
      {
        name: 'Delivery charges (distribution, transmission, transition and riders)',
        nameEs: 'Cargos de entrega (distribución, transmisión, transición y cargos adicionales)',
        type: 'per_kwh',
        charge: 0.053509,
        uomFrom: null,
        uomTo: null,
      },
    ],
    chargesEffectiveDate: '2024-09-01',
    source:
      'CenterPoint Energy Houston Electric Tariff for Retail Delivery Service, Rate Schedule RSS Residential ' +
      'Service. ' +
      TX_SNAPSHOT +
      ' Newer public summaries (December 2025) give $4.90/month and about $0.060/kWh after the 2025 rate case; ' +
      'they were not cross-checked against the tariff, so the 2024 figures are kept. ' +
      TX_RESCISSION,
  },
  {
    code: 'AEP_TCC',
    name: 'AEP Texas Central',
    formalName: 'AEP Texas Inc. (Central Division, formerly AEP Texas Central Company)',
    commodity: 'Electric',
    stateCode: 'TX',
    isoOrMarket: 'ERCOT',
    ldcLabel: 'ESIID',
    ldcPrefix: '10032789',
    ldcLength: 17,
    ldcOnlyNumbers: true,
    ldcMask: '99999999999999999',
    sampleBillLabel:
      'ESI ID, printed with the service address on the retail electric provider bill (17 digits, starts 1003278)',
    rescissionPeriodDays: 3,
    allowWeekendStartDates: true,
    deliveryCharges: [
      {
        name: 'Customer and metering charges',
        nameEs: 'Cargos por cliente y medición',
        type: 'monthly',
        charge: 3.21,
        uomFrom: null,
        uomTo: null,
      },
      {
        name: 'Delivery charges (distribution, transmission and riders)',
        nameEs: 'Cargos de entrega (distribución, transmisión y cargos adicionales)',
        type: 'per_kwh',
        charge: 0.0612984,
        uomFrom: null,
        uomTo: null,
      },
    ],
    chargesEffectiveDate: '2024-10-01',
    source:
      'AEP Texas Tariff for Retail Delivery Service, Central Division, Residential Service (rate schedules ' +
      'effective 1 October 2024). ' +
      TX_SNAPSHOT +
      ' The 8th prefix digit (9) follows common AEP Central ESIIDs; the 1003278 part is the ERCOT-published ' +
      'TDSP code. ' +
      TX_RESCISSION,
  },
  {
    code: 'AEP_TNC',
    name: 'AEP Texas North',
    formalName: 'AEP Texas Inc. (North Division, formerly AEP Texas North Company)',
    commodity: 'Electric',
    stateCode: 'TX',
    isoOrMarket: 'ERCOT',
    ldcLabel: 'ESIID',
    ldcPrefix: '10204049',
    ldcLength: 17,
    ldcOnlyNumbers: true,
    ldcMask: '99999999999999999',
    sampleBillLabel:
      'ESI ID, printed with the service address on the retail electric provider bill (17 digits, starts 1020404)',
    rescissionPeriodDays: 3,
    allowWeekendStartDates: true,
    deliveryCharges: [
      {
        name: 'Customer and metering charges',
        nameEs: 'Cargos por cliente y medición',
        type: 'monthly',
        charge: 3.21,
        uomFrom: null,
        uomTo: null,
      },
      {
        name: 'Delivery charges (distribution, transmission and riders)',
        nameEs: 'Cargos de entrega (distribución, transmisión y cargos adicionales)',
        type: 'per_kwh',
        charge: 0.0579004,
        uomFrom: null,
        uomTo: null,
      },
    ],
    chargesEffectiveDate: '2024-10-01',
    source:
      'AEP Texas Tariff for Retail Delivery Service, North Division, Residential Service (rate schedules ' +
      'effective 1 October 2024). ' +
      TX_SNAPSHOT +
      ' The 8th prefix digit (9) follows common AEP North ESIIDs; the 1020404 part is the ERCOT-published ' +
      'TDSP code. ' +
      TX_RESCISSION,
  },
  {
    code: 'TNMP',
    name: 'TNMP',
    formalName: 'Texas-New Mexico Power Company',
    commodity: 'Electric',
    stateCode: 'TX',
    isoOrMarket: 'ERCOT',
    ldcLabel: 'ESIID',
    ldcPrefix: '10400511',
    ldcLength: 17,
    ldcOnlyNumbers: true,
    ldcMask: '99999999999999999',
    sampleBillLabel:
      'ESI ID, printed with the service address on the retail electric provider bill (17 digits, starts 1040051)',
    rescissionPeriodDays: 3,
    allowWeekendStartDates: true,
    deliveryCharges: [
      {
        name: 'Customer and metering charges',
        nameEs: 'Cargos por cliente y medición',
        type: 'monthly',
        charge: 7.85,
        uomFrom: null,
        uomTo: null,
      },
      {
        name: 'Delivery charges (distribution, transmission and riders)',
        nameEs: 'Cargos de entrega (distribución, transmisión y cargos adicionales)',
        type: 'per_kwh',
        charge: 0.062927,
        uomFrom: null,
        uomTo: null,
      },
    ],
    chargesEffectiveDate: '2024-09-01',
    source:
      'TNMP Tariff for Retail Delivery Service, Rate Schedule 6.1.1.1 Residential Service. ' +
      TX_SNAPSHOT +
      ' The $7.85 monthly total has been stable since 2020 in every public summary found. The 8th prefix ' +
      'digit (1) follows common TNMP ESIIDs; the 1040051 part is the ERCOT-published TDSP code. ' +
      TX_RESCISSION,
  },
  {
    code: 'COH',
    name: 'Columbia Gas of Ohio',
    formalName: 'Columbia Gas of Ohio, Inc.',
    commodity: 'Gas',
    stateCode: 'OH',
    isoOrMarket: 'Ohio Choice',
    ldcLabel: 'Account Number',
    ldcPrefix: null,
    ldcLength: 11,
    ldcOnlyNumbers: true,
    ldcMask: '99999999-999',
    sampleBillLabel: 'Account Number, top right of the first page of the Columbia Gas bill',
    rescissionPeriodDays: 7,
    allowWeekendStartDates: false,
    deliveryCharges: [
      {
        name: 'Customer charge (base distribution)',
        nameEs: 'Cargo por cliente (distribución base)',
        type: 'monthly',
        charge: 38.94,
        uomFrom: null,
        uomTo: null,
      },
      {
        name: 'Infrastructure Replacement Program rider',
        nameEs: 'Cargo adicional del Programa de Reemplazo de Infraestructura',
        type: 'monthly',
        charge: 5.35,
        uomFrom: null,
        uomTo: null,
      },
      {
        name: 'Capital Expenditure Program rider',
        nameEs: 'Cargo adicional del Programa de Inversión de Capital',
        type: 'monthly',
        charge: 6.15,
        uomFrom: null,
        uomTo: null,
      },
    ],
    chargesEffectiveDate: '2025-05-01',
    source:
      'PUCO Case 21-0637-GA-AIR (settlement approved 26 January 2023), Small General Service residential ' +
      'rate, which is straight-fixed-variable: all distribution cost is in fixed monthly charges and there is ' +
      'no per-Ccf distribution charge. The IRP and CEP figures are the 2025 monthly caps set by the ' +
      'settlement (confirmed from the PUCO announcement); the actual 2025 rider rates may be lower. The base ' +
      'customer charge is NOT confirmed: it is derived as the $56.15 total fixed charge the settlement ' +
      'reaches by 2028 less the 2027 IRP and CEP caps. Effective date is approximate (annual rider update). ' +
      'Account number length and mask are best knowledge, not confirmed. ' +
      OH_RESCISSION,
  },
  {
    code: 'EGO',
    name: 'Enbridge Gas Ohio',
    formalName: 'The East Ohio Gas Company d/b/a Enbridge Gas Ohio (formerly Dominion Energy Ohio)',
    commodity: 'Gas',
    stateCode: 'OH',
    isoOrMarket: 'Ohio Choice',
    ldcLabel: 'Account Number',
    ldcPrefix: null,
    ldcLength: 13,
    ldcOnlyNumbers: true,
    ldcMask: '9999999999999',
    sampleBillLabel: 'Account Number, top of the first page of the Enbridge Gas Ohio bill',
    rescissionPeriodDays: 7,
    allowWeekendStartDates: false,
    deliveryCharges: [
      {
        name: 'Basic service charge (incl. pipeline infrastructure replacement and capital riders)',
        nameEs:
          'Cargo por servicio básico (incluye cargos adicionales por reemplazo de infraestructura de tuberías y de capital)',
        type: 'monthly',
        charge: 43.3,
        uomFrom: null,
        uomTo: null,
      },
      {
        name: 'Usage-based transportation charge',
        nameEs: 'Cargo de transporte según el consumo',
        type: 'per_ccf',
        charge: 0.06297,
        uomFrom: null,
        uomTo: null,
      },
    ],
    chargesEffectiveDate: '2023-11-01',
    source:
      'General Sales / Energy Choice Transportation Service residential rates of the Dominion Energy Ohio ' +
      'tariff. The $43.30 typical residential basic service charge (fixed charge plus PIR and CEP riders) is ' +
      'the figure the company published with its October 2023 rate application (PUCO Case 23-0894-GA-AIR); ' +
      'the outcome of that case, which proposed about $56 from 2025, was not confirmed, so these are the ' +
      'pre-case charges. The usage-based charge is $0.6297 per Mcf (the company bills in Mcf) as reported for ' +
      'December 2020, converted to $/Ccf; it is dated and not confirmed for 2023-2025. Account number length ' +
      'and mask are best knowledge, not confirmed. ' +
      OH_RESCISSION,
  },
  {
    code: 'DUKE_OH_E',
    name: 'Duke Energy Ohio (electric)',
    formalName: 'Duke Energy Ohio, Inc.',
    commodity: 'Electric',
    stateCode: 'OH',
    isoOrMarket: 'Ohio Choice',
    ldcLabel: 'Account Number',
    ldcPrefix: null,
    ldcLength: 12,
    ldcOnlyNumbers: true,
    ldcMask: '9999 9999 9999',
    sampleBillLabel: 'Account Number, top right of the first page of the Duke Energy bill',
    rescissionPeriodDays: 7,
    allowWeekendStartDates: false,
    deliveryCharges: [
      {
        name: 'Customer charge',
        nameEs: 'Cargo por cliente',
        type: 'monthly',
        charge: 7,
        uomFrom: null,
        uomTo: null,
      },
      {
        name: 'Distribution charge',
        nameEs: 'Cargo de distribución',
        type: 'per_kwh',
        charge: 0.0381,
        uomFrom: null,
        uomTo: null,
      },
    ],
    chargesEffectiveDate: '2024-06-01',
    source:
      'Duke Energy Ohio electric tariff, Rate RS Residential Service: customer charge and distribution energy ' +
      'charge with riders folded into one per-kWh figure. Both figures are best estimates, not confirmed ' +
      'against the current PUCO tariff sheet; the generation price (Standard Service Offer) is not a ' +
      'delivery charge and is not included. ' +
      OH_RESCISSION,
  },
  {
    code: 'DUKE_OH',
    name: 'Duke Energy Ohio',
    formalName: 'Duke Energy Ohio, Inc.',
    commodity: 'Gas',
    stateCode: 'OH',
    isoOrMarket: 'Ohio Choice',
    ldcLabel: 'Account Number',
    ldcPrefix: null,
    ldcLength: 12,
    ldcOnlyNumbers: true,
    ldcMask: '9999 9999 9999',
    sampleBillLabel: 'Account Number, top right of the first page of the Duke Energy bill',
    rescissionPeriodDays: 7,
    allowWeekendStartDates: false,
    deliveryCharges: [
      {
        name: 'Customer charge',
        nameEs: 'Cargo por cliente',
        type: 'monthly',
        charge: 31,
        uomFrom: null,
        uomTo: null,
      },
      {
        name: 'Distribution (base rate) charge',
        nameEs: 'Cargo de distribución (tarifa base)',
        type: 'per_ccf',
        charge: 0.041,
        uomFrom: null,
        uomTo: null,
      },
    ],
    chargesEffectiveDate: '2023-01-01',
    source:
      'Duke Energy Ohio gas tariff, Rate RS Residential Service (levelized straight-fixed-variable design). ' +
      'The $31 monthly fixed charge is the level the Ohio Consumers\u2019 Counsel reported as current in early ' +
      '2023, before PUCO Case 22-0507-GA-AIR (Duke asked for $43; the approved figure was not confirmed). The ' +
      'per-Ccf delivery charge of 4.1 cents is the level set by the 2008 rate case and is NOT confirmed as ' +
      'current. Both figures are best estimates. Account number length (12-digit account numbers) and mask are ' +
      'best knowledge, not confirmed. ' +
      OH_RESCISSION,
  },
  {
    code: 'CNP_OH',
    name: 'CenterPoint Energy Ohio',
    formalName: 'Vectren Energy Delivery of Ohio, LLC d/b/a CenterPoint Energy Ohio',
    commodity: 'Gas',
    stateCode: 'OH',
    isoOrMarket: 'Ohio Choice',
    ldcLabel: 'Account Number',
    ldcPrefix: null,
    ldcLength: 10,
    ldcOnlyNumbers: true,
    ldcMask: '9999999999',
    sampleBillLabel: 'Account Number, top of the first page of the CenterPoint Energy bill',
    rescissionPeriodDays: 7,
    allowWeekendStartDates: false,
    deliveryCharges: [
      {
        name: 'Customer charge (incl. distribution replacement rider)',
        nameEs: 'Cargo por cliente (incluye cargo adicional por reemplazo de distribución)',
        type: 'monthly',
        charge: 33,
        uomFrom: null,
        uomTo: null,
      },
      {
        name: 'Distribution charge',
        nameEs: 'Cargo de distribución',
        type: 'per_ccf',
        charge: 0.05,
        uomFrom: null,
        uomTo: null,
      },
    ],
    chargesEffectiveDate: '2019-09-01',
    source:
      'Vectren Energy Delivery of Ohio / CenterPoint Energy Ohio gas tariff, Rate 310/315 Residential ' +
      'Default Sales and Transportation Service, rates from PUCO Case 18-0298-GA-AIR (order of 28 August ' +
      '2019, effective about 1 September 2019). NEITHER figure was confirmed from the tariff: both are ' +
      'rounded estimates from best knowledge, seeded so the utility has a realistic shape. A 2025 rate case ' +
      '(settlement reported July 2025, about +$12/month) is not reflected. Account number length and mask are ' +
      'best knowledge, not confirmed. ' +
      OH_RESCISSION,
  },
  {
    code: 'AGL',
    name: 'Atlanta Gas Light',
    formalName: 'Atlanta Gas Light Company',
    commodity: 'Gas',
    stateCode: 'GA',
    isoOrMarket: 'Georgia Natural Gas Marketers',
    ldcLabel: 'AGL Account Number',
    ldcPrefix: null,
    ldcLength: 10,
    ldcOnlyNumbers: true,
    ldcMask: '9999999999',
    sampleBillLabel: 'AGL Account Number, in the account summary of the gas marketer bill',
    rescissionPeriodDays: 3,
    allowWeekendStartDates: false,
    deliveryCharges: [
      {
        name: 'Customer charge',
        nameEs: 'Cargo por cliente',
        type: 'monthly',
        charge: 20,
        uomFrom: null,
        uomTo: null,
      },
    ],
    chargesEffectiveDate: '2020-01-01',
    source:
      'Atlanta Gas Light tariff, residential base charge, as described by the Georgia Public Service ' +
      'Commission consumer guide (customer charge $20.00 per month per residential meter; the guide is ' +
      'undated, the effective date is an estimate tied to the rate case approved December 2019). The rest of ' +
      'the AGL base charge is the Dedicated Design Day Capacity (DDDC) charge, billed per therm of the ' +
      "customer's own DDDC factor with a seasonal monthly allocation; it is not a per-therm-of-usage charge, " +
      'cannot be expressed with the charge types here, and is not seeded. AGL has no volumetric distribution ' +
      'charge for residential customers. Account number length is best knowledge, not confirmed. ' +
      GA_RESCISSION,
  },
] as const satisfies readonly UtilityRow[];

/** The seeded utility codes, as a union type. */
export type UtilityCode = (typeof UTILITY_ROWS)[number]['code'];

export const UTILITIES: readonly UtilityRow[] = UTILITY_ROWS;
