import type { DocumentModel } from '../../pdf/render.js';

export type Language = 'en' | 'es';

export interface PlanFacts {
  name: string;
  description: string;
  commodity_name: string;
  rate_type: string;
  rate: number;
  rate_unit: string;
  monthly_fee: number;
  cancellation_fee: number;
  term: number;
  renewable_percent: number;
  rate500: number | null;
  rate1000: number | null;
  rate2000: number | null;
  early_termination_text: string;
  terms_text: string;
  time_of_use_rates: Array<{
    name: string;
    season: string;
    start_hour: number;
    end_hour: number;
    days: string;
    rate: number;
  }>;
  delivery_charges: Array<{ name: string; type: string; charge: number; translations: { es: string } }>;
  general_rules: {
    required_credit_check: boolean;
    required_deposit_fee: number;
    deposit_required_under_score: number;
  };
  recurring_billing_required: boolean;
}

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

const T = {
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
    contact: 'Contact',
    contactText: (b: BrandFacts) =>
      `${b.legal_name}, ${b.phone}, ${b.email}, ${b.url}. ${b.office_hours}. ${b.license_number}.`,
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
    contact: 'Contacto',
    contactText: (b: BrandFacts) =>
      `${b.legal_name}, ${b.phone}, ${b.email}, ${b.url}. ${b.office_hours}. ${b.license_number}.`,
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

const money = (dollars: number) => `$${dollars.toFixed(2)}`;
const cents = (value: number, unit: string) =>
  `${value.toFixed(4).replace(/0+$/, '').replace(/\.$/, '')}¢/${unit}`;
const termText = (term: number, lang: Language) =>
  term <= 1 ? T[lang].monthToMonth : `${term} ${T[lang].months}`;
const chargeName = (c: PlanFacts['delivery_charges'][number], lang: Language) =>
  lang === 'es' ? c.translations.es : c.name;
const chargeValue = (c: PlanFacts['delivery_charges'][number], lang: Language) =>
  c.type === 'monthly'
    ? `${money(c.charge)} ${T[lang].perMonth}`
    : cents(c.charge * 100, c.type.replace('per_', ''));

function issued(lang: Language) {
  return `${T[lang].issued} ${new Date().toISOString().slice(0, 10)}`;
}

export function eflModel(
  plan: PlanFacts,
  brand: BrandFacts,
  utility: UtilityFacts,
  lang: Language,
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
    { heading: t.contact, paragraphs: [t.contactText(brand)] },
  );
  return {
    title: `${t.efl}: ${plan.name}`,
    subtitle: `${brand.name} · ${utility.name} · ${issued(lang)}`,
    author: brand.legal_name,
    sections,
    footer: `${brand.name} · ${t.efl}`,
  };
}

export function gasDisclosureModel(
  plan: PlanFacts,
  brand: BrandFacts,
  utility: UtilityFacts,
  lang: Language,
): DocumentModel {
  const t = T[lang];
  return {
    title: `${t.gas}: ${plan.name}`,
    subtitle: `${brand.name} · ${utility.name} · ${issued(lang)}`,
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
      { heading: t.contact, paragraphs: [t.contactText(brand)] },
    ],
    footer: `${brand.name} · ${t.gas}`,
  };
}

