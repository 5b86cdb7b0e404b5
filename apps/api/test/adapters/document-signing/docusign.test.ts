import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDocusignSigning,
  type DocusignOptions,
  REFERENCE_FIELD,
} from '../../../src/adapters/document-signing/docusign.js';
import {
  type EnvelopeRequest,
  SigningRefusedError,
  SigningUnavailableError,
} from '../../../src/adapters/document-signing/port.js';
import { type DocusignFake, startDocusignFake } from './fake-docusign.js';

let fake: DocusignFake;
let clock: number;
let counter = 0;
const signingWith = (options: Partial<DocusignOptions> = {}) =>
  createDocusignSigning({ ...fake.settings, timeoutMs: 300, backoffMs: 10, now: () => clock, ...options });

const request = (overrides: Partial<EnvelopeRequest> = {}): EnvelopeRequest => ({
  accountId: fake.accountId,
  emailSubject: 'Your Oncor electricity contract',
  signer: { name: 'Maria Gonzalez', email: 'maria@example.com', phone: '2145550123', clientUserId: null },
  documents: [
    { name: 'contract.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 contract') },
  ],
  template: null,
  reference: `prospect-1-${++counter}`,
  ...overrides,
});
const calls = (pattern: RegExp) => fake.calls.filter((c) => pattern.test(`${c.method} ${c.path}`)).length;

beforeAll(async () => {
  fake = await startDocusignFake();
  fake.now = () => clock;
});
beforeEach(() => {
  clock = Date.now();
});
afterAll(async () => fake.close());

