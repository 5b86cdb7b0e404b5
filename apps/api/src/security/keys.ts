import { hkdfSync } from 'node:crypto';

/** Purpose-bound keys derived from the one master key, so no two mechanisms ever share key material. */
export interface KeyRing {
  secretBox: Buffer;
  jwt: Uint8Array;
  lookup: Buffer;
  urlSigning: Buffer;
}

export function deriveKeys(masterKey: Buffer): KeyRing {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', masterKey, 'voltin', purpose, 32));
  return {
    secretBox: derive('secret-box:v1'),
    jwt: new Uint8Array(derive('jwt:v1')),
    lookup: derive('lookup-hash:v1'),
    urlSigning: derive('signed-url:v1'),
  };
}
