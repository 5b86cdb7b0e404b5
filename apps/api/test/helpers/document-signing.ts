import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DocusignSettings } from '../../src/config/document-signing.js';

/** An RSA key pair as DocuSign's Apps and Keys page makes one (the private half in PKCS#1 PEM). */
export function rsaKeyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
}

/**
 * DocuSign settings for a production-mode test app that never sends a contract: production refuses to run without
 * them, and the sandbox signer is unreachable there. Nothing listens on the auth server's port.
 */
export function unusedDocusignSettings(): DocusignSettings {
  return {
    integrationKey: '00000000-0000-4000-8000-000000000001',
    userId: '00000000-0000-4000-8000-000000000002',
    privateKey: createPrivateKey(rsaKeyPair().privateKey),
    authServer: 'http://127.0.0.1:9',
  };
}

let keyFile: string | undefined;

/** The DOCUSIGN_* settings production requires, the RSA key in a PEM file written once per test process. */
export function productionSigningEnv(): Record<string, string> {
  if (!keyFile) {
    keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'voltin-docusign-')), 'docusign.pem');
    writeFileSync(keyFile, rsaKeyPair().privateKey, { mode: 0o600 });
  }
  return {
    DOCUSIGN_INTEGRATION_KEY: '00000000-0000-4000-8000-000000000001',
    DOCUSIGN_USER_ID: '00000000-0000-4000-8000-000000000002',
    DOCUSIGN_PRIVATE_KEY_FILE: keyFile,
    DOCUSIGN_AUTH_SERVER: 'account-d.docusign.com',
    DOCUSIGN_CONNECT_HMAC_KEYS: 'Yk0vW2sQx8bC1nE4rT7uI0pA3sD6fG9hJ2kL5zX8cV1=',
  };
}
