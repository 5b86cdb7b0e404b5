import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PaymentMethodType, PaymentType } from '../../domain/charges.js';
import type { Clock } from '../../domain/clock.js';
import { sandboxGatewayFormPolicy } from '../../http/security-headers.js';
import { GatewayConfigurationError, type PaymentGateways } from './index.js';
import { cardTypeOf, isExpired, normalizeExpiry, passesAbaChecksum, passesLuhn } from './numbers.js';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type PaymentGateway,
  type PaymentMethodInput,
  type StoredPaymentProfile,
} from './port.js';
import {
  ACCOUNT_TYPES,
  endPage,
  type FieldName,
  type FormView,
  formPage,
  RESIZE_SCRIPT_HASH,
  STYLE_HASH,
} from './sandbox-form-html.js';
import {
  SANDBOX_FORM_LIFETIME_SECONDS,
  SANDBOX_FORM_PATHS,
  type SandboxForm,
  type SandboxHostedForms,
} from './sandbox-hosted-form.js';

/**
 * The sandbox gateway's hosted form, served by Voltin's public server in sandbox mode only (app.ts; a production
 * server has no route here and answers 404), and only for a company whose gateway is the sandbox. It behaves like
 * Authorize.Net's Accept Customer hosted form, so a site written for one works with the other:
 *
 * - `addUrl` and `editUrl` (from `hostedProfilePage`) are opened with the token posted as the form field `token` (or
 *   given as the query parameter `token`, as `paymentIframeUri` does); `editPayment` also takes `paymentProfileId`.
 * - The form saves through the company's sandbox gateway (`createPaymentProfile`, `updatePaymentProfile`), so its
 *   test values apply; a refusal shows on the form and nothing is saved.
 * - With an iframe communicator, the form loads it in a hidden frame with `#action=resizeWindow&width=W&height=H` on
 *   load, `#action=successfulSave` once saved and `#action=cancel` when cancelled; without one it shows "Saved".
 *
 * Numbers typed into it go to the gateway only: the page never writes them back, even beside an error.
 */

type Fields = Partial<Record<string, string>>;
type Errors = Partial<Record<FieldName, string>>;

interface Answer {
  status: number;
  html: string;
  /** The communicator of the form answered, which decides the page's policy. */
  communicatorUrl: string | null;
}

const METHODS: Record<PaymentType, PaymentMethodType[]> = {
  Both: ['CreditCard', 'BankAccount'],
  CreditCard: ['CreditCard'],
  BankAccount: ['BankAccount'],
};

