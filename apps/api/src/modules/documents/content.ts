import { eflDerivation, usageShares } from '../../domain/efl.js';
import type { DocumentModel } from '../../pdf/render.js';
import type { PlanWire } from '../plans/index.js';

export type Language = 'en' | 'es';

export interface BrandFacts {
  name: string;
  legal_name: string;
  phone: string;
  email: string;
  url: string;
  license_number: string;
  office_hours: string;
}

export interface UtilityFacts {
  name: string;
  state_code: string;
  rescission_period: number;
}

/** The documents' labels, by language. */
export const T = {
  en: {
    efl: 'Electricity Facts Label',
    gas: 'Gas Price Disclosure',
    tos: 'Terms of Service',
    issued: 'Issued',
    avgUse: 'Average monthly use',
    avgPrice: 'Average price per kWh',
    price: 'Electricity price',
    components: 'Price components',
    energy: 'Energy charge',
    base: 'Base charge',
    perMonth: 'per month',
    delivery: 'Delivery charges from',
    passThrough: 'passed through without mark-up',
    disclosure: 'Disclosure chart',
    product: 'Type of product',
    term: 'Contract term',
    months: 'months',
    monthToMonth: 'month to month',
    etf: 'Cancellation / early termination fee',
    none: 'None',
    renewable: 'Renewable content',
    tou: 'Time-of-use periods',
    window: 'Period',
    season: 'Season',
    hours: 'Hours',
    days: 'Days',
    rateCol: 'Rate',
    averageNote:
      'The average price is the whole bill at that usage divided by the usage: energy, the base charge and the delivery charges. Your price depends on your usage; for time-of-use plans, also on when you use it.',
    gasPrice: 'Natural gas supply price',
    gasNote:
      'The utility delivers the gas, reads the meter and bills its own delivery charges, which are not part of this price.',
    utilityCharges: 'Utility delivery charges (for reference)',
    derivation: 'How the average prices are derived',
    derivationNote:
      'Each average price is the bill of a month at that usage, line by line, divided by the usage. Taxes and one-time fees are not included.',
    usageCol: 'Usage',
    lineCol: 'Charge',
    kwhCol: 'kWh',
    priceCol: 'Price',
    amountCol: 'Amount',
    outsidePeriods: 'hours outside the periods',
    total: 'Total bill',
    average: 'Average price (total ÷ kWh)',
    sharesNote: 'Share of the usage in each time-of-use period, by a typical Texas residential usage shape:',
    contact: 'Contact',
    sections: {
      agreement: 'Agreement',
      price: 'Your price',
      term: 'Term and renewal',
      cancel: 'Cancelling',
      credit: 'Credit and deposit',
      billing: 'Billing and payment',
      rights: 'Your rights',
    },
  },
  es: {
    efl: 'Etiqueta de Datos de Electricidad',
    gas: 'Declaración del Precio del Gas',
    tos: 'Términos de Servicio',
    issued: 'Emitida',
    avgUse: 'Consumo mensual promedio',
    avgPrice: 'Precio promedio por kWh',
    price: 'Precio de la electricidad',
    components: 'Componentes del precio',
    energy: 'Cargo por energía',
    base: 'Cargo base',
    perMonth: 'por mes',
    delivery: 'Cargos de entrega de',
    passThrough: 'trasladados sin recargo',
    disclosure: 'Cuadro de divulgación',
    product: 'Tipo de producto',
    term: 'Plazo del contrato',
    months: 'meses',
    monthToMonth: 'mes a mes',
    etf: 'Cargo por cancelación anticipada',
    none: 'Ninguno',
    renewable: 'Contenido renovable',
    tou: 'Periodos por horario de uso',
    window: 'Periodo',
    season: 'Temporada',
    hours: 'Horas',
    days: 'Días',
    rateCol: 'Tarifa',
    averageNote:
      'El precio promedio es la factura completa con ese consumo dividida entre el consumo: energía, cargo base y cargos de entrega. Su precio depende de su consumo y, en planes por horario de uso, de cuándo consume.',
    gasPrice: 'Precio del suministro de gas natural',
    gasNote:
      'La empresa de servicios públicos entrega el gas, lee el medidor y factura sus propios cargos de entrega, que no forman parte de este precio.',
    utilityCharges: 'Cargos de entrega de la empresa de servicios públicos (referencia)',
    derivation: 'Cómo se calculan los precios promedio',
    derivationNote:
      'Cada precio promedio es la factura de un mes con ese consumo, línea por línea, dividida entre el consumo. No incluye impuestos ni cargos únicos.',
    usageCol: 'Consumo',
    lineCol: 'Cargo',
    kwhCol: 'kWh',
    priceCol: 'Precio',
    amountCol: 'Importe',
    outsidePeriods: 'horas fuera de los periodos',
    total: 'Factura total',
    average: 'Precio promedio (total ÷ kWh)',
    sharesNote:
      'Parte del consumo en cada periodo por horario de uso, según un perfil típico de consumo residencial de Texas:',
    contact: 'Contacto',
    sections: {
      agreement: 'Acuerdo',
      price: 'Su precio',
      term: 'Plazo y renovación',
      cancel: 'Cancelación',
      credit: 'Crédito y depósito',
      billing: 'Facturación y pago',
      rights: 'Sus derechos',
    },
  },
} as const;

