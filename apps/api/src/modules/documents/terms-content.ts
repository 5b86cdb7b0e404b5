import type { DocumentModel } from '../../pdf/render.js';
import type { PlanWire } from '../plans/index.js';
import {
  type BrandFacts,
  cents,
  contactSection,
  issued,
  type Language,
  money,
  T,
  termText,
  type UtilityFacts,
} from './content.js';

export function termsModel(
  plan: PlanWire,
  brand: BrandFacts,
  utility: UtilityFacts,
  lang: Language,
  issuedOn: string,
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
    subtitle: `${brand.legal_name} · ${utility.name} · ${issued(lang, issuedOn)}`,
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
      contactSection(brand, lang),
    ],
    footer: `${brand.name} · ${t.tos}`,
  };
}
