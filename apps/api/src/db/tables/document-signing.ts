/**
 * The in-process sandbox signing service's own side of each envelope (adapters/document-signing/store.ts), in the
 * database so sandbox envelopes survive a restart and are the same on every node.
 */
export interface SandboxSigningEnvelopesTable {
  /** The id the sandbox gave the envelope when it created it. */
  envelope_id: string;
  /** created, unsendable, sent, voided, completed or declined (SandboxEnvelopeState). */
  state: string;
  /** The captive signer the envelope was created with, for an in-person envelope; every signing view names it. */
  client_user_id: string | null;
  created_at: string;
}

export interface DocumentSigningTables {
  sandbox_signing_envelopes: SandboxSigningEnvelopesTable;
}
