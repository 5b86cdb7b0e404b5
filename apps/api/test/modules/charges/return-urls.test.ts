import { describe, expect, it } from 'vitest';
import { allowedReturnUrl, registeredOriginsOf } from '../../../src/modules/charges/return-urls.js';

const REGISTERED = ['http://localhost:3002', 'http://localhost:*', 'https://pay.bluebonnet.example'];

/** The URL allowed, or the refusal's code and details. */
function judge(value: string, registered = REGISTERED) {
  try {
    return allowedReturnUrl(value, registered, 'callbackSuccessURL').href;
  } catch (error) {
    return (
      (error as { code: string; details: string[] }).code + ` ${(error as { details: string[] }).details}`
    );
  }
}
const REFUSED = 'RETURN_URL_NOT_ALLOWED callbackSuccessURL: origin not in payment_return_origins';

describe('hosted payment return URLs: only registered origins, compared parsed', () => {
  it('allows a URL on a registered origin, answering it parsed', () => {
    expect(judge('http://localhost:3002/ok?order=7')).toBe('http://localhost:3002/ok?order=7');
    expect(judge('https://pay.bluebonnet.example/back')).toBe('https://pay.bluebonnet.example/back');
    expect(judge('https://pay.bluebonnet.example:443/back')).toBe('https://pay.bluebonnet.example/back');
    expect(judge('HTTP://LOCALHOST:3002/ok')).toBe('http://localhost:3002/ok');
  });

  it('refuses another port, scheme or host of an exactly registered origin', () => {
    const exact = ['http://localhost:3002'];
    expect(judge('http://localhost:3003/ok', exact)).toBe(REFUSED);
    expect(judge('http://localhost/ok', exact)).toBe(REFUSED);
    expect(judge('https://localhost:3002/ok', exact)).toBe(REFUSED);
    expect(judge('http://127.0.0.1:3002/ok', exact)).toBe(REFUSED);
    expect(judge('http://pay.bluebonnet.example/back')).toBe(REFUSED);
    expect(judge('https://pay.bluebonnet.example:8443/back')).toBe(REFUSED);
  });

  it('an origin ending in :* stands for that scheme and host on any port, and nothing else', () => {
    const anyPort = ['http://localhost:*'];
    expect(judge('http://localhost:8123/back', anyPort)).toBe('http://localhost:8123/back');
    expect(judge('http://localhost/x', anyPort)).toBe('http://localhost/x');
    expect(judge('https://localhost:8123/back', anyPort)).toBe(REFUSED);
    expect(judge('http://localhost.evil.example:8123/back', anyPort)).toBe(REFUSED);
    expect(judge('http://evil.example:8123/?x=http://localhost', anyPort)).toBe(REFUSED);
  });

  it('refuses look-alikes, other schemes, credentials and URLs a browser would read another way', () => {
    for (const value of [
      'http://localhost.evil.example/ok',
      'http://evil.example/?x=http://localhost:3002',
      'http://localhost:3002@evil.example/ok',
      'http://user:pw@localhost:3002/ok',
      'http://user@localhost:3002/ok',
      'http://:pw@localhost:3002/ok',
      '//localhost:3002/ok',
      'http:///localhost:3002/ok',
      'http:\\\\localhost:3002/ok',
      'http:/\\localhost:3002/ok',
      'javascript:alert(1)//http://localhost:3002',
      'ftp://localhost:3002/ok',
      ' http://localhost:3002/ok',
      'localhost:3002/ok',
      'http://[::1:3002/ok',
      '',
    ])
      expect(judge(value), value).toBe(REFUSED);
  });

  it('a registered entry that is not an http(s) origin, or has credentials, matches nothing', () => {
    expect(judge('http://localhost:3002/ok', ['localhost:3002', 'ftp://localhost:3002'])).toBe(REFUSED);
    expect(judge('http://localhost:3002/ok', ['http://u:p@localhost:3002'])).toBe(REFUSED);
    expect(judge('http://localhost:3002/ok', ['ftp://localhost:*'])).toBe(REFUSED);
    expect(judge('http://localhost:3002/ok', [])).toBe(REFUSED);
  });

  it('names the parameter it refuses', () => {
    expect(() => allowedReturnUrl('https://evil.example', REGISTERED, 'callbackErrorURL')).toThrow(
      expect.objectContaining({
        code: 'RETURN_URL_NOT_ALLOWED',
        details: ['callbackErrorURL: origin not in payment_return_origins'],
      }),
    );
  });
});

describe('the payment_return_origins setting', () => {
  it('is a JSON list of origins; other entries and anything else register nothing', () => {
    expect(registeredOriginsOf('["http://localhost:3002","http://localhost:*"]')).toEqual([
      'http://localhost:3002',
      'http://localhost:*',
    ]);
    expect(registeredOriginsOf('["http://localhost:3002", 7, null, {"a": 1}]')).toEqual([
      'http://localhost:3002',
    ]);
    expect(registeredOriginsOf('"http://localhost:3002"')).toEqual([]);
    expect(registeredOriginsOf('{"origins": ["http://localhost:3002"]}')).toEqual([]);
    expect(registeredOriginsOf('not json')).toEqual([]);
    expect(registeredOriginsOf('')).toEqual([]);
  });
});