export const money = (dollars: number) => `$${dollars.toFixed(2)}`;
export const cents = (value: number, unit: string) =>
  `${value.toFixed(4).replace(/0+$/, '').replace(/\.$/, '')}¢/${unit}`;
export const termText = (term: number, lang: Language) =>
  term <= 1 ? T[lang].monthToMonth : `${term} ${T[lang].months}`;
const chargeName = (c: PlanWire['delivery_charges'][number], lang: Language) =>
  lang === 'es' ? c.translations.es : c.name;
const chargeValue = (c: PlanWire['delivery_charges'][number], lang: Language) =>
  c.type === 'monthly'
    ? `${money(c.charge)} ${T[lang].perMonth}`
    : cents(c.charge * 100, c.type.replace('per_', ''));

/** The day a document is rendered on (`YYYY-MM-DD`), in the document's language. */
export function issued(lang: Language, issuedOn: string) {
  return `${T[lang].issued} ${issuedOn}`;
}

/** Every document ends with how to reach the brand. */
export function contactSection(brand: BrandFacts, lang: Language) {
  // Names, numbers and hours read the same in every language.
  const line = `${brand.legal_name}, ${brand.phone}, ${brand.email}, ${brand.url}. ${brand.office_hours}. ${brand.license_number}.`;
  return { heading: T[lang].contact, paragraphs: [line] };
}

const kwhText = (kwh: number) => (Number.isInteger(kwh) ? kwh.toLocaleString('en-US') : kwh.toFixed(1));

/** The label's averages line by line, so a reviewer can check each one (domain/efl.ts computes them). */
function derivationSection(
  plan: PlanWire,
  utility: UtilityFacts,
  lang: Language,
): DocumentModel['sections'][number] {
  const t = T[lang];
  const priced = { ...plan, commodity: 'Electric', timeOfUse: plan.time_of_use_rates };
  const charges = plan.delivery_charges.map((c) => ({ ...c, name: chargeName(c, lang) }));
  const rows = (eflDerivation(priced, charges) ?? []).flatMap((tier) => [
    ...tier.lines.map((line) => [
      `${kwhText(tier.kwh)} kWh`,
      line.kind === 'energy'
        ? `${t.energy}${line.name ? `: ${line.name}` : plan.time_of_use_rates.length > 0 ? ` (${t.outsidePeriods})` : ''}`
        : line.kind === 'base'
          ? t.base
          : `${utility.name}: ${line.name ?? ''}`,
      line.kwh === null ? '' : kwhText(line.kwh),
      line.centsPerKwh === null ? `${money(line.dollars)} ${t.perMonth}` : cents(line.centsPerKwh, 'kWh'),
      money(line.dollars),
    ]),
    [`${kwhText(tier.kwh)} kWh`, t.total, '', '', `$${tier.totalDollars.toFixed(4)}`],
    [`${kwhText(tier.kwh)} kWh`, t.average, '', '', `${tier.averageCents.toFixed(4)}¢ → ${tier.shownCents}¢`],
  ]);
  const shares = plan.time_of_use_rates.length > 0 ? usageShares(priced) : [];
  return {
    heading: t.derivation,
    table: { columns: [t.usageCol, t.lineCol, t.kwhCol, t.priceCol, t.amountCol], rows },
    paragraphs: [
      t.derivationNote,
      ...(shares.length > 0
        ? [
            `${t.sharesNote} ${shares
              .map((part) => `${part.window ?? t.outsidePeriods} ${(part.share * 100).toFixed(2)}%`)
              .join(', ')}.`,
          ]
        : []),
    ],
  };
}