describe('DocuSign adapter against the local fake', () => {
  it('creates a draft from the documents with the reference in a hidden custom field, sends it and voids it', async () => {
    const signing = signingWith();
    const sent = request();
    const { envelopeId } = await signing.createEnvelope(sent);
    const envelope = fake.envelopes.get(envelopeId)!;
    expect(envelope.status).toBe('created');
    expect(envelope.definition).toMatchObject({
      emailSubject: 'Your Oncor electricity contract',
      status: 'created',
      customFields: { textCustomFields: [{ name: REFERENCE_FIELD, value: sent.reference, show: 'false' }] },
      documents: [{ documentId: '1', name: 'contract.pdf', fileExtension: 'pdf' }],
      recipients: { signers: [{ recipientId: '1', name: 'Maria Gonzalez', email: 'maria@example.com' }] },
    });
    expect(Buffer.from(envelope.definition.documents[0].documentBase64, 'base64').toString()).toBe(
      '%PDF-1.7 contract',
    );
    await signing.sendEnvelope(fake.accountId, envelopeId);
    expect(envelope.status).toBe('sent');
    await signing.voidEnvelope(fake.accountId, envelopeId, 'Prospect moved to Canceled');
    expect(envelope).toMatchObject({ status: 'voided', voidedReason: 'Prospect moved to Canceled' });
    // Voiding it again (a repeated call) is success; DocuSign refuses it, the envelope is voided.
    await signing.voidEnvelope(fake.accountId, envelopeId, 'again');
  });

  it('builds the envelope from the company template, the signer in its role, without documents', async () => {
    const { envelopeId } = await signingWith().createEnvelope(
      request({ template: { templateId: fake.templateId, roleName: 'Customer' }, documents: [] }),
    );
    expect(fake.envelopes.get(envelopeId)!.definition).toMatchObject({
      templateId: fake.templateId,
      templateRoles: [{ roleName: 'Customer', name: 'Maria Gonzalez', email: 'maria@example.com' }],
    });
    expect(fake.envelopes.get(envelopeId)!.definition.documents).toBeUndefined();
  });

  it('sends the signing link by SMS to a signer without email', async () => {
    const { envelopeId } = await signingWith().createEnvelope(
      request({ signer: { name: 'Ana Ruiz', email: null, phone: '(214) 555-0199', clientUserId: null } }),
    );
    expect(fake.envelopes.get(envelopeId)!.definition.recipients.signers[0]).toMatchObject({
      deliveryMethod: 'SMS',
      phoneNumber: { countryCode: '1', number: '2145550199' },
    });
  });

  it('refuses (SigningRefusedError) what DocuSign refuses: an unknown template, no document, another account', async () => {
    const signing = signingWith();
    await expect(
      signing.createEnvelope(request({ template: { templateId: 'nope', roleName: 'Customer' } })),
    ).rejects.toThrow(
      new SigningRefusedError(
        'DocuSign refused the envelope creation: TEMPLATE_ID_INVALID: TEMPLATE_ID_INVALID.',
      ),
    );
    await expect(signing.createEnvelope(request({ documents: [] }))).rejects.toThrow(SigningRefusedError);
    await expect(
      signing.createEnvelope(request({ accountId: '11111111-2222-4333-8444-555555555555' })),
    ).rejects.toThrow(/has no access to account 11111111-2222-4333-8444-555555555555/);
    await expect(
      signing.sendEnvelope(fake.accountId, '9b2e7c1d-0000-4000-8000-000000000000'),
    ).rejects.toThrow(/ENVELOPE_DOES_NOT_EXIST/);
  });

  it('keeps the token until five minutes before it expires, then asks for a new one', async () => {
    const signing = signingWith();
    const before = fake.tokensIssued();
    await signing.createEnvelope(request());
    await signing.createEnvelope(request());
    expect(fake.tokensIssued()).toBe(before + 1);
    clock += (3600 - 299) * 1000;
    await signing.createEnvelope(request());
    expect(fake.tokensIssued()).toBe(before + 2);
  });

  it('gets a fresh token once when DocuSign answers 401, and retries the call', async () => {
    const signing = signingWith();
    await signing.createEnvelope(request());
    const before = fake.tokensIssued();
    fake.fail(/^POST .*\/envelopes$/, '401');
    const { envelopeId } = await signing.createEnvelope(request());
    expect(fake.envelopes.has(envelopeId)).toBe(true);
    expect(fake.tokensIssued()).toBe(before + 1);
  });

  it('refuses when the user has not granted consent', async () => {
    fake.consent = false;
    try {
      await expect(signingWith().createEnvelope(request())).rejects.toThrow(
        'DocuSign refused the JWT grant (the user has not granted consent yet): consent_required.',
      );
    } finally {
      fake.consent = true;
    }
  });

  it('retries calls that are safe to repeat with backoff: the token, userinfo, send and void', async () => {
    const [tokens, userinfos, puts] = [
      /^POST \/oauth\/token$/,
      /^GET \/oauth\/userinfo$/,
      /^PUT .*\/envelopes\//,
    ];
    const before = [calls(tokens), calls(userinfos), calls(puts)];
    fake.fail(tokens, '500');
    fake.fail(userinfos, 'timeout');
    const signing = signingWith();
    const { envelopeId } = await signing.createEnvelope(request());
    fake.fail(puts, '500', 2);
    await signing.sendEnvelope(fake.accountId, envelopeId);
    expect([calls(tokens), calls(userinfos), calls(puts)]).toEqual([
      before[0]! + 2,
      before[1]! + 2,
      before[2]! + 3,
    ]);
    expect(fake.envelopes.get(envelopeId)!.status).toBe('sent');
    // The void is done but its answer is lost: the retry is refused (already voided), which is success.
    fake.fail(/^PUT .*\/envelopes\//, 'lost');
    await signing.voidEnvelope(fake.accountId, envelopeId, 'Envelope has expired.');
    expect(fake.envelopes.get(envelopeId)!.status).toBe('voided');
  });

  it('never makes a second envelope when the answer to a creation is lost: it finds it by reference', async () => {
    const signing = signingWith();
    await signing.createEnvelope(request()); // token and base_uri in hand
    const sent = request();
    fake.fail(/^POST .*\/envelopes$/, 'lost');
    const { envelopeId } = await signing.createEnvelope(sent);
    const withReference = [...fake.envelopes.values()].filter(
      (e) => e.definition.customFields.textCustomFields[0].value === sent.reference,
    );
    expect(withReference.map((e) => e.envelopeId)).toEqual([envelopeId]);
  });

  it('creates again after a 500 that created nothing, once', async () => {
    const signing = signingWith();
    const sent = request({ reference: `prospect-77-${++counter}` });
    fake.fail(/^POST .*\/envelopes$/, '500');
    const before = fake.envelopes.size;
    const { envelopeId } = await signing.createEnvelope(sent);
    expect(fake.envelopes.size).toBe(before + 1);
    expect(fake.envelopes.get(envelopeId)!.definition.customFields.textCustomFields[0].value).toBe(
      sent.reference,
    );
  });

  it('answers SigningUnavailableError when DocuSign keeps failing or does not answer in time', async () => {
    const signing = signingWith();
    const { envelopeId } = await signing.createEnvelope(request());
    fake.fail(/^PUT .*\/envelopes\//, '500', 3);
    await expect(signing.sendEnvelope(fake.accountId, envelopeId)).rejects.toThrow(
      new SigningUnavailableError(
        'DocuSign failed sending the envelope: UNSPECIFIED_ERROR: Internal error..',
      ),
    );
    fake.fail(/^POST .*\/envelopes$/, 'timeout', 3);
    const before = fake.envelopes.size;
    await expect(signing.createEnvelope(request())).rejects.toThrow(
      new SigningUnavailableError('DocuSign did not answer the envelope creation within 300 ms.'),
    );
    expect(fake.envelopes.size).toBe(before);
    fake.fail(/^POST \/oauth\/token$/, 'timeout', 3);
    await expect(signingWith().voidEnvelope(fake.accountId, envelopeId, 'x')).rejects.toThrow(
      'DocuSign did not answer the JWT grant within 300 ms.',
    );
  });
});

describe('in-person signing: captive signers and recipient views', () => {
  const RETURN_URL = 'https://tablet.affiliate.example/signed?prospect=42';
  const captive = (overrides: Partial<EnvelopeRequest['signer']> = {}) =>
    request({
      signer: {
        name: 'Maria Gonzalez',
        email: 'maria@example.com',
        phone: '2145550123',
        clientUserId: '42',
        ...overrides,
      },
    });
  const viewFor = (
    overrides: Partial<{ name: string; email: string | null; clientUserId: string }> = {},
  ) => ({
    returnUrl: RETURN_URL,
    signer: { name: 'Maria Gonzalez', email: 'maria@example.com', clientUserId: '42', ...overrides },
  });

  async function sentCaptive(sent = captive()) {
    const signing = signingWith();
    const { envelopeId } = await signing.createEnvelope(sent);
    await signing.sendEnvelope(fake.accountId, envelopeId);
    return { signing, envelopeId };
  }

  it('creates the signer captive (clientUserId), so DocuSign sends them nothing, and opens a one-time view for them', async () => {
    const { signing, envelopeId } = await sentCaptive();
    expect(fake.envelopes.get(envelopeId)!.definition.recipients.signers).toEqual([
      {
        recipientId: '1',
        routingOrder: '1',
        name: 'Maria Gonzalez',
        email: 'maria@example.com',
        clientUserId: '42',
      },
    ]);
    expect(fake.deliveries.filter((d) => d.envelopeId === envelopeId)).toEqual([]);
    const { url } = await signing.createRecipientView(fake.accountId, envelopeId, viewFor());
    const made = fake.views.filter((v) => v.envelopeId === envelopeId);
    expect(made.map((v) => v.url)).toEqual([url]);
    expect(made[0]!.request).toEqual({
      authenticationMethod: 'none',
      clientUserId: '42',
      userName: 'Maria Gonzalez',
      email: 'maria@example.com',
      returnUrl: RETURN_URL,
    });
    // Each call mints a new URL.
    expect((await signing.createRecipientView(fake.accountId, envelopeId, viewFor())).url).not.toBe(url);
  });

  it('a remote signer still gets the invitation: by email, or by SMS without one', async () => {
    const { envelopeId } = await sentCaptive(request());
    expect(fake.deliveries.filter((d) => d.envelopeId === envelopeId)).toEqual([
      { envelopeId, channel: 'email', to: 'maria@example.com' },
    ]);
  });

  it('puts the captive signer in the template role, and gives one without email an address that reaches nobody', async () => {
    const signing = signingWith();
    const { envelopeId } = await signing.createEnvelope({
      ...captive({ email: null }),
      template: { templateId: fake.templateId, roleName: 'Customer' },
      documents: [],
    });
    expect(fake.envelopes.get(envelopeId)!.definition.templateRoles).toEqual([
      {
        roleName: 'Customer',
        name: 'Maria Gonzalez',
        email: 'signer-42@no-email.invalid',
        clientUserId: '42',
      },
    ]);
    await signing.sendEnvelope(fake.accountId, envelopeId);
    expect(fake.deliveries.filter((d) => d.envelopeId === envelopeId)).toEqual([]);
    const { url } = await signing.createRecipientView(fake.accountId, envelopeId, viewFor({ email: null }));
    expect(url).toMatch(/\/Signing\/MTRedeem\//);
  });

  it('refuses (SigningRefusedError) a view of a draft, voided or completed envelope, or for another signer', async () => {
    const signing = signingWith();
    const { envelopeId: draft } = await signing.createEnvelope(captive());
    await expect(signing.createRecipientView(fake.accountId, draft, viewFor())).rejects.toThrow(
      new SigningRefusedError(
        'DocuSign refused the signing view: ENVELOPE_INVALID_STATUS: Invalid envelope status for this operation: the envelope is created..',
      ),
    );
    const { envelopeId } = await sentCaptive();
    await expect(
      signing.createRecipientView(fake.accountId, envelopeId, viewFor({ clientUserId: '43' })),
    ).rejects.toThrow(/UNKNOWN_ENVELOPE_RECIPIENT/);
    await expect(
      signing.createRecipientView(fake.accountId, envelopeId, viewFor({ name: 'Someone Else' })),
    ).rejects.toThrow(/UNKNOWN_ENVELOPE_RECIPIENT/);
    fake.envelopes.get(envelopeId)!.status = 'completed';
    await expect(signing.createRecipientView(fake.accountId, envelopeId, viewFor())).rejects.toThrow(
      /ENVELOPE_INVALID_STATUS.*completed/,
    );
    await signing.voidEnvelope(fake.accountId, draft, 'Prospect moved to Canceled');
    await expect(signing.createRecipientView(fake.accountId, draft, viewFor())).rejects.toThrow(
      /ENVELOPE_INVALID_STATUS.*voided/,
    );
    // A remote envelope has no captive signer to view for.
    const { envelopeId: remote } = await sentCaptive(request());
    await expect(signing.createRecipientView(fake.accountId, remote, viewFor())).rejects.toThrow(
      /UNKNOWN_ENVELOPE_RECIPIENT/,
    );
    expect(fake.views.filter((v) => [draft, envelopeId, remote].includes(v.envelopeId))).toEqual([]);
  });

  it('asks again after a 500 or a timeout (a view only mints a URL), and gives up after three attempts', async () => {
    const { signing, envelopeId } = await sentCaptive();
    const views = /^POST .*\/views\/recipient$/;
    const before = calls(views);
    fake.fail(views, '500');
    fake.fail(views, 'timeout');
    const { url } = await signing.createRecipientView(fake.accountId, envelopeId, viewFor());
    expect(calls(views)).toBe(before + 3);
    expect(fake.views.at(-1)!.url).toBe(url);
    fake.fail(views, '500', 3);
    await expect(signing.createRecipientView(fake.accountId, envelopeId, viewFor())).rejects.toThrow(
      new SigningUnavailableError('DocuSign failed the signing view: UNSPECIFIED_ERROR: Internal error..'),
    );
  });

  it('gets a fresh token once when DocuSign answers the view with 401', async () => {
    const { signing, envelopeId } = await sentCaptive();
    const before = fake.tokensIssued();
    fake.fail(/^POST .*\/views\/recipient$/, '401');
    const { url } = await signing.createRecipientView(fake.accountId, envelopeId, viewFor());
    expect(fake.views.at(-1)!.url).toBe(url);
    expect(fake.tokensIssued()).toBe(before + 1);
  });
});
