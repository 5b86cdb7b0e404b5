import { SignJWT } from 'jose';
import type { DocusignSettings } from '../../config/document-signing.js';
import {
  type DocumentSigningPort,
  type EnvelopeRequest,
  SigningRefusedError,
  SigningUnavailableError,
} from './port.js';

/**
 * DocuSign eSignature REST API v2.1, authenticated by the OAuth 2.0 JWT grant (an RS256 assertion for the
 * integration key, impersonating DOCUSIGN_USER_ID). The access token is kept until five minutes before it expires;
 * `GET /oauth/userinfo` tells each account's base_uri. Every call has a timeout.
 *
 * Retries (exponential backoff) only where repeating cannot do harm: the token, userinfo and GETs, send (a PUT of
 * status "sent" on an envelope already sent sends nothing twice), void (an envelope found voided is success) and
 * signing views (each call only mints a new one-time URL; one lost in transit is never used).
 * Creating an envelope is not repeated blindly: its answer may be lost after DocuSign created it, so before each new
 * attempt the envelope is looked up by Voltin's reference custom field (`voltinReference`) and reused when found.
 * A 401 gets a fresh token once; another 4xx is SigningRefusedError; 5xx, 429 and timeouts are
 * SigningUnavailableError. No request body, token or personal data is logged.
 */
export interface DocusignOptions extends DocusignSettings {
  /** Per-call limit; past it the call counts as unanswered. Default 15 s. */
  timeoutMs?: number;
  /** Calls made at most for one operation that is safe to repeat. Default 3. */
  attempts?: number;
  /** The first backoff; it doubles with each attempt. Default 500 ms. */
  backoffMs?: number;
  /** The clock (milliseconds), for the token's lifetime. */
  now?: () => number;
}

export const REFERENCE_FIELD = 'voltinReference';
const JWT_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_MARGIN_SECONDS = 300;

/** The fields of DocuSign's answers (OAuth and eSignature REST) this adapter reads. */
interface AnswerBody {
  access_token?: unknown;
  expires_in?: unknown;
  error?: string;
  error_description?: string;
  errorCode?: string;
  message?: string;
  envelopeId?: unknown;
  url?: unknown;
  status?: string;
  accounts?: Array<{ account_id?: string; base_uri?: string }>;
  envelopes?: Array<{
    envelopeId?: string;
    customFields?: { textCustomFields?: Array<{ name?: string; value?: string }> };
  }>;
}