/** The text fields of a request, from its query and its form (the form's win); anything else is ignored. */
function fieldsOf(request: FastifyRequest): Fields {
  const all = { ...(request.query as object), ...((request.body as object | undefined) ?? {}) };
  return Object.fromEntries(
    Object.entries(all).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

function nameError(name: string, max: number, what: string): string | undefined {
  if (!name) return `Enter the ${what}.`;
  return name.length > max ? `Use at most ${max} characters.` : undefined;
}

/**
 * A submitted section read into the gateway's method, or what is wrong with each field: checked before anything is
 * sent, as Authorize.Net's form checks in the browser, with the same checks the gateway makes (numbers.ts).
 */
function readSection(
  type: PaymentMethodType,
  fields: Fields,
  today: Date,
): { input: PaymentMethodInput } | { errors: Errors } {
  const text = (name: FieldName) => (fields[name] ?? '').trim();
  const errors: Errors = {};
  if (type === 'CreditCard') {
    const cardNumber = digitsOf(text('cardNumber'));
    if (!passesLuhn(cardNumber) || cardTypeOf(cardNumber) === 'Unknown')
      errors.cardNumber = 'Enter a valid card number.';
    const expirationDate = normalizeExpiry(text('expirationDate'));
    if (!expirationDate) errors.expirationDate = 'Enter the expiry date as MM/YY.';
    else if (isExpired(expirationDate, today)) errors.expirationDate = 'This card has expired.';
    const cardCode = text('cardCode');
    if (!/^\d{3,4}$/.test(cardCode)) errors.cardCode = 'Enter the 3 or 4 digit security code.';
    errors.nameOnCard = nameError(text('nameOnCard'), 64, 'name on the card');
    if (Object.values(errors).some(Boolean)) return { errors };
    return { input: { type, cardNumber, expirationDate: expirationDate!, cardCode } };
  }
  const routingNumber = digitsOf(text('routingNumber'));
  if (!passesAbaChecksum(routingNumber)) errors.routingNumber = 'Enter a valid 9-digit routing number.';
  const accountNumber = digitsOf(text('accountNumber'));
  if (!/^\d{4,17}$/.test(accountNumber)) errors.accountNumber = 'Enter the account number (4 to 17 digits).';
  const accountType = text('accountType');
  if (!Object.hasOwn(ACCOUNT_TYPES, accountType)) errors.accountType = 'Choose the account type.';
  const nameOnAccount = text('nameOnAccount');
  errors.nameOnAccount = nameError(nameOnAccount, 22, 'name on the account');
  if (Object.values(errors).some(Boolean)) return { errors };
  return {
    input: {
      type,
      routingNumber,
      accountNumber,
      accountType: accountType as keyof typeof ACCOUNT_TYPES,
      nameOnAccount,
    },
  };
}

/** "Visa ending in 1111", "Checking account ending in 4321". */
function described(profile: StoredPaymentProfile): string {
  const kind =
    profile.type === 'CreditCard'
      ? (profile.cardType ?? 'Card')
      : `${ACCOUNT_TYPES[profile.accountType as keyof typeof ACCOUNT_TYPES] ?? 'Bank'} account`;
  return `${kind} ending in ${profile.last4}`;
}

/** What an edit form opens with: the saved expiry (YYYY-MM as MM/YY) and account type; never a number. */
function savedValues(profile: StoredPaymentProfile): Partial<Record<FieldName, string>> {
  const expiry = /^\d\d(\d\d)-(\d\d)$/.exec(profile.expirationDate ?? '');
  return {
    ...(expiry ? { expirationDate: `${expiry[2]}/${expiry[1]}` } : {}),
    ...(profile.accountType ? { accountType: profile.accountType } : {}),
  };
}

function withoutFragment(address: string): string {
  const url = new URL(address);
  url.hash = '';
  return url.href;
}

/** The communicator's address carrying one message in its fragment, as Authorize.Net's form sends it. */
const relayUrl = (communicatorUrl: string | null, message: string) =>
  communicatorUrl && `${withoutFragment(communicatorUrl)}#${message}`;

/** The form as it opens: to add a method of the types the token offers, or to change the saved one. */
function viewOf(
  path: keyof typeof SANDBOX_FORM_PATHS,
  form: SandboxForm,
  token: string,
  saved: StoredPaymentProfile | null,
): FormView {
  return {
    title: saved ? `Change your ${described(saved)}` : 'Add a card or bank account',
    intro: saved ? 'Enter its details again: the gateway keeps no full number.' : null,
    action: SANDBOX_FORM_PATHS[path],
    token,
    paymentProfileId: saved?.paymentProfileToken ?? null,
    methods: saved ? [saved.type] : METHODS[form.paymentType],
    saveButtonText: form.saveButtonText,
    communicatorUrl: form.communicatorUrl && withoutFragment(form.communicatorUrl),
    alert: null,
    filled: saved && { method: saved.type, values: savedValues(saved), errors: {} },
  };
}

const refusal = (status: number, title: string, text: string): Answer => ({
  status,
  html: endPage(title, text),
  communicatorUrl: null,
});

export const sandboxFormRoutes: FastifyPluginAsync<{
  forms: SandboxHostedForms;
  gateways: PaymentGateways;
  clock: Clock;
}> = async (app, { forms, gateways, clock }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** The company's gateway when it is the sandbox; null when the company uses a live gateway (or none it can). */
  async function sandboxGatewayOf(companyId: number): Promise<PaymentGateway | null> {
    try {
      const gateway = await gateways.gatewayFor(companyId);
      return gateway.name === 'Sandbox' ? gateway : null;
    } catch (error) {
      if (error instanceof GatewayConfigurationError) return null;
      throw error;
    }
  }

  const ended = (form: SandboxForm, message: string, title: string, text: string): Answer => ({
    status: 200,
    html: endPage(title, text, relayUrl(form.communicatorUrl, `action=${message}`)),
    communicatorUrl: form.communicatorUrl,
  });

  /** Saves the section through the gateway: the page that says so, or the form again with the gateway's refusal. */
  async function save(
    gateway: PaymentGateway,
    form: SandboxForm,
    saved: StoredPaymentProfile | null,
    input: PaymentMethodInput,
    view: FormView,
  ): Promise<Answer> {
    try {
      const stored = saved
        ? await gateway.updatePaymentProfile(form.customerProfileToken, saved.paymentProfileToken, input)
        : await gateway.createPaymentProfile(form.customerProfileToken, input);
      return ended(form, 'successfulSave', 'Saved', `Your ${described(stored)} is saved.`);
    } catch (error) {
      const unavailable = error instanceof GatewayUnavailableError;
      if (!unavailable && !(error instanceof GatewayRejectedError)) throw error;
      const alert = unavailable
        ? 'Nothing was saved. The payment gateway did not answer; try again.'
        : `Nothing was saved. The payment gateway refused it: ${error.message} (${error.gatewayCode})`;
      return {
        status: unavailable ? 503 : 422,
        html: formPage({ ...view, alert }),
        communicatorUrl: view.communicatorUrl,
      };
    }
  }

  /** The form a token opens with the company's sandbox gateway, or the refusal to answer instead. */
  async function opened(token: string): Promise<{ form: SandboxForm; gateway: PaymentGateway } | Answer> {
    const found = await forms.open(token);
    if (found.status === 'invalid') {
      return refusal(
        403,
        'This form cannot be opened',
        'Its link is not valid. Go back and open the form again.',
      );
    }
    if (found.status === 'expired') {
      return refusal(
        410,
        'This form has expired',
        `A form stays open for ${SANDBOX_FORM_LIFETIME_SECONDS / 60} minutes. Go back and open it again.`,
      );
    }
    const gateway = await sandboxGatewayOf(found.form.companyId);
    if (!gateway) return refusal(404, 'Not found', 'This payment gateway has no such form.');
    return { form: found.form, gateway };
  }

  async function answer(
    path: keyof typeof SANDBOX_FORM_PATHS,
    posted: boolean,
    fields: Fields,
  ): Promise<Answer> {
    const token = fields.token ?? '';
    const found = await opened(token);
    if ('html' in found) return found;
    const { form, gateway } = found;
    // An edit changes one of the profile's own payment profiles: a token opens no other customer's or company's.
    const saved =
      path === 'edit'
        ? ((await gateway.listPaymentProfiles(form.customerProfileToken)).find(
            (profile) => profile.paymentProfileToken === fields.paymentProfileId,
          ) ?? null)
        : null;
    if (path === 'edit' && !saved) {
      return refusal(404, 'Not found', 'This card or bank account is not saved in this profile.');
    }
    const view = viewOf(path, form, token, saved);
    const shown = (status: number, changes: Partial<FormView>): Answer => ({
      status,
      html: formPage({ ...view, ...changes }),
      communicatorUrl: view.communicatorUrl,
    });

    if (!posted || !fields.action) return shown(200, {});
    if (fields.action === 'cancel') {
      return ended(form, 'cancel', 'Nothing was saved', 'You cancelled: no card or bank account was saved.');
    }
    const type = view.methods.find((method) => method === fields.method);
    if (!type) return refusal(400, 'Not saved', 'This form does not take that kind of payment method.');
    const read = readSection(type, fields, clock.now());
    const filled = { method: type, values: fields as Partial<Record<FieldName, string>>, errors: {} };
    if ('errors' in read) return shown(422, { filled: { ...filled, errors: read.errors } });
    return save(gateway, form, saved, read.input, { ...view, filled });
  }

  for (const path of ['add', 'edit'] as const) {
    app.route({
      method: ['GET', 'POST'],
      url: SANDBOX_FORM_PATHS[path],
      config: { access: 'public' },
      schema: { hide: true },
      // Framed by the embedding site: its frame-ancestors replace X-Frame-Options.
      helmet: { contentSecurityPolicy: sandboxGatewayFormPolicy(STYLE_HASH, null), xFrameOptions: false },
      handler: async (request, reply) => {
        const result = await answer(path, request.method === 'POST', fieldsOf(request));
        const communicator = result.communicatorUrl
          ? { origin: new URL(result.communicatorUrl).origin, scriptHash: RESIZE_SCRIPT_HASH }
          : null;
        reply.helmet({ contentSecurityPolicy: sandboxGatewayFormPolicy(STYLE_HASH, communicator) });
        // The page carries the token: no cache keeps it.
        reply.header('cache-control', 'no-store');
        return reply.status(result.status).type('text/html').send(result.html);
      },
    });
  }
};
