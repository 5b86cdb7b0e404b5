import { describe, expect, it } from 'vitest';
import { SERVICE_AREA_ZIPS, US_STATES, UTILITIES } from '../../../src/db/seed/data/index.js';

const utilityByCode = new Map(UTILITIES.map((u) => [u.code, u]));
const stateCodes = new Set(US_STATES.map((s) => s.code));

describe('seed reference data: geography', () => {
  it('has the 50 states, DC and Puerto Rico, unique and sorted by name', () => {
    expect(US_STATES).toHaveLength(52);
    expect(stateCodes.size).toBe(52);
    expect(stateCodes.has('DC')).toBe(true);
    expect(stateCodes.has('PR')).toBe(true);
    for (const s of US_STATES) expect(s.code).toMatch(/^[A-Z]{2}$/);
    const names = US_STATES.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has five-digit, unique ZIP codes', () => {
    const seen = new Set<string>();
    for (const z of SERVICE_AREA_ZIPS) {
      expect(z.zipcode).toMatch(/^\d{5}$/);
      expect(seen.has(z.zipcode), `duplicate zip ${z.zipcode}`).toBe(false);
      seen.add(z.zipcode);
    }
  });

  it('has non-empty city and county names, without the word "County"', () => {
    for (const z of SERVICE_AREA_ZIPS) {
      expect(z.city.trim()).not.toBe('');
      expect(z.county.trim()).not.toBe('');
      expect(z.county).not.toMatch(/county/i);
    }
  });

  it('uses only known state codes', () => {
    for (const z of SERVICE_AREA_ZIPS) expect(stateCodes.has(z.stateCode), z.zipcode).toBe(true);
    for (const u of UTILITIES) expect(stateCodes.has(u.stateCode), u.code).toBe(true);
  });

  it('links every ZIP to at least one existing utility in the same state', () => {
    for (const z of SERVICE_AREA_ZIPS) {
      expect(z.utilityCodes.length, z.zipcode).toBeGreaterThan(0);
      for (const code of z.utilityCodes) {
        const utility = utilityByCode.get(code);
        expect(utility, `${z.zipcode} -> ${code}`).toBeDefined();
        expect(utility?.stateCode, `${z.zipcode} -> ${code}`).toBe(z.stateCode);
      }
    }
  });
});

describe('seed reference data: utilities', () => {
  it('has unique codes', () => {
    expect(utilityByCode.size).toBe(UTILITIES.length);
  });

  it('gives every utility at least 10 ZIP codes', () => {
    for (const u of UTILITIES) {
      const count = SERVICE_AREA_ZIPS.filter((z) => z.utilityCodes.includes(u.code)).length;
      expect(count, u.code).toBeGreaterThanOrEqual(10);
    }
  });

  it('gives Texas electric utilities an ESIID prefix shorter than the ESIID', () => {
    const texasElectric = UTILITIES.filter((u) => u.stateCode === 'TX' && u.commodity === 'Electric');
    expect(texasElectric.map((u) => u.code).sort()).toEqual(['AEP_TCC', 'AEP_TNC', 'CNP', 'ONCOR', 'TNMP']);
    for (const u of texasElectric) {
      expect(u.ldcPrefix, u.code).toMatch(/^10\d+$/);
      expect(u.ldcPrefix?.length ?? 0, u.code).toBeLessThan(u.ldcLength);
      expect(u.ldcLabel).toBe('ESIID');
    }
  });

  it('has masks with one 9 per identifier digit', () => {
    for (const u of UTILITIES) {
      expect(u.ldcMask.split('').filter((c) => c === '9').length, u.code).toBe(u.ldcLength);
      if (u.commodity === 'Gas') expect(u.ldcPrefix, u.code).toBeNull();
    }
  });

  it('has well-formed delivery charges matching the commodity', () => {
    for (const u of UTILITIES) {
      expect(u.chargesEffectiveDate, u.code).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(u.chargesEffectiveDate)), u.code).toBe(false);
      expect(u.source.length, u.code).toBeGreaterThan(20);
      expect(
        u.deliveryCharges.some((c) => c.type === 'monthly'),
        u.code,
      ).toBe(true);
      for (const c of u.deliveryCharges) {
        expect(Number.isFinite(c.charge) && c.charge > 0, `${u.code} ${c.name}`).toBe(true);
        if (c.type === 'per_kwh') expect(u.commodity, `${u.code} ${c.name}`).toBe('Electric');
        if (c.type === 'per_ccf' || c.type === 'per_therm')
          expect(u.commodity, `${u.code} ${c.name}`).toBe('Gas');
      }
      if (u.commodity === 'Electric')
        expect(
          u.deliveryCharges.some((c) => c.type === 'per_kwh'),
          u.code,
        ).toBe(true);
    }
  });
});
