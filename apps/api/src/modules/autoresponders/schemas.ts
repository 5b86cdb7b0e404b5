import { Type } from 'typebox';
import { Id, Nullable } from '../../http/schemas.js';

const Subject = Type.String({
  minLength: 1,
  maxLength: 300,
  description: 'The email subject; may hold {{variable}} placeholders.',
});
const Body = Type.String({
  minLength: 1,
  maxLength: 20_000,
  description: 'The plain-text body; {{variable}} placeholders, blank lines separate paragraphs.',
});
const Trigger = Type.String({
  minLength: 1,
  maxLength: 100,
  description:
    'The trigger key, e.g. enrollment.status.PENDING, payment.received, prospect.status.Contract_Sent.',
});

export const TemplateIdParams = Type.Object({ templateId: Id('The template (id_template).') });

export const AutoresponderTemplate = Type.Object(
  {
    id_template: Type.Integer(),
    id_package: Type.Integer(),
    trigger: Type.String(),
    subject: Type.String(),
    body: Type.String(),
    active: Type.Boolean(),
    variables: Type.Array(Type.String(), { description: 'The replacement variables the template uses.' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { title: 'AutoresponderTemplate' },
);

export const AutoresponderPackage = Type.Object(
  {
    id_package: Type.Integer(),
    name: Type.String(),
    active: Type.Boolean(),
    id_brand: Type.Integer(),
    brand: Type.String(),
    id_language: Type.Integer(),
    language: Type.String({ description: 'The language short name, e.g. en, es.' }),
    id_customer_type: Type.Integer(),
    customer_type: Type.String(),
    templates: Type.Array(AutoresponderTemplate),
  },
  { title: 'AutoresponderPackage' },
);

export const CreateTemplateBody = Type.Object({
  id_package: Id('The package the template belongs to.'),
  trigger: Trigger,
  subject: Subject,
  body: Body,
  active: Type.Optional(Type.Boolean({ default: true })),
});

export const UpdateTemplateBody = Type.Object({
  trigger: Type.Optional(Trigger),
  subject: Type.Optional(Subject),
  body: Type.Optional(Body),
  active: Type.Optional(Type.Boolean()),
});

export const TemplatePreview = Type.Object(
  {
    id_template: Type.Integer(),
    trigger: Type.String(),
    subject: Type.String(),
    body: Type.String(),
    html: Type.String({ description: 'The HTML part, as the email carries it.' }),
    missing_variables: Type.Array(Type.String()),
  },
  { title: 'AutoresponderPreview' },
);

export const SendsQuery = Type.Object({
  templateId: Type.Optional(Id('Only the sends of this template.')),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'Newest first.' }),
  ),
});

export const AutoresponderSend = Type.Object(
  {
    id_send: Type.Integer(),
    id_template: Type.Integer(),
    trigger: Type.String(),
    source_key: Type.String({
      description: 'The event: notification:<notification source key> or prospect:<id>:<status>.',
    }),
    id_customer: Nullable(Type.Integer()),
    id_enrollment: Nullable(Type.Integer()),
    id_prospect: Nullable(Type.Integer()),
    status: Type.Union([Type.Literal('queued'), Type.Literal('no_recipient')], {
      description:
        'queued: the email is in the mail outbox; no_recipient: no email address, nothing was sent.',
    }),
    recipient: Nullable(Type.String({ description: 'The recipient, masked.' })),
    subject: Type.String({ description: 'The rendered subject.' }),
    missing_variables: Type.Array(Type.String(), {
      description: 'Variables that had no value for this event and rendered empty.',
    }),
    id_outbox: Nullable(Type.Integer({ description: 'The mail outbox message.' })),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'AutoresponderSend' },
);
