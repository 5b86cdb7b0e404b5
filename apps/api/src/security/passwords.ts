import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function optionsFor(log2N: number, r: number, p: number): ScryptOptions {
  return { N: 2 ** log2N, r, p, maxmem: 256 * 2 ** log2N * r };
}

/** scrypt with its cost stored beside the hash ("scrypt$log2N$r$p$salt$hash"), so the cost can rise later. */
export async function hashPassword(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, optionsFor(log2N, 8, 1));
  return ['scrypt', log2N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), optionsFor(+log2N!, +r!, +p!));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;
/** Spends the same time as a real check when the user does not exist, so timing does not reveal usernames. */
export async function verifyAgainstDecoy(password: string, log2N: number): Promise<false> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'), log2N);
  await verifyPassword(password, await decoy);
  return false;
}
