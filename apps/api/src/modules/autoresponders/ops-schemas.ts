import { Type } from 'typebox';
import { PagingQuery } from '../../http/envelope.js';
import { Id, Nullable } from '../../http/schemas.js';

const PackageName = Type.String({ minLength: 1, maxLength: 100, description: 'The package name staff see.' });

export const PackageIdParams = Type.Object({ packageId: Id('The package (id_package).') });

export const CreatePackageBody = Type.Object({
  name: PackageName,
  id_brand: Id('The brand the emails speak for.'),
  id_language: Id('The language of the emails; customers preferring it get this package.'),
  id_customer_type: Id('The customer type (residential, business) the package is for.'),
  active: Type.Optional(Type.Boolean({ default: true })),
});

export const UpdatePackageBody = Type.Object({
  name: Type.Optional(PackageName),
  active: Type.Optional(Type.Boolean({ description: 'An inactive package sends nothing.' })),
});

const Channel = Type.Union([Type.Literal('mail'), Type.Literal('in-app')]);

export const AutoresponderCatalogue = Type.Object(
  {
    triggers: Type.Array(
      Type.Object({
        key: Type.String(),
        source: Type.String({ description: 'enrollment, payment, statement or prospect.' }),
        fires: Type.String({ description: 'When it fires, in words.' }),
        recipient: Type.String({ description: 'Who receives the message.' }),
        channels: Type.Array(Channel, {
          description: 'mail: the email; in-app: the notification the customer sees in My Account.',
        }),
        variables: Type.Array(Type.String(), { description: 'The replacement variables it provides.' }),
      }),
    ),
    variables: Type.Array(
      Type.Object({
        name: Type.String(),
        description: Type.String(),
        example: Type.String(),
        sources: Type.Array(Type.String()),
      }),
    ),
  },
  { title: 'AutoresponderCatalogue' },
);

export const PreviewBody = Type.Object({
  id_enrollment: Type.Optional(
    Id('A sample enrollment of the company: its customer, plan and brand fill the variables.'),
  ),
});

export const TestMessageBody = Type.Object({
  to: Type.String({ format: 'email', maxLength: 254, description: 'Where to send the test message.' }),
});

export const TestMessageSent = Type.Object(
  {
    id_outbox: Type.Integer({ description: 'The message in the mail outbox.' }),
    recipient: Type.String({ description: 'The address, masked.' }),
    subject: Type.String(),
  },
  { title: 'AutoresponderTestMessage' },
);

const MailStatus = Type.Union(
  [
    Type.Literal('queued'),
    Type.Literal('sent'),
    Type.Literal('failed'),
    Type.Literal('bounced'),
    Type.Literal('suppressed'),
  ],
  {
    description:
      'queued, sent, failed (retried until its attempts run out), bounced, suppressed (bounced before).',
  },
);

export const OutboxQuery = Type.Object({
  ...PagingQuery.properties,
  status: Type.Optional(MailStatus),
});

export const OutboxMail = Type.Object(
  {
    id_outbox: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    sent_at: Nullable(Type.String({ format: 'date-time' })),
    status: MailStatus,
    recipient: Type.String({ description: 'The address, masked.' }),
    subject: Type.String(),
    template: Type.String({
      description: 'What the message was rendered from, e.g. autoresponder:payment.received.',
    }),
    attempts: Type.Integer(),
    max_attempts: Type.Integer({
      description: 'After this many failed attempts the message is not retried.',
    }),
    last_error: Nullable(Type.String({ description: "The last server's refusal, addresses masked." })),
    next_attempt_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When a failed message is tried again; null when it is not.',
      }),
    ),
  },
  { title: 'OutboxMail' },
);

export const MailBounce = Type.Object(
  {
    address: Type.String({ description: 'The bounced address, masked; mail to it is suppressed.' }),
    bounced_at: Type.String({ format: 'date-time' }),
    reply: Type.String({ description: "The server's reply." }),
  },
  { title: 'MailBounce' },
);
