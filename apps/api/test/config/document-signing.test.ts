import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentSigningFrom } from '../../src/config/document-signing.js';
import { productionSigningEnv } from '../helpers/document-signing.js';

const dir = mkdtempSync(path.join(tmpdir(), 'voltin-signing-config-'));
const file = (name: string, content: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, content);
  return at;
};
const check = (env: Record<string, string>, mode: 'sandbox' | 'production') => {
  const problems: string[] = [];
  return { config: documentSigningFrom(env, mode, problems), problems };
};

describe('document-signing settings', () => {
  it('production reads every DocuSign setting; the PKCS#1 key DocuSign generates is accepted', () => {
    const { config, problems } = check(productionSigningEnv(), 'production');
    expect(problems).toEqual([]);
    expect(config.docusign).toMatchObject({
      integrationKey: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000002',
      authServer: 'https://account-d.docusign.com',
    });
    expect(config.docusign?.privateKey.asymmetricKeyType).toBe('rsa');
    expect(config.connectHmacKeys).toEqual(['Yk0vW2sQx8bC1nE4rT7uI0pA3sD6fG9hJ2kL5zX8cV1=']);
  });

  it('production names each missing setting', () => {
    const { config, problems } = check({}, 'production');
    expect(config.docusign).toBeNull();
    expect(problems).toEqual([
      expect.stringMatching(/^DOCUSIGN_CONNECT_HMAC_KEYS is required in production/),
      'DOCUSIGN_INTEGRATION_KEY is required in production',
      'DOCUSIGN_USER_ID is required in production',
      'DOCUSIGN_PRIVATE_KEY_FILE is required in production',
      expect.stringMatching(/^DOCUSIGN_AUTH_SERVER is required in production/),
    ]);
  });

  it('production refuses a bad GUID, an unreadable or non-RSA key file, plain http and short Connect keys', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const { problems } = check(
      {
        ...productionSigningEnv(),
        DOCUSIGN_INTEGRATION_KEY: 'my-app',
        DOCUSIGN_PRIVATE_KEY_FILE: file('ec.pem', ec.toString()),
        DOCUSIGN_AUTH_SERVER: 'http://account.docusign.com',
        DOCUSIGN_CONNECT_HMAC_KEYS: 'short',
      },
      'production',
    );
    expect(problems).toEqual([
      'DOCUSIGN_CONNECT_HMAC_KEYS must list Connect HMAC keys as DocuSign shows them (44 characters each)',
      `DOCUSIGN_INTEGRATION_KEY must be a GUID as DocuSign's Apps and Keys page shows it (got "my-app")`,
      'DOCUSIGN_AUTH_SERVER must be a host name such as account.docusign.com (https) (got "http://account.docusign.com")',
      expect.stringMatching(
        /^DOCUSIGN_PRIVATE_KEY_FILE must hold the integration key's RSA private key in PEM/,
      ),
    ]);
    const missing = path.join(dir, 'missing.pem');
    expect(
      check({ ...productionSigningEnv(), DOCUSIGN_PRIVATE_KEY_FILE: missing }, 'production').problems,
    ).toEqual([`DOCUSIGN_PRIVATE_KEY_FILE names a file Voltin cannot read (${missing}: ENOENT)`]);
  });

  it('takes two Connect keys during a rotation', () => {
    const keys = ['A'.repeat(44), 'B'.repeat(44)];
    expect(
      check({ DOCUSIGN_CONNECT_HMAC_KEYS: ` ${keys[0]} , ${keys[1]} ` }, 'sandbox').config.connectHmacKeys,
    ).toEqual(keys);
  });

  it('the sandbox without settings uses its in-process signer; with some of them, it names the rest', () => {
    expect(check({}, 'sandbox')).toEqual({ config: { docusign: null, connectHmacKeys: [] }, problems: [] });
    const { DOCUSIGN_AUTH_SERVER: _, ...env } = productionSigningEnv();
    expect(check(env, 'sandbox').config.docusign?.authServer).toBe('https://account-d.docusign.com');
    expect(check({ DOCUSIGN_USER_ID: env.DOCUSIGN_USER_ID! }, 'sandbox').problems).toEqual([
      'DOCUSIGN_INTEGRATION_KEY is required when any DocuSign setting is given',
      'DOCUSIGN_PRIVATE_KEY_FILE is required when any DocuSign setting is given',
    ]);
  });
});
