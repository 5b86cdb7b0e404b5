import { describe, expect, it } from 'vitest';
import { checkSignedPath, signPath } from '../../src/security/signed-urls.js';

const key = { current: Buffer.alloc(32, 1), previous: [] };
const otherKey = { current: Buffer.alloc(32, 2), previous: [] };

describe('signed links', () => {
  it('are valid until they expire, then expired', () => {
    const url = signPath(key, '/api/v1/files/7/download?name=efl.pdf', 2_000);
    expect(url).toMatch(/^\/api\/v1\/files\/7\/download\?name=efl\.pdf&expires=2000&signature=[0-9a-f]{64}$/);
    expect(checkSignedPath(key, url, 1_999)).toBe('valid');
    expect(checkSignedPath(key, url, 2_001)).toBe('expired');
  });

  it('are invalid when any part is changed or another key signed them', () => {
    const url = signPath(key, '/api/v1/files/7/download', 2_000);
    expect(checkSignedPath(key, url.replace('/7/', '/8/'), 1_000)).toBe('invalid');
    expect(checkSignedPath(key, url.replace('expires=2000', 'expires=9000'), 1_000)).toBe('invalid');
    expect(checkSignedPath(otherKey, url, 1_000)).toBe('invalid');
    expect(checkSignedPath(key, '/api/v1/files/7/download', 1_000)).toBe('invalid');
  });

  it('signed with a previous master key, stay valid until they expire while that key is configured', () => {
    const beforeRotation = signPath(key, '/api/v1/files/7/download', 2_000);
    const afterRotation = { current: otherKey.current, previous: [key.current] };
    expect(checkSignedPath(afterRotation, beforeRotation, 1_999)).toBe('valid');
    expect(checkSignedPath(afterRotation, beforeRotation, 2_001)).toBe('expired');
    expect(signPath(afterRotation, '/api/v1/files/7/download', 2_000)).toBe(
      signPath(otherKey, '/api/v1/files/7/download', 2_000),
    );
    expect(checkSignedPath(otherKey, beforeRotation, 1_999)).toBe('invalid');
  });
});
