/**
 * The document-signing service (DocuSign in production) as Voltin needs it: create an envelope for a
 * prospect's contract, send it to the signer, open a signing view for a signer who signs in person, and void it when
 * the prospect is cancelled or expires.
 * What happens to the envelope afterwards arrives through the signed Connect webhook (POST /webhooks/docusign).
 *
 * The caller records the envelope under its `reference` (signing_envelopes, owned by the prospects module) before
 * asking for it to be created, so an envelope is never created that Voltin has no record of.
 */
export interface EnvelopeRequest {
  /** The signing service account the envelope is created in (DocuSign account GUID). */
  accountId: string;
  emailSubject: string;
  /**
   * A signer with a `clientUserId` is captive (signs in person): the service sends them nothing and they sign through
   * a recipient view (createRecipientView). Without one, the service emails (or texts) them the signing link.
   */
  signer: { name: string; email: string | null; phone: string; clientUserId: string | null };
  /** The documents to sign, when no template is given (a template brings its own). */
  documents: Array<{ name: string; contentType: string; content: Buffer }>;
  /** A template of the signing account to build the envelope from; the signer fills its role. */
  template: { templateId: string; roleName: string } | null;
  /** Voltin's own reference, unique per envelope, echoed by the signing service in a custom field. */
  reference: string;
}

/** Who asks for a signing view: the envelope's captive signer, named as the envelope was created. */
export interface RecipientViewRequest {
  /** Where the signing service sends the browser when the session ends, adding `event=signing_complete` and so on. */
  returnUrl: string;
  signer: { name: string; email: string | null; clientUserId: string };
}

/** A signing view URL works once, and only within this many seconds of being made (DocuSign's rule). */
export const RECIPIENT_VIEW_LIFETIME_SECONDS = 300;

export interface DocumentSigningPort {
  /** Creates a draft envelope; returns its id. */
  createEnvelope(request: EnvelopeRequest): Promise<{ envelopeId: string }>;
  /** Sends a draft envelope to its signer. */
  sendEnvelope(accountId: string, envelopeId: string): Promise<void>;
  /**
   * A one-time URL where the captive signer of a sent envelope signs it (see RECIPIENT_VIEW_LIFETIME_SECONDS).
   * Each call makes a new URL and changes nothing else, so it is safe to repeat.
   */
  createRecipientView(
    accountId: string,
    envelopeId: string,
    request: RecipientViewRequest,
  ): Promise<{ url: string }>;
  /** Voids an envelope; voiding one that is already voided succeeds. */
  voidEnvelope(accountId: string, envelopeId: string, reason: string): Promise<void>;
}

/** The signing service could not be reached or did not answer; nothing was created or changed there. */
export class SigningUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningUnavailableError';
  }
}

/** The signing service answered and refused the call (bad document, unknown template, no permission). */
export class SigningRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningRefusedError';
  }
}
