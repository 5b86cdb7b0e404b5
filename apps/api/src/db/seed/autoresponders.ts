import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';

interface SeedTemplate {
  trigger: string;
  subject: string;
  body: string;
}

const ENGLISH: SeedTemplate[] = [
  {
    trigger: 'enrollment.status.PENDING',
    subject: 'Welcome to {{brand_name}}, {{customer_first_name}}!',
    body: `Hello {{customer_first_name}},

Thank you for choosing {{brand_name}}. Your enrollment {{enrollment_id}} for {{service_address}} (ESIID {{esiid}}) is confirmed on the {{plan_name}} plan: {{plan_rate}} for {{plan_term}} months.

Service is scheduled to start on {{enrollment_start_date}}. We will email you again when it starts.

Questions? Call us at {{brand_phone}} or visit {{brand_url}}.`,
  },
  {
    trigger: 'enrollment.status.ON_HOLD_DEPOSIT_PENDING',
    subject: 'A deposit of {{amount}} is due for enrollment {{enrollment_id}}',
    body: `Hello {{customer_first_name}},

Your enrollment {{enrollment_id}} for {{service_address}} needs a deposit of {{amount}} before we can send it to your utility.

Pay it on {{brand_my_account_url}} or call us at {{brand_phone}}.`,
  },
  {
    trigger: 'enrollment.status.ACTIVE',
    subject: 'Your {{brand_name}} service has started',
    body: `Hello {{customer_first_name}},

Service at {{service_address}} started on {{enrollment_start_date}} on the {{plan_name}} plan. Your first statement follows after your first meter read.

See your usage and statements on {{brand_my_account_url}}.`,
  },
  {
    trigger: 'payment.received',
    subject: 'We received your {{payment_kind}} of {{amount}}',
    body: `Hello {{customer_first_name}},

Thank you: your {{payment_kind}} of {{amount}} for enrollment {{enrollment_id}} was received on {{payment_date}}.

{{brand_name}} · {{brand_phone}}`,
  },
  {
    trigger: 'payment.failed',
    subject: 'Your {{payment_kind}} of {{amount}} did not go through',
    body: `Hello {{customer_first_name}},

Your {{payment_kind}} of {{amount}} for enrollment {{enrollment_id}} was declined on {{payment_date}}. Please pay with another card or bank account on {{brand_my_account_url}}.

Need help? Call {{brand_phone}}.`,
  },
  {
    trigger: 'statement.ready',
    subject: 'Your {{brand_name}} statement is ready',
    body: `Hello {{customer_first_name}},

Your statement of {{statement_date}} for {{service_address}} is ready: balance {{amount}}, due {{due_date}}.

View and pay it on {{brand_my_account_url}}.`,
  },
  {
    trigger: 'prospect.status.Contract_Sent',
    subject: 'Your {{brand_name}} contract is ready to sign',
    body: `Hello {{customer_first_name}},

Your contract for {{prospect_rate}} over {{prospect_term}} months, starting {{prospect_start_date}}, is on its way in a separate email from our signing service. Please sign it by {{prospect_expiration_date}}.

Questions? Call {{brand_phone}}.`,
  },
];

const SPANISH: SeedTemplate[] = [
  {
    trigger: 'enrollment.status.PENDING',
    subject: '¡Bienvenido a {{brand_name}}, {{customer_first_name}}!',
    body: `Hola {{customer_first_name}}:

Gracias por elegir {{brand_name}}. Su inscripción {{enrollment_id}} para {{service_address}} (ESIID {{esiid}}) está confirmada en el plan {{plan_name}}: {{plan_rate}} por {{plan_term}} meses.

El servicio comenzará el {{enrollment_start_date}}. Le escribiremos de nuevo cuando comience.

¿Preguntas? Llámenos al {{brand_phone}} o visite {{brand_url}}.`,
  },
  {
    trigger: 'enrollment.status.ON_HOLD_DEPOSIT_PENDING',
    subject: 'Se requiere un depósito de {{amount}} para la inscripción {{enrollment_id}}',
    body: `Hola {{customer_first_name}}:

Su inscripción {{enrollment_id}} para {{service_address}} requiere un depósito de {{amount}} antes de enviarla a su compañía de servicios.

Páguelo en {{brand_my_account_url}} o llámenos al {{brand_phone}}.`,
  },
  {
    trigger: 'enrollment.status.ACTIVE',
    subject: 'Su servicio de {{brand_name}} ha comenzado',
    body: `Hola {{customer_first_name}}:

El servicio en {{service_address}} comenzó el {{enrollment_start_date}} en el plan {{plan_name}}. Su primer estado de cuenta llegará después de la primera lectura del medidor.

Vea su consumo y sus estados de cuenta en {{brand_my_account_url}}.`,
  },
  {
    trigger: 'payment.received',
    subject: 'Recibimos su pago de {{amount}}',
    body: `Hola {{customer_first_name}}:

Gracias: su pago de {{amount}} para la inscripción {{enrollment_id}} se recibió el {{payment_date}}.

{{brand_name}} · {{brand_phone}}`,
  },
  {
    trigger: 'payment.failed',
    subject: 'Su pago de {{amount}} no se procesó',
    body: `Hola {{customer_first_name}}:

Su pago de {{amount}} para la inscripción {{enrollment_id}} fue rechazado el {{payment_date}}. Pague con otra tarjeta o cuenta bancaria en {{brand_my_account_url}}.

¿Necesita ayuda? Llame al {{brand_phone}}.`,
  },
  {
    trigger: 'statement.ready',
    subject: 'Su estado de cuenta de {{brand_name}} está listo',
    body: `Hola {{customer_first_name}}:

Su estado de cuenta del {{statement_date}} para {{service_address}} está listo: saldo {{amount}}, vence el {{due_date}}.

Véalo y páguelo en {{brand_my_account_url}}.`,
  },
  {
    trigger: 'prospect.status.Contract_Sent',
    subject: 'Su contrato de {{brand_name}} está listo para firmar',
    body: `Hola {{customer_first_name}}:

Su contrato a {{prospect_rate}} por {{prospect_term}} meses, a partir del {{prospect_start_date}}, le llegará en un correo aparte de nuestro servicio de firma. Fírmelo antes del {{prospect_expiration_date}}.

¿Preguntas? Llame al {{brand_phone}}.`,
  },
];

/** The sandbox brand's residential autoresponders, in English and Spanish. */
export async function seedSandboxAutoresponders(
  trx: Transaction<Database>,
  companyId: number,
  brandId: number,
  residentialTypeId: number,
): Promise<void> {
  const now = new Date().toISOString();
  const languages = await trx
    .selectFrom('languages')
    .select(['id', 'short_name'])
    .where('short_name', 'in', ['en', 'es'])
    .execute();
  for (const [shortName, name, templates] of [
    ['en', 'Bluebonnet Residential (English)', ENGLISH],
    ['es', 'Bluebonnet Residential (Español)', SPANISH],
  ] as const) {
    const language = languages.find((l) => l.short_name === shortName);
    if (!language) continue;
    const { id: packageId } = await trx
      .insertInto('autoresponder_packages')
      .values({
        company_id: companyId,
        brand_id: brandId,
        language_id: language.id,
        customer_type_id: residentialTypeId,
        name,
        active: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('autoresponder_templates')
      .values(
        templates.map((t) => ({
          package_id: packageId,
          trigger_key: t.trigger,
          subject: t.subject,
          body: t.body,
          active: 1 as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}
