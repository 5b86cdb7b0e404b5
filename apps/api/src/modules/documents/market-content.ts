import type { DocumentModel } from '../../pdf/render.js';
import { type BrandFacts, contactSection, issued, type Language } from './content.js';

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

export function marketDocumentModel(
  docType: string,
  brand: BrandFacts,
  stateCode: string,
  lang: Language,
  issuedOn: string,
): DocumentModel {
  const text = MARKET_TEXT[docType]?.[lang] ?? MARKET_TEXT.PRIVACY![lang];
  return {
    title: text.title,
    subtitle: `${brand.name} · ${stateCode} · ${issued(lang, issuedOn)}`,
    author: brand.legal_name,
    sections: [{ heading: text.title, paragraphs: text.paragraphs }, contactSection(brand, lang)],
    footer: `${brand.name} · ${text.title}`,
  };
}
