import { beforeAll, describe, expect, it } from 'vitest';
import type { ChargeStatus, TransactionType } from '../../../src/domain/charges.js';
import { epochSeconds } from '../../../src/domain/clock.js';
import {
  AUTORESPONDER_TRIGGERS,
  placeholdersIn,
  REPLACEMENT_VARIABLES,
  variablesFor,
} from '../../../src/modules/autoresponders/index.js';
import {
  activateEnrollment,
  creditCheck,
  dayOn,
  enrollmentBody,
  nameOf,
  pendingEnrollment,
  planId,
  recordCharge,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { setAutoresponderPackageActive } from '../../fixtures/operator.js';
import { createAccount, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { prospectRefs, validProspect } from '../prospects/fixtures.js';

const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
let token: string;
let customerId: number;
let customerHash: string;
let companyId: number;
let fixed12: number;
let options: number[];

const run = async () => {
  await api.app.voltin.scheduler.runNow('create-notifications');
  await api.app.voltin.scheduler.runNow('send-autoresponders');
};

async function sends(query: Record<string, any> = {}) {
  const response = await api.call('GET', '/autoresponders/sends', { token, query: { limit: 500, ...query } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as any[];
}
const ofEnrollment = async (id: number) => (await sends()).filter((s) => s.id_enrollment === id);

async function outbox(outboxId: number) {
  return api.db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '=', outboxId)
    .executeTakeFirstOrThrow();
}

const createEnrollment = () =>
  pendingEnrollment(api, token, { plan: fixed12, options, customer: { idCustomer: customerId } });
/** Service starts on the clock (`daysAgo` days before the clock's new today); the customer signs in again then. */
async function activate(id: number, daysAgo = 0) {
  await activateEnrollment(api, clock, id, { daysAgo });
  await signIn();
}
const charge = (enrollmentId: number, type: TransactionType, amountCents: number, status: ChargeStatus) =>
  recordCharge(api, { enrollmentId, type, amountCents, status });

/** The sandbox customer chooses the language it is written to, on its account. */
async function setLanguage(shortName: string) {
  const languages = (await api.call('GET', '/document-languages', { token })).body.data as Array<{
    id_language: number;
    short_name: string;
  }>;
  const language = languages.find((l) => l.short_name === shortName)!;
  const updated = await api.call('PUT', `/customers/${customerId}`, {
    token,
    customerHash,
    body: { language: language.id_language },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
}

async function packages() {
  const response = await api.call('GET', '/autoresponders/packages', { token });
  expect(response.status).toBe(200);
  return response.body.data as any[];
}

async function signIn() {
  token = await api.sandboxToken();
  ({ customerId, customerHash } = await api.sandboxCustomerHash());
}

beforeAll(async () => {
  await signIn();
  companyId = await sandboxCompanyId(api.db.kysely);
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, fixed12);
});

describe('the trigger and variable tables', () => {
  it('have unique keys, and every variable is provided by some trigger', () => {
    const keys = AUTORESPONDER_TRIGGERS.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('enrollment.status.PENDING');
    expect(keys).toContain('prospect.status.Contract_Sent');
    expect(keys).not.toContain('enrollment.status.CANCELLED');
    for (const variable of REPLACEMENT_VARIABLES)
      expect(variable.sources.length, variable.name).toBeGreaterThan(0);
  });

  it('the sandbox packages only use the variables their triggers provide', async () => {
    const list = await packages();
    expect(list.map((p) => [p.language, p.customer_type, p.templates.length])).toEqual([
      ['en', 'Residential', 7],
      ['es', 'Residential', 7],
    ]);
    for (const template of list.flatMap((p) => p.templates)) {
      const source = AUTORESPONDER_TRIGGERS.find((t) => t.key === template.trigger)!.source;
      const provided = variablesFor(source);
      for (const name of placeholdersIn(`${template.subject} ${template.body}`))
        expect(provided, `${template.trigger} ${name}`).toContain(name);
    }
  });
});

describe('send-autoresponders', () => {
  it('sends the welcome email once per status change, however often it runs, and records a notification', async () => {
    await setLanguage('en');
    const id = await createEnrollment();
    await run();
    await run();
    let list = await ofEnrollment(id);
    expect(list.map((s) => s.trigger)).toEqual(['enrollment.status.PENDING']);
    expect(list[0]).toMatchObject({ status: 'queued', id_customer: customerId, missing_variables: [] });
    expect(list[0].recipient).toMatch(/^d\*\*\*@b\*\*\*\.example$/);
    expect(list[0].subject).toBe('Welcome to Bluebonnet Energy, Dana!');
    const mail = await outbox(list[0].id_outbox);
    expect(mail.recipient).toBe('demo.customer@bluebonnet-energy.example');
    expect(mail.subject).toBe('Welcome to Bluebonnet Energy, Dana!');
    expect(mail.text).toContain(`Your enrollment ${id} for 1201 Elm St, Dallas, TX`);
    expect(mail.text).toContain('Bluebonnet Energy 12-Month Fixed Electric');
    expect(mail.text).not.toContain('{{');
    expect(mail.template).toBe('autoresponder:enrollment.status.PENDING');

    const notes = await api.db.kysely
      .selectFrom('notifications')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'autoresponder')
      .execute();
    expect(notes.map((n) => [n.id_message, n.subject])).toEqual([
      [401, 'Welcome to Bluebonnet Energy, Dana!'],
    ]);

    await activate(id);
    await run();
    await run();
    list = await ofEnrollment(id);
    expect(list.map((s) => s.trigger)).toEqual(['enrollment.status.ACTIVE', 'enrollment.status.PENDING']);
    expect(
      await api.db.kysely
        .selectFrom('mail_outbox')
        .select('id')
        .where('template', 'like', 'autoresponder:%')
        .execute(),
    ).toHaveLength((await sends()).filter((s) => s.status === 'queued').length);
  });

  it('sends the deposit-due email with the deposit amount', async () => {
    await setLanguage('en');
    // A credit score under the plan's 550 asks for its $150 deposit.
    const check = await creditCheck(api, token, {
      ...(await nameOf(api, { idCustomer: customerId })),
      socialSecurityNumber: ssnEnding('500'),
      planId: fixed12,
    });
    const created = await api.call('POST', '/enrollments/create', {
      token,
      body: enrollmentBody(fixed12, options, {
        customer: { idCustomer: customerId },
        payment: { creditCheckId: check.id_credit_check },
        requestedStartDate: dayOn(clock, 7),
      }),
    });
    expect(created.body.data?.enrollmentStatus, JSON.stringify(created.body)).toBe('ON_HOLD_DEPOSIT_PENDING');
    const id = created.body.data.enrollmentId as number;
    await run();
    await run();
    const due = (await ofEnrollment(id)).filter(
      (s) => s.trigger === 'enrollment.status.ON_HOLD_DEPOSIT_PENDING',
    );
    expect(due).toHaveLength(1);
    expect(due[0].subject).toBe(`A deposit of $150.00 is due for enrollment ${id}`);
  });

  it('sends payment received and failed once each, with the amount', async () => {
    await setLanguage('en');
    const id = await createEnrollment();
    await activate(id);
    await charge(id, 'ONE_TIME_PAYMENT', 4550, 'approved');
    await charge(id, 'RECURRING_BILLING', 9900, 'declined');
    await run();
    await run();
    const list = await ofEnrollment(id);
    expect(list.filter((s) => s.trigger === 'payment.received').map((s) => s.subject)).toEqual([
      'We received your payment of $45.50',
    ]);
    expect(list.filter((s) => s.trigger === 'payment.failed').map((s) => s.subject)).toEqual([
      'Your payment of $99.00 did not go through',
    ]);
    const failed = list.find((s) => s.trigger === 'payment.failed');
    expect((await outbox(failed.id_outbox)).text).toContain(
      `for enrollment ${id} was declined on ${dayOn(clock)}`,
    );
  });

  it('sends statement ready once, with the balance and due date', async () => {
    await setLanguage('en');
    const id = await createEnrollment();
    await activate(id, 75);
    await run();
    await run();
    const ready = (await ofEnrollment(id)).filter((s) => s.trigger === 'statement.ready');
    expect(ready).toHaveLength(1);
    expect(ready[0].missing_variables).toEqual([]);
    const text = (await outbox(ready[0].id_outbox)).text;
    expect(text).toMatch(/balance \$[0-9,]+\.\d\d, due \d{4}-\d\d-\d\d\./);
  });

  it('speaks Spanish to Spanish customers and falls back to the default language without a Spanish package', async () => {
    await setLanguage('es');
    const first = await createEnrollment();
    await run();
    expect((await ofEnrollment(first))[0].subject).toBe('¡Bienvenido a Bluebonnet Energy, Dana!');

    const spanish = (await packages()).find((p) => p.language === 'es');
    await setAutoresponderPackageActive(api.db.kysely, spanish.id_package, 0);
    try {
      const second = await createEnrollment();
      await run();
      expect((await ofEnrollment(second))[0].subject).toBe('Welcome to Bluebonnet Energy, Dana!');
    } finally {
      await setAutoresponderPackageActive(api.db.kysely, spanish.id_package, 1);
      await setLanguage('en');
    }
  });

  it("emails the prospect's customer when the contract is sent, once, without a notification", async () => {
    const refs = await prospectRefs(api, token);
    const created = await api.call('POST', '/prospects', {
      token,
      body: validProspect(refs, {
        status: 'Quote_Sent',
        customer: {
          firstName: 'Rosa',
          lastName: 'Prospect',
          email: 'rosa.prospect@example.com',
          phoneNumber: '2145550123',
          idPreferedLanguage: refs.englishId,
        },
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const prospect = await api.db.kysely
      .selectFrom('prospects')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await run();
    expect((await sends()).filter((s) => s.id_prospect === prospect.id)).toEqual([]);
    // The sales status table moves it to Contract_Sent (update-status, which sends the contract to sign).
    const sent = await api.call('POST', `/prospects/${prospect.id}/update-status`, {
      token,
      body: { newStatus: 'Contract_Sent' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await run();
    await run();
    const list = (await sends()).filter((s) => s.id_prospect === prospect.id);
    expect(list.map((s) => [s.trigger, s.subject, s.id_customer])).toEqual([
      ['prospect.status.Contract_Sent', 'Your Bluebonnet Energy contract is ready to sign', null],
    ]);
    const mail = await outbox(list[0].id_outbox);
    expect(mail.recipient).toBe('rosa.prospect@example.com');
    expect(mail.text).toContain('Hello Rosa,');
    expect(mail.text).toContain(`over ${prospect.term} months, starting ${prospect.start_date}`);
  });
});

describe('templates', () => {
  it('creates a template, refuses unknown triggers and variables, previews with examples', async () => {
    const [english] = await packages();
    const created = await api.call('POST', '/autoresponders/templates', {
      token,
      body: {
        id_package: english.id_package,
        trigger: 'enrollment.status.DROPPED',
        subject: 'Goodbye {{customer_first_name}}',
        body: 'Service at {{service_address}} ended.\n\n{{brand_name}}',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      trigger: 'enrollment.status.DROPPED',
      active: true,
      variables: ['customer_first_name', 'service_address', 'brand_name'],
    });
    const templateId = created.body.data.id_template;

    expectFailure(
      await api.call('POST', '/autoresponders/templates', {
        token,
        body: { id_package: english.id_package, trigger: 'enrollment.status.NOPE', subject: 'x', body: 'y' },
      }),
      422,
      'AUTORESPONDER_TRIGGER_UNKNOWN',
    );
    const unknown = await api.call('PUT', `/autoresponders/templates/${templateId}`, {
      token,
      body: { body: 'Hello {{customer_nickname}}' },
    });
    expectFailure(unknown, 422, 'AUTORESPONDER_VARIABLE_UNKNOWN');
    expect(JSON.stringify(unknown.body)).toContain('customer_nickname');
    expectFailure(
      await api.call('PUT', `/autoresponders/templates/${templateId}`, {
        token,
        body: { body: 'Due {{due_date}}' },
      }),
      422,
      'AUTORESPONDER_VARIABLE_UNKNOWN',
    );

    const updated = await api.call('PUT', `/autoresponders/templates/${templateId}`, {
      token,
      body: { subject: 'Goodbye from {{brand_name}}', active: false },
    });
    expect(updated.body.data).toMatchObject({ subject: 'Goodbye from {{brand_name}}', active: false });

    const preview = await api.call('GET', `/autoresponders/templates/${templateId}/preview`, { token });
    expect(preview.body.data).toMatchObject({
      subject: 'Goodbye from Bluebonnet Energy',
      body: 'Service at 1201 Elm St, Dallas, TX 75201 ended.\n\nBluebonnet Energy',
      html: '<p>Service at 1201 Elm St, Dallas, TX 75201 ended.</p>\n<p>Bluebonnet Energy</p>',
      missing_variables: [],
    });
    expectFailure(
      await api.call('GET', '/autoresponders/templates/999999/preview', { token }),
      404,
      'NOT_FOUND',
    );
  });

  it('are for Agents only', async () => {
    const integration = await createAccount(api.db.kysely, api.app.voltin.keys, {
      companyId,
      apiKey: 'vlt_autoresponder_integration',
      permissions: ['*'],
    });
    const login = await api.call('POST', '/auth/login', {
      query: signLogin(integration.apiKey, integration.secret, epochSeconds(clock)),
    });
    const other = login.body.data.token as string;
    expectFailure(
      await api.call('GET', '/autoresponders/packages', { token: other }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(await api.call('GET', '/autoresponders/sends', { token: other }), 403, 'PERMISSION_DENIED');
    expectFailure(
      await api.call('POST', '/autoresponders/templates', {
        token: other,
        body: { id_package: 1, trigger: 'payment.received', subject: 'x', body: 'y' },
      }),
      403,
      'PERMISSION_DENIED',
    );
  });
});
