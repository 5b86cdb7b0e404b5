import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** "v2:KEYID:iv:tag:ciphertext": names the master key that sealed it, so a rotation knows what is left to re-seal. */
const KEYED = 'v2';
/** "v1:iv:tag:ciphertext", written before values named their key; opened with whichever key the node holds fits. */
const UNKEYED = 'v1';

export interface SecretBoxKey {
  /** The master key's id (keys.ts): not secret, it only names the key. */
  id: string;
  key: Buffer;
}

/**
 * The keys of encryption at rest: the current master key's, which seals, and the previous master keys', which only
 * open (values sealed before a rotation, until `npm run keys:rotate` has re-sealed them).
 */
export interface SecretBox {
  current: SecretBoxKey;
  previous: readonly SecretBoxKey[];
}

/** AES-256-GCM for secrets and personal data at rest, under the current key: "v2:KEYID:iv:tag:ciphertext", base64. */
export function seal(box: SecretBox, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', box.current.key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    sealedPrefix(box),
    iv.toString('base64'),
    cipher.getAuthTag().toString('base64'),
    ciphertext.toString('base64'),
  ].join(':');
}

/** What every value sealed under the current key starts with (the rotation looks for values without it). */
export function sealedPrefix(box: SecretBox): string {
  return `${KEYED}:${box.current.id}`;
}

export function open(box: SecretBox, sealed: string): string {
  const parts = sealed.split(':');
  if (parts[0] === KEYED && parts.length === 5) {
    const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
    const key = [box.current, ...box.previous].find((candidate) => candidate.id === keyId);
    if (!key)
      throw new Error(
        `A value is sealed under master key ${keyId}, which this node does not hold: add that key to VOLTIN_PREVIOUS_MASTER_KEYS until \`npm run keys:rotate\` has re-sealed every value`,
      );
    return decrypt(key.key, iv, tag, ciphertext);
  }
  if (parts[0] === UNKEYED && parts.length === 4) {
    const [, iv, tag, ciphertext] = parts as [string, string, string, string];
    // GCM's tag tells the key that sealed it: every other key fails to authenticate.
    for (const candidate of [box.current, ...box.previous]) {
      try {
        return decrypt(candidate.key, iv, tag, ciphertext);
      } catch {}
    }
    throw new Error(
      'A value sealed before values named their key opens with none of the keys this node holds',
    );
  }
  throw new Error('Unrecognised sealed value');
}

function decrypt(key: Buffer, iv: string, tag: string, ciphertext: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
    'utf8',
  );
}