interface Answer {
  status: number;
  body: AnswerBody;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** DocuSign's error body: REST `{ errorCode, message }`, OAuth `{ error, error_description }`. */
function problemOf(answer: Answer): string {
  const { errorCode, message, error, error_description: description } = answer.body;
  return [errorCode ?? error, message ?? description].filter(Boolean).join(': ') || `HTTP ${answer.status}`;
}

const retryable = (status: number) => status >= 500 || status === 429;

function fileExtension(document: EnvelopeRequest['documents'][number]): string {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(document.name)?.[1];
  if (fromName) return fromName.toLowerCase();
  return document.contentType === 'application/pdf' ? 'pdf' : (document.contentType.split('/')[1] ?? 'pdf');
}

/**
 * DocuSign identifies a captive signer by name, email and clientUserId together, so it needs an email even for a
 * customer who has none. That customer gets an address in the reserved `.invalid` domain (RFC 6761) made from the
 * clientUserId: DocuSign sends captive signers no invitation, and anything it might send later (a completed copy,
 * if the account is set to) can never reach a stranger's mailbox, as a made-up real-looking address could.
 */
export function captiveEmail(signer: { email: string | null; clientUserId: string }): string {
  return signer.email ?? `signer-${signer.clientUserId.replace(/[^A-Za-z0-9._-]/g, '-')}@no-email.invalid`;
}

/**
 * How the signer gets the envelope: a captive signer (clientUserId) gets nothing and signs through a recipient view;
 * another gets an email when they have an address, otherwise an SMS to their (US) phone number.
 */
function delivery(signer: EnvelopeRequest['signer']) {
  const { clientUserId } = signer;
  if (clientUserId) return { email: captiveEmail({ email: signer.email, clientUserId }), clientUserId };
  if (signer.email) return { email: signer.email };
  return {
    deliveryMethod: 'SMS',
    phoneNumber: { countryCode: '1', number: signer.phone.replace(/\D/g, '') },
  };
}

/** The Envelopes:create body: a draft (status "created") carrying Voltin's reference in a hidden custom field. */
export function envelopeDefinition(request: EnvelopeRequest) {
  const common = {
    emailSubject: request.emailSubject,
    status: 'created',
    customFields: {
      textCustomFields: [
        { name: REFERENCE_FIELD, value: request.reference, show: 'false', required: 'false' },
      ],
    },
  };
  const signer = { name: request.signer.name, ...delivery(request.signer) };
  if (request.template) {
    return {
      ...common,
      templateId: request.template.templateId,
      templateRoles: [{ roleName: request.template.roleName, ...signer }],
    };
  }
  if (request.documents.length === 0) {
    throw new SigningRefusedError(
      'The contract has no document to sign: upload one to the prospect, or configure a DocuSign template for the company.',
    );
  }
  return {
    ...common,
    documents: request.documents.map((document, index) => ({
      documentId: String(index + 1),
      name: document.name,
      fileExtension: fileExtension(document),
      documentBase64: document.content.toString('base64'),
    })),
    // No tabs: the signer places the signature (free-form signing); a template places the fields.
    recipients: { signers: [{ recipientId: '1', routingOrder: '1', ...signer }] },
  };
}

export function createDocusignSigning(options: DocusignOptions): DocumentSigningPort {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const now = options.now ?? Date.now;
  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;
  const baseUris = new Map<string, string>();

  /** One HTTP exchange; no answer in time or no connection is SigningUnavailableError. */
  async function exchange(what: string, url: string, init: RequestInit): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const name = (error as Error).name;
      throw new SigningUnavailableError(
        name === 'TimeoutError' || name === 'AbortError'
          ? `DocuSign did not answer ${what} within ${timeoutMs} ms.`
          : `DocuSign could not be reached for ${what}.`,
      );
    }
    const text = await response.text().catch(() => '');
    let body: AnswerBody = {};
    try {
      body = text ? (JSON.parse(text) as AnswerBody) : {};
    } catch {}
    return { status: response.status, body };
  }

  /** Repeats an exchange that is safe to repeat while DocuSign is unavailable, backing off between attempts. */
  async function withRetries(what: string, run: () => Promise<Answer>): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      let answer: Answer | null = null;
      let failure: SigningUnavailableError | null = null;
      try {
        answer = await run();
      } catch (error) {
        if (!(error instanceof SigningUnavailableError)) throw error;
        failure = error;
      }
      if (answer && !retryable(answer.status)) return answer;
      if (attempt >= attempts) {
        throw failure ?? new SigningUnavailableError(`DocuSign failed ${what}: ${problemOf(answer!)}.`);
      }
      await sleep(backoffMs * 2 ** (attempt - 1));
    }
  }

  async function assertion(): Promise<string> {
    const issuedAt = Math.floor(now() / 1000);
    return new SignJWT({ scope: 'signature impersonation' })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(options.integrationKey)
      .setSubject(options.userId)
      .setAudience(new URL(options.authServer).host)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(options.privateKey);
  }

  async function requestToken(): Promise<string> {
    const answer = await withRetries('the JWT grant', async () =>
      exchange('the JWT grant', `${options.authServer}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: JWT_GRANT, assertion: await assertion() }).toString(),
      }),
    );
    if (answer.status !== 200 || typeof answer.body.access_token !== 'string') {
      const consent =
        answer.body.error === 'consent_required' ? ' (the user has not granted consent yet)' : '';
      throw new SigningRefusedError(`DocuSign refused the JWT grant${consent}: ${problemOf(answer)}.`);
    }
    const lifetime = Number(answer.body.expires_in) || 3600;
    token = {
      value: answer.body.access_token,
      renewAt: now() + Math.max(lifetime - TOKEN_MARGIN_SECONDS, lifetime / 2) * 1000,
    };
    return token.value;
  }

  /** The cached token, or one new token shared by every call that needs it now. */
  function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    pendingToken ??= requestToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function baseUriOf(accountId: string): Promise<string> {
    const known = baseUris.get(accountId);
    if (known) return known;
    const answer = await authorized('userinfo', true, (bearer) =>
      exchange('userinfo', `${options.authServer}/oauth/userinfo`, {
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
      }),
    );
    const account = (answer.body.accounts ?? []).find((a) => a.account_id === accountId);
    if (!account?.base_uri) {
      throw new SigningRefusedError(
        `The DocuSign user of this integration has no access to account ${accountId}.`,
      );
    }
    baseUris.set(accountId, account.base_uri.replace(/\/+$/, ''));
    return baseUris.get(accountId)!;
  }

  /**
   * Runs a call with the access token: a 401 gets one fresh token and one more try (DocuSign did nothing with an
   * unauthenticated call); another 4xx is a refusal.
   */
  async function authorized(
    what: string,
    repeatable: boolean,
    call: (bearer: string) => Promise<Answer>,
  ): Promise<Answer> {
    const run = (bearer: string) => (repeatable ? withRetries(what, () => call(bearer)) : call(bearer));
    let answer = await run(await accessToken());
    if (answer.status === 401) {
      token = null;
      answer = await run(await accessToken());
    }
    if (retryable(answer.status)) {
      throw new SigningUnavailableError(`DocuSign failed ${what}: ${problemOf(answer)}.`);
    }
    if (answer.status >= 400)
      throw new SigningRefusedError(`DocuSign refused ${what}: ${problemOf(answer)}.`);
    return answer;
  }

  async function api(
    accountId: string,
    what: string,
    repeatable: boolean,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer> {
    const base = `${await baseUriOf(accountId)}/restapi/v2.1/accounts/${encodeURIComponent(accountId)}`;
    return authorized(what, repeatable, (bearer) =>
      exchange(what, `${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }

  /** The draft envelope carrying this reference, created in the last day, if DocuSign has one. */
  async function findByReference(accountId: string, reference: string): Promise<string | null> {
    const query = new URLSearchParams({
      from_date: new Date(now() - 86_400_000).toISOString(),
      status: 'created',
      custom_field: `${REFERENCE_FIELD}=${reference}`,
      include: 'custom_fields',
    });
    const answer = await api(accountId, 'the envelope search', true, 'GET', `/envelopes?${query}`);
    // custom_field matches values that contain the text: only an exact match is this envelope.
    const match = (answer.body.envelopes ?? []).find((e) =>
      e.customFields?.textCustomFields?.some((f) => f.name === REFERENCE_FIELD && f.value === reference),
    );
    return match?.envelopeId ?? null;
  }

  async function statusOf(accountId: string, envelopeId: string): Promise<string | undefined> {
    const answer = await api(accountId, 'the envelope status', true, 'GET', `/envelopes/${envelopeId}`);
    return answer.body.status;
  }

  /** A PUT of the envelope's status; refused but already in one of `done` counts as done (a repeated call). */
  async function moveEnvelope(
    accountId: string,
    envelopeId: string,
    what: string,
    body: Record<string, string>,
    done: string[],
  ) {
    try {
      await api(accountId, what, true, 'PUT', `/envelopes/${envelopeId}`, body);
    } catch (error) {
      if (!(error instanceof SigningRefusedError)) throw error;
      const status = await statusOf(accountId, envelopeId).catch(() => undefined);
      if (!status || !done.includes(status)) throw error;
    }
  }

  return {
    async createEnvelope(request) {
      const definition = envelopeDefinition(request);
      let lastFailure: SigningUnavailableError | null = null;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          const answer = await api(
            request.accountId,
            'the envelope creation',
            false,
            'POST',
            '/envelopes',
            definition,
          );
          if (typeof answer.body.envelopeId !== 'string') {
            throw new SigningUnavailableError(
              'DocuSign answered the envelope creation without an envelopeId.',
            );
          }
          return { envelopeId: answer.body.envelopeId };
        } catch (error) {
          if (!(error instanceof SigningUnavailableError)) throw error;
          lastFailure = error;
        }
        // The creation may have happened before its answer was lost: reuse it rather than make a second envelope.
        const existing = await findByReference(request.accountId, request.reference);
        if (existing) return { envelopeId: existing };
        if (attempt < attempts) await sleep(backoffMs * 2 ** (attempt - 1));
      }
      throw lastFailure!;
    },
    async sendEnvelope(accountId, envelopeId) {
      await moveEnvelope(accountId, envelopeId, 'sending the envelope', { status: 'sent' }, [
        'sent',
        'delivered',
        'completed',
      ]);
    },
    async createRecipientView(accountId, envelopeId, { returnUrl, signer }) {
      // Named by userName, email and clientUserId (never recipientId: a template's role decides that one).
      const answer = await api(
        accountId,
        'the signing view',
        true,
        'POST',
        `/envelopes/${envelopeId}/views/recipient`,
        {
          // Voltin does not authenticate the signer: the sales representative is with them.
          authenticationMethod: 'none',
          clientUserId: signer.clientUserId,
          userName: signer.name,
          email: captiveEmail(signer),
          returnUrl,
        },
      );
      if (typeof answer.body.url !== 'string') {
        throw new SigningUnavailableError('DocuSign answered the signing view without a url.');
      }
      return { url: answer.body.url };
    },
    async voidEnvelope(accountId, envelopeId, reason) {
      await moveEnvelope(
        accountId,
        envelopeId,
        'voiding the envelope',
        { status: 'voided', voidedReason: reason },
        ['voided'],
      );
    },
  };
}
