import { describe, expect, it } from 'vitest';
import { checkSignedPath, signPath } from '../../src/security/signed-urls.js';

const key = Buffer.alloc(32, 1);

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
    expect(checkSignedPath(Buffer.alloc(32, 2), url, 1_000)).toBe('invalid');
    expect(checkSignedPath(key, '/api/v1/files/7/download', 1_000)).toBe('invalid');
  });
});
