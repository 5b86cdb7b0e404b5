import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueAccessToken, verifyAccessToken } from '../../src/security/access-tokens.js';

const key = new Uint8Array(32).fill(7);
const claims = { accountId: 12, companyId: 3 };
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

function signed(header: unknown, payload: unknown, signingKey: Uint8Array = key) {
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${createHmac('sha256', signingKey).update(input).digest('base64url')}`;
}

describe('access tokens (HS256 JWT)', () => {
  it('carry the account and company, the issuer, audience, a unique id and the expiry', () => {
    const token = issueAccessToken(key, claims, 900);
    expect(verifyAccessToken(key, token)).toEqual({ status: 'valid', claims });
    const payload = payloadOf(token);
    expect(payload).toMatchObject({ sub: '12', cid: 3, iss: 'voltin', aud: 'voltin-api' });
    expect(payload.exp - payload.iat).toBe(900);
    expect(payloadOf(issueAccessToken(key, claims, 900)).jti).not.toBe(payload.jti);
  });

  it('tell an expired token apart, with its claims, so a refresh can accept it', () => {
    expect(verifyAccessToken(key, issueAccessToken(key, claims, -1))).toEqual({ status: 'expired', claims });
  });

  it('refuse another key, a changed payload, another algorithm and foreign claims', () => {
    const token = issueAccessToken(key, claims, 900);
    const [header, , sig] = token.split('.');
    const good = payloadOf(token);
    const refused = [
      issueAccessToken(new Uint8Array(32).fill(8), claims, 900),
      `${header}.${encode({ ...good, cid: 4 })}.${sig}`,
      signed({ alg: 'none', typ: 'JWT' }, good),
      `${encode({ alg: 'none' })}.${encode(good)}.`,
      signed({ alg: 'HS256' }, { ...good, aud: 'someone-else' }),
      signed({ alg: 'HS256' }, { ...good, iss: 'someone-else' }),
      signed({ alg: 'HS256' }, { ...good, exp: undefined }),
      signed({ alg: 'HS256' }, { ...good, sub: 12 }),
      signed({ alg: 'HS256' }, { ...good, nbf: good.iat + 3600 }),
      signed({ alg: 'HS256' }, [good]),
      'a.b.c',
      'not-a-token',
      '',
    ];
    for (const candidate of refused) expect(verifyAccessToken(key, candidate)).toEqual({ status: 'invalid' });
  });
});
