import { createPrivateKey, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import type { DocusignSettings } from '../../../src/config/document-signing.js';
import { rsaKeyPair } from '../../helpers/document-signing.js';

/**
 * A local DocuSign that speaks what the adapter uses of the real protocol: the OAuth JWT grant (the assertion's
 * RS256 signature is verified with the integration key's public key, and its iss, sub, aud, scope and lifetime
 * checked), userinfo with the account's base_uri, and eSignature REST v2.1 envelopes (create from documents or a
 * template, search by custom field, read, send, void, recipient views for captive signers), with DocuSign's error
 * bodies. Sending an envelope delivers it (recorded in `deliveries`) to each signer that is not captive, by email or
 * SMS. It can be told to fail.
 */
export interface FakeEnvelope {
  envelopeId: string;
  status: 'created' | 'sent' | 'completed' | 'voided';
  voidedReason?: string;
  definition: Record<string, any>;
  createdAt: string;
}

/** `500` answers an error; `timeout` never answers; `lost` does the work and then never answers; `401` refuses the token. */
export type Fault = '500' | 'timeout' | 'lost' | '401';

export interface DocusignFake {
  url: string;
  accountId: string;
  /** A template the account has, with its role name. */
  templateId: string;
  settings: DocusignSettings;
  envelopes: Map<string, FakeEnvelope>;
  /** Every call: method and path (no query). */
  calls: Array<{ method: string; path: string }>;
  /** The signing invitations DocuSign sent: remote signers only (a captive signer gets none). */
  deliveries: Array<{ envelopeId: string; channel: 'email' | 'sms'; to: string }>;
  /** Every recipient view made: the request's body and the URL answered. */
  views: Array<{ envelopeId: string; request: Record<string, any>; url: string }>;
  tokensIssued: () => number;
  /** The next `times` calls whose "METHOD path" matches fail this way. */
  fail(match: RegExp, fault: Fault, times?: number): void;
  /** The user has not granted consent: the JWT grant answers consent_required. */
  consent: boolean;
  tokenLifetimeSeconds: number;
  /** The fake's clock (milliseconds), to check the assertion's iat and exp against. */
  now: () => number;
  close(): Promise<void>;
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

const restError = (response: ServerResponse, status: number, errorCode: string, message: string) =>
  send(response, status, { errorCode, message });

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const referenceOf = (definition: Record<string, any>): string | undefined =>
  definition.customFields?.textCustomFields?.find((f: { name: string }) => f.name === 'voltinReference')
    ?.value;

export async function startDocusignFake(options: { accountId?: string } = {}): Promise<DocusignFake> {
  const keys = rsaKeyPair();
  const publicKey = await importSPKI(keys.publicKey, 'RS256');
  const integrationKey = randomUUID();
  const userId = randomUUID();
  const accountId = options.accountId ?? randomUUID();
  const templateId = randomUUID();
  const tokens = new Set<string>();
  let issued = 0;
  const faults: Array<{ match: RegExp; fault: Fault; times: number }> = [];
  const hanging = new Set<ServerResponse>();

  const fake = {
    accountId,
    templateId,
    envelopes: new Map<string, FakeEnvelope>(),
    calls: [] as Array<{ method: string; path: string }>,
    deliveries: [] as DocusignFake['deliveries'],
    views: [] as DocusignFake['views'],
    tokensIssued: () => issued,
    consent: true,
    tokenLifetimeSeconds: 3600,
    now: () => Date.now(),
    fail(match: RegExp, fault: Fault, times = 1) {
      faults.push({ match, fault, times });
    },
  } as DocusignFake;

  function faultFor(call: string): Fault | undefined {
    const found = faults.find((f) => f.match.test(call) && f.times > 0);
    if (!found) return undefined;
    found.times--;
    return found.fault;
  }

  async function grant(form: URLSearchParams, response: ServerResponse, host: string) {
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return send(response, 400, { error: 'unsupported_grant_type' });
    }
    try {
      const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
        issuer: integrationKey,
        subject: userId,
        audience: host,
        maxTokenAge: 3600,
        currentDate: new Date(fake.now()),
      });
      if (protectedHeader.alg !== 'RS256' || !String(payload.scope).split(' ').includes('signature')) {
        return send(response, 400, { error: 'invalid_scope' });
      }
    } catch {
      return send(response, 400, { error: 'invalid_grant' });
    }
    if (!fake.consent) return send(response, 400, { error: 'consent_required' });
    const token = randomBytes(24).toString('base64url');
    tokens.add(token);
    issued++;
    send(response, 200, { access_token: token, token_type: 'Bearer', expires_in: fake.tokenLifetimeSeconds });
  }

  function createEnvelope(definition: Record<string, any>, response: ServerResponse | null) {
    const problem = (() => {
      if (!definition.emailSubject) return 'emailSubject is required.';
      if (!referenceOf(definition)) return 'voltinReference custom field missing.';
      if (definition.templateId) {
        if (definition.templateId !== templateId) return 'TEMPLATE_ID_INVALID';
        const role = definition.templateRoles?.[0];
        if (role?.roleName !== 'Customer' || !role.name) return 'INVALID_TEMPLATE_ROLE';
        return null;
      }
      const signer = definition.recipients?.signers?.[0];
      if (!definition.documents?.length || !definition.documents.every((d: any) => d.documentBase64))
        return 'ENVELOPE_HAS_NO_DOCUMENTS';
      if (!signer?.name || !(signer.email || signer.phoneNumber?.number)) return 'INVALID_RECIPIENT';
      return null;
    })();
    if (problem) {
      if (response)
        restError(response, 400, problem.includes(' ') ? 'INVALID_REQUEST_BODY' : problem, problem);
      return;
    }
    const envelope: FakeEnvelope = {
      envelopeId: randomUUID(),
      status: definition.status === 'sent' ? 'sent' : 'created',
      definition,
      createdAt: new Date().toISOString(),
    };
    fake.envelopes.set(envelope.envelopeId, envelope);
    if (envelope.status === 'sent') deliver(envelope);
    if (response) {
      send(response, 201, {
        envelopeId: envelope.envelopeId,
        uri: `/envelopes/${envelope.envelopeId}`,
        statusDateTime: envelope.createdAt,
        status: envelope.status,
      });
    }
  }

  function search(query: URLSearchParams, response: ServerResponse) {
    if (!query.get('from_date')) {
      return restError(
        response,
        400,
        'INVALID_REQUEST_PARAMETER',
        "Query parameter 'from_date' must be set.",
      );
    }
    const [name, value] = (query.get('custom_field') ?? '').split('=');
    const statuses = query.get('status')?.split(',');
    const found = [...fake.envelopes.values()].filter(
      (e) =>
        (!statuses || statuses.includes(e.status)) &&
        (!name ||
          e.definition.customFields?.textCustomFields?.some(
            (f: { name: string; value: string }) => f.name === name && f.value.includes(value ?? ''),
          )),
    );
    send(response, 200, {
      resultSetSize: String(found.length),
      totalSetSize: String(found.length),
      envelopes: found.map((e) => ({
        envelopeId: e.envelopeId,
        status: e.status,
        ...(query.get('include')?.includes('custom_fields')
          ? { customFields: e.definition.customFields }
          : {}),
      })),
    });
  }

  /** The envelope's signers: its recipients, or the roles filled on its template. */
  const signersOf = (envelope: FakeEnvelope): Array<Record<string, any>> =>
    envelope.definition.recipients?.signers ?? envelope.definition.templateRoles ?? [];

  function deliver(envelope: FakeEnvelope) {
    for (const signer of signersOf(envelope).filter((s) => !s.clientUserId)) {
      fake.deliveries.push(
        signer.deliveryMethod === 'SMS'
          ? { envelopeId: envelope.envelopeId, channel: 'sms', to: signer.phoneNumber.number }
          : { envelopeId: envelope.envelopeId, channel: 'email', to: signer.email },
      );
    }
  }

  function update(envelope: FakeEnvelope, change: Record<string, any>, response: ServerResponse | null) {
    const refuse = (code: string, message: string) => response && restError(response, 400, code, message);
    if (change.status === 'sent') {
      if (envelope.status !== 'created') return refuse('ENVELOPE_INVALID_STATUS', 'Envelope is not a draft.');
      envelope.status = 'sent';
      deliver(envelope);
    } else if (change.status === 'voided') {
      if (!change.voidedReason)
        return refuse('INVALID_REQUEST_PARAMETER', "Value for 'voidedReason' must be specified.");
      if (envelope.status === 'voided')
        return refuse('ENVELOPE_CANNOT_VOID_INVALID_STATE', 'Envelope is voided.');
      envelope.status = 'voided';
      envelope.voidedReason = change.voidedReason;
    } else {
      return refuse('INVALID_REQUEST_BODY', 'Unsupported change.');
    }
    if (response) send(response, 200, { envelopeId: envelope.envelopeId });
  }

  /** EnvelopeViews:createRecipient: a one-time URL for the captive signer the request names exactly. */
  function recipientView(envelope: FakeEnvelope, view: Record<string, any>, response: ServerResponse | null) {
    const refuse = (code: string, message: string) => response && restError(response, 400, code, message);
    if (!view.returnUrl)
      return refuse('INVALID_REQUEST_PARAMETER', "Value for 'returnUrl' must be specified.");
    if (!view.authenticationMethod)
      return refuse('INVALID_REQUEST_PARAMETER', "Value for 'authenticationMethod' must be specified.");
    if (envelope.status !== 'sent') {
      return refuse(
        'ENVELOPE_INVALID_STATUS',
        `Invalid envelope status for this operation: the envelope is ${envelope.status}.`,
      );
    }
    const signer = signersOf(envelope).find(
      (s) =>
        s.clientUserId &&
        s.clientUserId === view.clientUserId &&
        s.name === view.userName &&
        s.email === view.email,
    );
    if (!signer) {
      return refuse(
        'UNKNOWN_ENVELOPE_RECIPIENT',
        "The recipient you have identified is not a valid recipient of the specified envelope. Envelope recipient could not be determined. 'clientUserId', 'email', or 'userName' in request and envelope may not match.",
      );
    }
    const url = `${fake.url}/Signing/MTRedeem/v1/${randomBytes(16).toString('hex')}?slt=${randomBytes(24).toString('base64url')}`;
    fake.views.push({ envelopeId: envelope.envelopeId, request: view, url });
    if (response) send(response, 201, { url });
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const call = `${request.method} ${url.pathname}`;
    fake.calls.push({ method: request.method ?? '', path: url.pathname });
    const raw = await bodyOf(request);
    const host = request.headers.host ?? '';
    const fault = faultFor(call);
    if (fault === '500') return restError(response, 500, 'UNSPECIFIED_ERROR', 'Internal error.');
    if (fault === 'timeout') return void hanging.add(response);
    if (url.pathname === '/oauth/token' && request.method === 'POST') {
      return grant(new URLSearchParams(raw), response, host);
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (fault === '401' || !bearer || !tokens.has(bearer)) {
      if (fault === '401' && bearer) tokens.delete(bearer);
      return restError(
        response,
        401,
        'AUTHORIZATION_INVALID_TOKEN',
        'The access token provided is expired, revoked or malformed.',
      );
    }
    const answer = fault === 'lost' ? null : response;
    if (fault === 'lost') hanging.add(response);
    if (url.pathname === '/oauth/userinfo') {
      return send(response, 200, {
        sub: userId,
        name: 'Voltin Integration',
        email: 'integration@supplier.example',
        accounts: [{ account_id: accountId, is_default: true, account_name: 'Supplier', base_uri: fake.url }],
      });
    }
    const match = /^\/restapi\/v2\.1\/accounts\/([^/]+)\/envelopes(?:\/([^/]+)(\/views\/recipient)?)?$/.exec(
      url.pathname,
    );
    if (!match || match[1] !== accountId) return restError(response, 404, 'RESOURCE_NOT_FOUND', 'Not found.');
    const [, , envelopeId, viewPath] = match;
    if (!envelopeId && request.method === 'POST') return createEnvelope(JSON.parse(raw), answer);
    if (!envelopeId && request.method === 'GET') return search(url.searchParams, response);
    const envelope = envelopeId ? fake.envelopes.get(envelopeId) : undefined;
    if (!envelope) return restError(response, 400, 'ENVELOPE_DOES_NOT_EXIST', 'The envelope does not exist.');
    if (viewPath) {
      if (request.method !== 'POST')
        return restError(response, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed.');
      return recipientView(envelope, JSON.parse(raw), answer);
    }
    if (request.method === 'GET') return send(response, 200, { envelopeId, status: envelope.status });
    if (request.method === 'PUT') return update(envelope, JSON.parse(raw), answer);
    return restError(response, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.settings = {
    integrationKey,
    userId,
    privateKey: createPrivateKey(keys.privateKey),
    authServer: fake.url,
  };
  fake.close = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
