import { hkdfSync } from 'node:crypto';
import type { SecretBox, SecretBoxKey } from './secret-box.js';

/** Keys of one purpose: the one a node signs with, and those of the previous master keys, still accepted. */
export interface SigningKeys<T> {
  current: T;
  previous: readonly T[];
}

/**
 * Purpose-bound keys derived from the master key, so no two mechanisms ever share key material; during a rotation
 * also from the previous master keys, which open, verify and never seal or sign.
 */
export interface KeyRing {
  /** Names the current master key in sealed values and in the rotate command's report; not secret. */
  keyId: string;
  secretBox: SecretBox;
  jwt: SigningKeys<Uint8Array>;
  lookup: Buffer;
  urlSigning: SigningKeys<Buffer>;
}

interface DerivedKeys {
  secretBox: SecretBoxKey;
  jwt: Uint8Array;
  lookup: Buffer;
  urlSigning: Buffer;
}

function derive(masterKey: Buffer): DerivedKeys {
  const key = (purpose: string, length = 32) =>
    Buffer.from(hkdfSync('sha256', masterKey, 'voltin', purpose, length));
  return {
    secretBox: { id: key('key-id:v1', 4).toString('hex'), key: key('secret-box:v1') },
    jwt: new Uint8Array(key('jwt:v1')),
    lookup: key('lookup-hash:v1'),
    urlSigning: key('signed-url:v1'),
  };
}

export function deriveKeys(masterKey: Buffer, previousMasterKeys: readonly Buffer[] = []): KeyRing {
  const current = derive(masterKey);
  const previous = previousMasterKeys.map(derive);
  return {
    keyId: current.secretBox.id,
    secretBox: { current: current.secretBox, previous: previous.map((p) => p.secretBox) },
    jwt: { current: current.jwt, previous: previous.map((p) => p.jwt) },
    lookup: current.lookup,
    urlSigning: { current: current.urlSigning, previous: previous.map((p) => p.urlSigning) },
  };
}
