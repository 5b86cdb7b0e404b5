const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The query of a signed login (POST /api/v1/auth/login): `signature` is the lowercase hex HMAC-SHA256, keyed with the
 * account secret, of `token + ":" + timestamp`. Web Crypto, so it runs in Node 20+ and in browsers alike.
 */
export async function signedLoginQuery(apiKey: string, apiSecret: string, timestampSeconds: number) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(apiSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signed = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(`${apiKey}:${timestampSeconds}`),
  );
  return { token: apiKey, timestamp: String(timestampSeconds), signature: hex(signed) };
}
