import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque bearer secret: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256Hex(key: string | Buffer, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
