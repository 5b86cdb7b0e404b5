import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { epochSeconds } from '../../src/domain/clock.js';
import { issueAccessToken, verifyAccessToken } from '../../src/security/access-tokens.js';
import { manualClock } from '../helpers/clock.js';

const clock = manualClock();
const rawKey = new Uint8Array(32).fill(7);
const key = { current: rawKey, previous: [] };
const newKey = { current: new Uint8Array(32).fill(8), previous: [] };
const claims = { accountId: 12, companyId: 3, sessionId: 'family-1' };
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

function signed(header: unknown, payload: unknown) {
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${createHmac('sha256', rawKey).update(input).digest('base64url')}`;
}

describe('access tokens (HS256 JWT)', () => {
  it('carry the account, company and session, the issuer, audience, a unique id and the expiry', async () => {
    const token = await issueAccessToken(key, claims, 900, clock.now());
    expect(await verifyAccessToken(key, token, clock.now())).toEqual({ status: 'valid', claims });
    expect(await verifyAccessToken(key, token, clock.now())).toEqual({ status: 'valid', claims });
    const payload = payloadOf(token);
    expect(payload).toMatchObject({ sub: '12', cid: 3, sid: 'family-1', iss: 'voltin', aud: 'voltin-api' });
    expect(payload.exp - payload.iat).toBe(900);
    expect(payloadOf(await issueAccessToken(key, claims, 900, clock.now())).jti).not.toBe(payload.jti);
  });

  it('tell an expired token apart, with its claims, so a refresh can accept it', async () => {
    const expired = await issueAccessToken(key, claims, -1, clock.now());
    expect(await verifyAccessToken(key, expired, clock.now())).toEqual({ status: 'expired', claims });
  });

  it('stop accepting a remembered token once it expires', async () => {
    const payload = payloadOf(await issueAccessToken(key, claims, 900, clock.now()));
    const shortLived = signed({ alg: 'HS256' }, { ...payload, exp: epochSeconds(clock) + 1 });
    expect(await verifyAccessToken(key, shortLived, clock.now())).toEqual({ status: 'valid', claims });
    clock.advance(1);
    expect(await verifyAccessToken(key, shortLived, clock.now())).toEqual({ status: 'expired', claims });
  });

  it('refuse another key, a changed payload, another algorithm and foreign claims', async () => {
    const token = await issueAccessToken(key, claims, 900, clock.now());
    expect((await verifyAccessToken(key, token, clock.now())).status).toBe('valid');
    const [header, , signature] = token.split('.');
    const good = payloadOf(token);
    const refused = [
      await issueAccessToken(newKey, claims, 900, clock.now()),
      `${header}.${encode({ ...good, cid: 4 })}.${signature}`,
      signed({ alg: 'none', typ: 'JWT' }, good),
      `${encode({ alg: 'none' })}.${encode(good)}.`,
      signed({ alg: 'HS256' }, { ...good, aud: 'someone-else' }),
      signed({ alg: 'HS256' }, { ...good, iss: 'someone-else' }),
      signed({ alg: 'HS256' }, { ...good, sub: 'twelve' }),
      signed({ alg: 'HS256' }, { ...good, sid: undefined }),
      signed({ alg: 'HS256' }, { ...good, sid: 7 }),
      signed({ alg: 'HS256' }, { ...good, nbf: good.iat + 3600 }),
      'a.b.c',
      'not-a-token',
    ];
    for (const candidate of refused)
      expect({ candidate, verified: await verifyAccessToken(key, candidate, clock.now()) }).toEqual({
        candidate,
        verified: { status: 'invalid' },
      });
  });

  it('signed with a previous master key, stay valid until they expire while that key is configured; new ones use the new key', async () => {
    const rotated = { current: newKey.current, previous: [rawKey] };
    const beforeRotation = await issueAccessToken(key, claims, 900, clock.now());
    expect(await verifyAccessToken(rotated, beforeRotation, clock.now())).toEqual({
      status: 'valid',
      claims,
    });
    expect(
      await verifyAccessToken(rotated, await issueAccessToken(key, claims, -1, clock.now()), clock.now()),
    ).toEqual({
      status: 'expired',
      claims,
    });
    const afterRotation = await issueAccessToken(rotated, claims, 900, clock.now());
    expect(await verifyAccessToken(newKey, afterRotation, clock.now())).toEqual({ status: 'valid', claims });
    expect(await verifyAccessToken(key, afterRotation, clock.now())).toEqual({ status: 'invalid' });
    expect(await verifyAccessToken(newKey, beforeRotation, clock.now())).toEqual({ status: 'invalid' });
  });
});