export function termsModel(
  plan: PlanFacts,
  brand: BrandFacts,
  utility: UtilityFacts,
  lang: Language,
): DocumentModel {
  const t = T[lang];
  const s = t.sections;
  const en = lang === 'en';
  const credit = plan.general_rules.required_credit_check
    ? en
      ? `We check your credit when you enroll. A score below ${plan.general_rules.deposit_required_under_score} requires a deposit of ${money(plan.general_rules.required_deposit_fee)}, refunded with interest on your final bill or after twelve on-time payments.`
      : `Revisamos su crédito al inscribirse. Un puntaje menor de ${plan.general_rules.deposit_required_under_score} requiere un depósito de ${money(plan.general_rules.required_deposit_fee)}, reembolsable con intereses en su factura final o tras doce pagos puntuales.`
    : en
      ? 'This plan has no credit check and no deposit.'
      : 'Este plan no requiere revisión de crédito ni depósito.';
  return {
    title: `${t.tos}: ${plan.name}`,
    subtitle: `${brand.legal_name} · ${utility.name} · ${issued(lang)}`,
    author: brand.legal_name,
    sections: [
      {
        heading: s.agreement,
        paragraphs: [
          en
            ? `These terms are the agreement between you and ${brand.legal_name} (${brand.license_number}) for ${plan.commodity_name.toLowerCase()} supply at your service address, delivered by ${utility.name}. ${plan.description}`
            : `Estos términos son el acuerdo entre usted y ${brand.legal_name} (${brand.license_number}) para el suministro de ${plan.commodity_name === 'Electric' ? 'electricidad' : 'gas natural'} en su dirección de servicio, entregado por ${utility.name}.`,
        ],
      },
      {
        heading: s.price,
        paragraphs: [
          en
            ? `${plan.rate_type} price: energy charge ${cents(plan.rate, plan.rate_unit)} and base charge ${money(plan.monthly_fee)} a month, plus the utility's delivery charges and applicable taxes. ${plan.terms_text}`
            : `Precio ${plan.rate_type}: cargo por energía ${cents(plan.rate, plan.rate_unit)} y cargo base de ${money(plan.monthly_fee)} al mes, más los cargos de entrega de la empresa de servicios públicos e impuestos aplicables.`,
        ],
      },
      {
        heading: s.term,
        paragraphs: [
          en
            ? `Term: ${termText(plan.term, lang)}. We write to you before your contract ends with your renewal options; if you do nothing, service continues month to month at our then-current variable price.`
            : `Plazo: ${termText(plan.term, lang)}. Le escribiremos antes de que termine su contrato con sus opciones de renovación; si no hace nada, el servicio continúa mes a mes a nuestro precio variable vigente.`,
        ],
      },
      {
        heading: s.cancel,
        paragraphs: [
          en
            ? `You may cancel within ${utility.rescission_period} days of receiving these terms without a fee. ${plan.early_termination_text}`
            : `Puede cancelar sin cargo dentro de los ${utility.rescission_period} días siguientes a recibir estos términos. ${plan.cancellation_fee > 0 ? `Cargo por cancelación anticipada: ${money(plan.cancellation_fee)}, salvo si se muda.` : 'Sin cargo por cancelación anticipada.'}`,
        ],
      },
      { heading: s.credit, paragraphs: [credit] },
      {
        heading: s.billing,
        paragraphs: [
          en
            ? `Bills are due 16 days after they are issued, by email, letter or both, as you choose. ${plan.recurring_billing_required ? 'This plan requires automatic payment (autopay) from a card or bank account.' : 'You may pay by card, bank account or autopay.'}`
            : `Las facturas vencen 16 días después de su emisión, por correo electrónico, carta o ambos, según elija. ${plan.recurring_billing_required ? 'Este plan requiere pago automático con tarjeta o cuenta bancaria.' : 'Puede pagar con tarjeta, cuenta bancaria o pago automático.'}`,
        ],
      },
      { heading: t.contact, paragraphs: [t.contactText(brand)] },
    ],
    footer: `${brand.name} · ${t.tos}`,
  };
}

