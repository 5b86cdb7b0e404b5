/**
 * The document-signing service (DocuSign in production) as Voltin needs it: create an envelope for a
 * prospect's contract, send it to the signer, and void it when the prospect is cancelled or expires.
 * What happens to the envelope afterwards arrives through the signed Connect webhook (POST /webhooks/docusign).
 */
export interface EnvelopeRequest {
  /** The signing service account the envelope is created in (DocuSign account GUID). */
  accountId: string;
  emailSubject: string;
  signer: { name: string; email: string | null; phone: string };
  documents: Array<{ name: string; url: string }>;
  /** Voltin's own reference, echoed by the signing service in custom fields. */
  reference: string;
}

export interface DocumentSigningPort {
  /** Creates a draft envelope; returns its id. */
  createEnvelope(request: EnvelopeRequest): Promise<{ envelopeId: string }>;
  /** Sends a draft envelope to its signer. */
  sendEnvelope(accountId: string, envelopeId: string): Promise<void>;
  voidEnvelope(accountId: string, envelopeId: string, reason: string): Promise<void>;
}

/** The signing service could not be reached or refused the call; nothing was created or changed there. */
export class SigningUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningUnavailableError';
  }
}
