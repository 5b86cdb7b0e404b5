import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { pendingEnrollment, planId, requiredOptions } from '../../fixtures/enrollments.js';
import { createTenant } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * Marketing keeps the autoresponders in the console: packages, templates checked against the replacement-variable
 * table (the public API's rule), previews with a sample enrollment, test messages through the real mail outbox, and
 * the outbox itself. Everyone reads; only Marketing and Administrators change, and each change is audited.
 */
const api = useTestApi();
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let marketing: StaffBrowser;
let agent: StaffBrowser;
let english: { id_package: number; templates: { id_template: number; trigger: string; subject: string }[] };
let pendingTemplate: number;

const auditOf = async (targetType: string, targetId: number) => {
  const admin = await signIn('Administrator');
  return (await admin.call('GET', '/audit-log', { query: { targetType, targetId } })).body.data as {
    action: string;
    actor: string;
    summary: string;
  }[];
};

/** A package and template of another retail company. */
async function rivalTemplate() {
  const db = api.db.kysely;
  const rival = await createTenant(db, api.app.voltin.keys, 'rival-mail');
  const { id: packageId } = await db
    .insertInto('autoresponder_packages')
    .values({
      company_id: rival.companyId,
      brand_id: 1,
      language_id: 1,
      customer_type_id: 1,
      name: 'Rival',
      active: 1,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('autoresponder_templates')
    .values({
      package_id: packageId,
      trigger_key: 'payment.received',
      subject: 'Thanks',
      body: 'Paid.',
      active: 1,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { packageId, templateId: id, companyId: rival.companyId };
}

beforeAll(async () => {
  marketing = await signIn('Marketing');
  agent = await signIn('Operations agent');
  const list = (await marketing.call('GET', '/autoresponders/packages')).body.data as (typeof english & {
    name: string;
  })[];
  english = list.find((p) => p.name === 'Bluebonnet Residential (English)')!;
  pendingTemplate = english.templates.find((t) => t.trigger === 'enrollment.status.PENDING')!.id_template;
});

describe('the autoresponder catalogue', () => {
  it('tells who gets each trigger’s message, by which channel, and the variables it provides', async () => {
    const catalogue = (await agent.call('GET', '/autoresponders/catalogue')).body.data;
    const payment = catalogue.triggers.find((t: { key: string }) => t.key === 'payment.received');
    expect(payment.channels).toEqual(['mail', 'in-app']);
    expect(payment.variables).toContain('payment_date');
    const prospect = catalogue.triggers.find((t: { source: string }) => t.source === 'prospect');
    expect(prospect.channels).toEqual(['mail']);
    expect(catalogue.variables.map((v: { name: string }) => v.name)).toContain('customer_first_name');
  });
});

describe('packages', () => {
  it('are listed and shown to every staff member', async () => {
    const one = await agent.call('GET', `/autoresponders/packages/${english.id_package}`);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data.language).toBe('en');
    expect(one.body.data.templates.length).toBeGreaterThan(0);
  });

  it('are added and changed by Marketing, audited', async () => {
    const base = (await marketing.call('GET', `/autoresponders/packages/${english.id_package}`)).body.data;
    const made = await marketing.call('POST', '/autoresponders/packages', {
      body: {
        name: 'Bluebonnet Business (English)',
        id_brand: base.id_brand,
        id_language: base.id_language,
        id_customer_type: base.id_customer_type,
        active: false,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ active: false, templates: [] });
    const id = made.body.data.id_package;
    const changed = await marketing.call('PATCH', `/autoresponders/packages/${id}`, {
      body: { name: 'Bluebonnet Business', active: true },
    });
    expect(changed.body.data).toMatchObject({ name: 'Bluebonnet Business', active: true });
    const actions = (await auditOf('autoresponder-package', id)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['autoresponder.package.create', 'autoresponder.package.change']),
    );
  });

  it('refuse a brand or customer type of no one', async () => {
    const refused = expectFailure(
      await marketing.call('POST', '/autoresponders/packages', {
        body: { name: 'Nowhere', id_brand: 999999, id_language: 1, id_customer_type: 999999 },
      }),
      422,
      'AUTORESPONDER_PACKAGE_INVALID',
    );
    expect(refused.errors).toEqual(['brand 999999', 'customer type 999999']);
  });
});

describe('templates', () => {
  it('are changed by Marketing, audited', async () => {
    const changed = await marketing.call('PATCH', `/autoresponders/templates/${pendingTemplate}`, {
      body: { subject: 'We received your enrollment, {{customer_first_name}}' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.variables).toContain('customer_first_name');
    const [entry] = await auditOf('autoresponder-template', pendingTemplate);
    expect(entry).toMatchObject({
      action: 'autoresponder.template.change',
      actor: 'marketing@bluebonnet.example',
    });
  });

  it('refuse an unknown variable, naming it, and keep what they had', async () => {
    const refused = expectFailure(
      await marketing.call('PATCH', `/autoresponders/templates/${pendingTemplate}`, {
        body: { body: 'Hello {{customer_nickname}}, your {{payment_date}} and {{brand_name}}.' },
      }),
      422,
      'AUTORESPONDER_VARIABLE_UNKNOWN',
    );
    expect(refused.errors).toEqual(['customer_nickname', 'payment_date']);
    const kept = (await marketing.call('GET', `/autoresponders/packages/${english.id_package}`)).body.data;
    const template = kept.templates.find((t: { id_template: number }) => t.id_template === pendingTemplate);
    expect(template.body).not.toContain('customer_nickname');
  });

  it('are added with the same check', async () => {
    expectFailure(
      await marketing.call('POST', '/autoresponders/templates', {
        body: { id_package: english.id_package, trigger: 'payment.failed', subject: '{{nope}}', body: 'x' },
      }),
      422,
      'AUTORESPONDER_VARIABLE_UNKNOWN',
    );
    const made = await marketing.call('POST', '/autoresponders/templates', {
      body: {
        id_package: english.id_package,
        trigger: 'payment.failed',
        subject: 'Your {{payment_kind}} did not go through',
        body: 'Call {{brand_phone}}.',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  });

  it('are previewed with examples, or as the customer of a sample enrollment would get them', async () => {
    const byExample = await agent.call('POST', `/autoresponders/templates/${pendingTemplate}/preview`, {
      body: {},
    });
    expect(byExample.body.data.subject).toBe('We received your enrollment, Dana');

    const token = await api.sandboxToken();
    const fixed = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
    const { customerId } = await api.sandboxCustomerHash();
    const enrollmentId = await pendingEnrollment(api, token, {
      plan: fixed,
      options: await requiredOptions(api, token, fixed),
      customer: { idCustomer: customerId },
    });
    const customer = await api.db.kysely
      .selectFrom('customers')
      .select('first_name')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const sample = await agent.call('POST', `/autoresponders/templates/${pendingTemplate}/preview`, {
      body: { id_enrollment: enrollmentId },
    });
    expect(sample.status, JSON.stringify(sample.body)).toBe(200);
    expect(sample.body.data.subject).toBe(`We received your enrollment, ${customer.first_name}`);
    expect(sample.body.data.html).toContain('<p>');
  });

  it('send a test message, with example values, through the mail outbox to delivery', async () => {
    const sent = await marketing.call('POST', `/autoresponders/templates/${pendingTemplate}/test-message`, {
      body: { to: 'tester@bluebonnet.example' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({
      recipient: 't***@b***.example',
      subject: '[Test] We received your enrollment, Dana',
    });
    const queued = await api.db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', sent.body.data.id_outbox)
      .executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ recipient: 'tester@bluebonnet.example', status: 'queued' });

    await api.app.voltin.scheduler.runNow('deliver-mail');
    const listed = await agent.call('GET', '/mail-outbox', { query: { status: 'sent', pageSize: 100 } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const row = listed.body.data.find((m: { id_outbox: number }) => m.id_outbox === sent.body.data.id_outbox);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      recipient: 't***@b***.example',
      template: 'autoresponder-test:enrollment.status.PENDING',
      next_attempt_at: null,
    });
    const audit = await auditOf('autoresponder-template', pendingTemplate);
    expect(audit[0]!.summary).toContain('t***@b***.example');
    expect(JSON.stringify(audit)).not.toContain('tester@');
  });
});

describe('the outbox', () => {
  it('shows failed messages with their attempts and next try, and the bounces', async () => {
    const companyId = (
      await api.db.kysely.selectFrom('staff_users').select('company_id').executeTakeFirstOrThrow()
    ).company_id;
    const nextTry = Math.floor(Date.now() / 1000) + 600;
    await api.db.kysely
      .insertInto('mail_outbox')
      .values({
        company_id: companyId,
        recipient: 'slow@relay.example',
        subject: 'Retried',
        text: 'x',
        html: 'x',
        template: 'autoresponder:payment.received',
        status: 'failed',
        attempts: 2,
        last_error: 'connection refused',
        next_attempt_at: nextTry,
        created_at: new Date().toISOString(),
      })
      .execute();
    await api.db.kysely
      .insertInto('mail_bounces')
      .values({
        company_id: companyId,
        address: 'gone@nowhere.example',
        reply: '550 no such user',
        outbox_id: 1,
        bounced_at: new Date().toISOString(),
      })
      .execute();
    const failed = await agent.call('GET', '/mail-outbox', { query: { status: 'failed' } });
    expect(failed.body.totalRecords).toBe(1);
    expect(failed.body.data[0]).toMatchObject({
      subject: 'Retried',
      attempts: 2,
      max_attempts: 8,
      last_error: 'connection refused',
      next_attempt_at: new Date(nextTry * 1000).toISOString(),
    });
    const bounces = (await agent.call('GET', '/mail-bounces')).body.data;
    expect(bounces).toEqual([
      expect.objectContaining({ address: 'g***@n***.example', reply: '550 no such user' }),
    ]);
  });
});

describe('access', () => {
  it('refuses changes to a role without marketing.write', async () => {
    expectFailure(
      await agent.call('PATCH', `/autoresponders/templates/${pendingTemplate}`, {
        body: { subject: 'Mine' },
      }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(
      await agent.call('POST', `/autoresponders/templates/${pendingTemplate}/test-message`, {
        body: { to: 'a@b.example' },
      }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(
      await agent.call('PATCH', `/autoresponders/packages/${english.id_package}`, {
        body: { active: false },
      }),
      403,
      'PERMISSION_DENIED',
    );
  });

  it('shows nothing of another company: its packages, templates, enrollments and mail are not found', async () => {
    const rival = await rivalTemplate();
    expectFailure(
      await marketing.call('GET', `/autoresponders/packages/${rival.packageId}`),
      404,
      'NOT_FOUND',
    );
    expectFailure(
      await marketing.call('PATCH', `/autoresponders/templates/${rival.templateId}`, {
        body: { subject: 'x' },
      }),
      404,
      'NOT_FOUND',
    );
    expectFailure(
      await marketing.call('POST', `/autoresponders/templates/${rival.templateId}/preview`, { body: {} }),
      404,
      'NOT_FOUND',
    );
    expectFailure(
      await marketing.call('POST', `/autoresponders/templates/${rival.templateId}/test-message`, {
        body: { to: 'a@b.example' },
      }),
      404,
      'NOT_FOUND',
    );
    expectFailure(
      await marketing.call('POST', `/autoresponders/templates/${pendingTemplate}/preview`, {
        body: { id_enrollment: 999999 },
      }),
      404,
      'NOT_FOUND',
    );
    await api.db.kysely
      .insertInto('mail_outbox')
      .values({
        company_id: rival.companyId,
        recipient: 'theirs@rival.example',
        subject: 'Rival mail',
        text: 'x',
        html: 'x',
        template: 'x',
        next_attempt_at: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const all = (await marketing.call('GET', '/mail-outbox', { query: { pageSize: 100 } })).body.data;
    expect(all.map((m: { subject: string }) => m.subject)).not.toContain('Rival mail');
  });
});