const MARKET_TEXT: Record<string, Record<Language, { title: string; paragraphs: string[] }>> = {
  YRAC: {
    en: {
      title: 'Your Rights as a Customer',
      paragraphs: [
        'The Public Utility Commission of Texas protects your rights as a retail electric customer. You may choose your retail electric provider, and no one may switch your service without your authorization.',
        'You have the right to receive your Terms of Service, Electricity Facts Label and this statement of rights before you are enrolled, and to cancel a switch without penalty within three business days of receiving your Terms of Service.',
        'You have the right to a bill that is accurate and easy to read, to dispute a bill and not be disconnected while the dispute is investigated, to a deferred payment plan when you qualify, and to critical care protections if someone in your home depends on electric-powered medical equipment.',
        'You may file a complaint with us, and if we do not resolve it, with the Public Utility Commission of Texas Customer Protection Division.',
      ],
    },
    es: {
      title: 'Sus Derechos como Cliente',
      paragraphs: [
        'La Comisión de Servicios Públicos de Texas protege sus derechos como cliente de electricidad. Usted puede elegir su proveedor de electricidad y nadie puede cambiar su servicio sin su autorización.',
        'Tiene derecho a recibir sus Términos de Servicio, la Etiqueta de Datos de Electricidad y esta declaración de derechos antes de su inscripción, y a cancelar un cambio sin penalidad dentro de los tres días hábiles siguientes a recibir sus Términos de Servicio.',
        'Tiene derecho a una factura exacta y fácil de leer, a disputar una factura sin que se le desconecte mientras se investiga, a un plan de pago diferido si califica y a protecciones de cuidado crítico si alguien en su hogar depende de equipo médico eléctrico.',
        'Puede presentar una queja ante nosotros y, si no la resolvemos, ante la División de Protección al Cliente de la Comisión de Servicios Públicos de Texas.',
      ],
    },
  },
  CUSTOMER_RIGHTS: {
    en: {
      title: 'Customer Rights and Contract Summary',
      paragraphs: [
        'You may choose your natural gas or electric supplier; your utility still delivers the energy, reads your meter and responds to emergencies, whoever your supplier is.',
        'You may rescind a new contract within the rescission period stated in your Terms of Service without a fee. Your supplier must tell you in writing before your contract ends and before any change in price or terms.',
        'You have the right to an accurate bill, to dispute a charge, and to file a complaint with your state utility commission (the Public Utilities Commission of Ohio or the Georgia Public Service Commission) if we do not resolve it.',
      ],
    },
    es: {
      title: 'Derechos del Cliente y Resumen del Contrato',
      paragraphs: [
        'Usted puede elegir su proveedor de gas natural o electricidad; su empresa de servicios públicos sigue entregando la energía, leyendo su medidor y atendiendo emergencias, sea cual sea su proveedor.',
        'Puede rescindir un contrato nuevo sin cargo dentro del periodo indicado en sus Términos de Servicio. Su proveedor debe avisarle por escrito antes de que termine su contrato y antes de cualquier cambio de precio o términos.',
        'Tiene derecho a una factura exacta, a disputar un cargo y a presentar una queja ante la comisión de servicios públicos de su estado si no la resolvemos.',
      ],
    },
  },
  PRIVACY: {
    en: {
      title: 'Privacy Policy',
      paragraphs: [
        'We collect the information we need to enroll, serve and bill you: your name, contact details, service address, utility account number, and for a credit check your social security number or date of birth.',
        'We encrypt sensitive personal information when we store it, never keep card numbers (our payment gateway holds them), and share your information only with your utility, the credit bureau, our payment gateway and billing providers, or when the law requires it.',
        'You may ask what we hold about you, correct it, and opt out of marketing at any time.',
      ],
    },
    es: {
      title: 'Política de Privacidad',
      paragraphs: [
        'Recopilamos la información necesaria para inscribirlo, atenderlo y facturarle: su nombre, datos de contacto, dirección de servicio, número de cuenta de la empresa de servicios públicos y, para la revisión de crédito, su número de seguro social o fecha de nacimiento.',
        'Ciframos la información personal sensible al guardarla, nunca guardamos números de tarjeta (los guarda nuestra pasarela de pago) y compartimos su información solo con su empresa de servicios públicos, la agencia de crédito, nuestra pasarela de pago y proveedores de facturación, o cuando la ley lo exige.',
        'Puede pedir qué información tenemos sobre usted, corregirla y dejar de recibir publicidad en cualquier momento.',
      ],
    },
  },
};

export const MARKET_DOCUMENT_TYPES = Object.keys(MARKET_TEXT);

export function marketDocumentModel(
  docType: string,
  brand: BrandFacts,
  stateCode: string,
  lang: Language,
): DocumentModel {
  const text = MARKET_TEXT[docType]?.[lang] ?? MARKET_TEXT.PRIVACY![lang];
  return {
    title: text.title,
    subtitle: `${brand.name} · ${stateCode} · ${issued(lang)}`,
    author: brand.legal_name,
    sections: [
      { heading: text.title, paragraphs: text.paragraphs },
      { heading: T[lang].contact, paragraphs: [T[lang].contactText(brand)] },
    ],
    footer: `${brand.name} · ${text.title}`,
  };
}
