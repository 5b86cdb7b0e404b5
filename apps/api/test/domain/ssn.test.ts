import { describe, expect, it } from 'vitest';
import { ssnDigits, validateSsn } from '../../src/domain/ssn.js';

describe('validateSsn', () => {
  it('accepts nine digits, with or without dashes in the 3-2-4 positions', () => {
    for (const ssn of ['536-22-1234', '536221234', ' 536-22-1234 ', '772-01-0001']) {
      expect(validateSsn(ssn), ssn).toEqual({ valid: true, error: null, error_msg: null });
    }
    expect(ssnDigits('536-22-1234')).toBe('536221234');
  });

  it.each([
    ['53622123', 'SSN_FORMAT'],
    ['5362212345', 'SSN_FORMAT'],
    ['536-221234', 'SSN_FORMAT'],
    ['5362-2-1234', 'SSN_FORMAT'],
    ['536 22 1234', 'SSN_FORMAT'],
    ['abc-de-fghi', 'SSN_FORMAT'],
    ['', 'SSN_FORMAT'],
    ['000-12-3456', 'SSN_AREA_INVALID'],
    ['666-12-3456', 'SSN_AREA_INVALID'],
    ['900-12-3456', 'SSN_AREA_INVALID'],
    ['999-12-3456', 'SSN_AREA_INVALID'],
    ['536-00-1234', 'SSN_GROUP_INVALID'],
    ['536-22-0000', 'SSN_SERIAL_INVALID'],
    ['078-05-1120', 'SSN_KNOWN_INVALID'],
    ['123-45-6789', 'SSN_KNOWN_INVALID'],
    ['219099999', 'SSN_KNOWN_INVALID'],
  ])('refuses %s with %s', (ssn, code) => {
    const result = validateSsn(ssn);
    expect(result.valid).toBe(false);
    expect(result.error).toBe(code);
    expect(result.error_msg).toMatch(/\.$/);
  });

  it('accepts the edges of the valid areas', () => {
    for (const area of ['001', '665', '667', '899']) expect(validateSsn(`${area}-12-3456`).valid).toBe(true);
  });

  it('never puts the number in its answer', () => {
    for (const ssn of ['536-22-1234', '666-12-3456', '53622123']) {
      const text = JSON.stringify(validateSsn(ssn));
      expect(text).not.toContain(ssn);
      expect(text).not.toContain(ssn.replaceAll('-', ''));
    }
  });
});
