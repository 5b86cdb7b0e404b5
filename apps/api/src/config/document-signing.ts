import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Mode } from './mode.js';

/** DocuSign's JWT grant: the integration (app), the user it acts as, the app's RSA key and the account server. */
export interface DocusignSettings {
  integrationKey: string;
  userId: string;
  /** The RSA private key whose public half is registered on the integration key; signs the JWT assertion. */
  privateKey: KeyObject;
  /** Origin of the OAuth server: https://account-d.docusign.com (developer) or https://account.docusign.com. */
  authServer: string;
}

export interface DocumentSigningConfig {
  /** Null only in the sandbox without DocuSign settings: contracts then go to the in-process sandbox signer. */
  docusign: DocusignSettings | null;
  /** DocuSign Connect HMAC keys (two during a rotation) that sign POST /webhooks/docusign. */
  connectHmacKeys: string[];
}

type Env = Record<string, string | undefined>;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DOCUSIGN_DEVELOPER_AUTH_SERVER = 'https://account-d.docusign.com';

/** A host name (account.docusign.com) or an origin; plain http only in the sandbox (a local fake). */
function authServerFrom(raw: string | undefined, mode: Mode, problems: string[]): string {
  const value = raw?.trim();
  if (!value) {
    if (mode === 'production') {
      problems.push(
        'DOCUSIGN_AUTH_SERVER is required in production (account.docusign.com, or account-d.docusign.com for a developer account)',
      );
    }
    return DOCUSIGN_DEVELOPER_AUTH_SERVER;
  }
  let url: URL | null = null;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`);
  } catch {}
  const allowed = mode === 'production' ? ['https:'] : ['https:', 'http:'];
  if (!url || !allowed.includes(url.protocol) || (url.pathname !== '/' && url.pathname !== '')) {
    problems.push(
      `DOCUSIGN_AUTH_SERVER must be a host name such as account.docusign.com${mode === 'production' ? ' (https)' : ''} (got "${value}")`,
    );
    return DOCUSIGN_DEVELOPER_AUTH_SERVER;
  }
  return url.origin;
}

function privateKeyFrom(file: string, problems: string[]): KeyObject | null {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    problems.push(
      `DOCUSIGN_PRIVATE_KEY_FILE names a file Voltin cannot read (${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`,
    );
    return null;
  }
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType === 'rsa') return key;
  } catch {}
  problems.push(
    `DOCUSIGN_PRIVATE_KEY_FILE must hold the integration key's RSA private key in PEM ("-----BEGIN RSA PRIVATE KEY-----" or PKCS#8) (${file})`,
  );
  return null;
}

function connectKeysFrom(raw: string | undefined, mode: Mode, problems: string[]): string[] {
  const keys = (raw ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (keys.length === 0 && mode === 'production') {
    problems.push(
      'DOCUSIGN_CONNECT_HMAC_KEYS is required in production: the HMAC key of the DocuSign Connect configuration (two, comma-separated, during a rotation)',
    );
  }
  if (keys.some((k) => k.length < 32)) {
    problems.push(
      'DOCUSIGN_CONNECT_HMAC_KEYS must list Connect HMAC keys as DocuSign shows them (44 characters each)',
    );
    return [];
  }
  return keys;
}

/**
 * The document-signing settings. Production needs all of them (a contract must reach DocuSign, a webhook must be
 * verifiable); the sandbox uses DocuSign when the integration settings are given and its in-process signer otherwise.
 */
export function documentSigningFrom(env: Env, mode: Mode, problems: string[]): DocumentSigningConfig {
  const connectHmacKeys = connectKeysFrom(env.DOCUSIGN_CONNECT_HMAC_KEYS, mode, problems);
  const given = {
    DOCUSIGN_INTEGRATION_KEY: env.DOCUSIGN_INTEGRATION_KEY?.trim() || '',
    DOCUSIGN_USER_ID: env.DOCUSIGN_USER_ID?.trim() || '',
    DOCUSIGN_PRIVATE_KEY_FILE: env.DOCUSIGN_PRIVATE_KEY_FILE?.trim() || '',
  };
  const missing = Object.entries(given).filter(([, value]) => value === '');
  if (mode === 'sandbox' && missing.length === 3) {
    if (env.DOCUSIGN_AUTH_SERVER?.trim()) {
      problems.push(
        'DOCUSIGN_AUTH_SERVER is set without DOCUSIGN_INTEGRATION_KEY, DOCUSIGN_USER_ID and DOCUSIGN_PRIVATE_KEY_FILE',
      );
    }
    return { docusign: null, connectHmacKeys };
  }
  const why = mode === 'production' ? 'in production' : 'when any DocuSign setting is given';
  for (const [name] of missing) problems.push(`${name} is required ${why}`);
  for (const name of ['DOCUSIGN_INTEGRATION_KEY', 'DOCUSIGN_USER_ID'] as const) {
    if (given[name] !== '' && !GUID.test(given[name])) {
      problems.push(
        `${name} must be a GUID as DocuSign's Apps and Keys page shows it (got "${given[name]}")`,
      );
    }
  }
  const authServer = authServerFrom(env.DOCUSIGN_AUTH_SERVER, mode, problems);
  const privateKey = given.DOCUSIGN_PRIVATE_KEY_FILE
    ? privateKeyFrom(given.DOCUSIGN_PRIVATE_KEY_FILE, problems)
    : null;
  if (missing.length > 0 || !privateKey) return { docusign: null, connectHmacKeys };
  return {
    docusign: {
      integrationKey: given.DOCUSIGN_INTEGRATION_KEY,
      userId: given.DOCUSIGN_USER_ID,
      privateKey,
      authServer,
    },
    connectHmacKeys,
  };
}