export function eflModel(
  plan: PlanWire,
  brand: BrandFacts,
  utility: UtilityFacts,
  lang: Language,
  issuedOn: string,
): DocumentModel {
  const t = T[lang];
  const sections: DocumentModel['sections'] = [
    {
      heading: t.price,
      table: {
        columns: [t.avgUse, '500 kWh', '1,000 kWh', '2,000 kWh'],
        rows: [
          [
            t.avgPrice,
            ...[plan.rate500, plan.rate1000, plan.rate2000].map((v) => (v === null ? '-' : `${v}¢`)),
          ],
        ],
      },
      paragraphs: [t.averageNote],
    },
    {
      heading: t.components,
      table: {
        columns: ['', ''],
        rows: [
          [t.energy, cents(plan.rate, 'kWh')],
          [t.base, `${money(plan.monthly_fee)} ${t.perMonth}`],
          ...plan.delivery_charges.map((c) => [
            `${t.delivery} ${utility.name}: ${chargeName(c, lang)} (${t.passThrough})`,
            chargeValue(c, lang),
          ]),
        ],
      },
    },
  ];
  if (plan.time_of_use_rates.length > 0) {
    sections.push({
      heading: t.tou,
      table: {
        columns: [t.window, t.season, t.hours, t.days, t.rateCol],
        rows: plan.time_of_use_rates.map((w) => [
          w.name,
          w.season,
          `${w.start_hour}:00-${w.end_hour}:00`,
          w.days,
          cents(w.rate, 'kWh'),
        ]),
      },
    });
  }
  sections.push(derivationSection(plan, utility, lang));
  sections.push(
    {
      heading: t.disclosure,
      table: {
        columns: ['', ''],
        rows: [
          [t.product, plan.rate_type],
          [t.term, termText(plan.term, lang)],
          [t.etf, plan.cancellation_fee > 0 ? money(plan.cancellation_fee) : t.none],
          [t.renewable, `${plan.renewable_percent}%`],
        ],
      },
      paragraphs: [plan.early_termination_text],
    },
    contactSection(brand, lang),
  );
  return {
    title: `${t.efl}: ${plan.name}`,
    subtitle: `${brand.name} · ${utility.name} · ${issued(lang, issuedOn)}`,
    author: brand.legal_name,
    sections,
    footer: `${brand.name} · ${t.efl}`,
  };
}

export function gasDisclosureModel(
  plan: PlanWire,
  brand: BrandFacts,
  utility: UtilityFacts,
  lang: Language,
  issuedOn: string,
): DocumentModel {
  const t = T[lang];
  return {
    title: `${t.gas}: ${plan.name}`,
    subtitle: `${brand.name} · ${utility.name} · ${issued(lang, issuedOn)}`,
    author: brand.legal_name,
    sections: [
      {
        heading: t.gasPrice,
        table: {
          columns: ['', ''],
          rows: [
            [t.energy, cents(plan.rate, plan.rate_unit)],
            [t.base, `${money(plan.monthly_fee)} ${t.perMonth}`],
            [t.product, plan.rate_type],
            [t.term, termText(plan.term, lang)],
            [t.etf, plan.cancellation_fee > 0 ? money(plan.cancellation_fee) : t.none],
          ],
        },
        paragraphs: [t.gasNote],
      },
      {
        heading: t.utilityCharges,
        table: {
          columns: ['', ''],
          rows: plan.delivery_charges.map((c) => [chargeName(c, lang), chargeValue(c, lang)]),
        },
      },
      contactSection(brand, lang),
    ],
    footer: `${brand.name} · ${t.gas}`,
  };
}
