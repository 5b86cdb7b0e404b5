import { describe, expect, it } from 'vitest';
import {
  houseNumberOf,
  isSameServiceAddress,
  matchesLoosely,
  matchesStrictly,
  parseServiceAddress,
  unitOf,
} from '../../src/domain/service-address.js';

describe('parseServiceAddress', () => {
  it('standardises case, punctuation, suffixes, directionals and unit designators', () => {
    const expected = { houseNumber: '1201', street: ['N', 'ELM', 'ST'], unit: '4B' };
    expect(parseServiceAddress('1201 North Elm Street, Apartment 4b')).toEqual(expected);
    expect(parseServiceAddress('1201 N. ELM ST APT 4B')).toEqual(expected);
    expect(parseServiceAddress('1201 n elm st #4B')).toEqual(expected);
    expect(parseServiceAddress('1201 N Elm St Unit 4-B, Dallas, TX 75201')).toEqual(expected);
  });

  it('ignores city, state and zip code after a comma, and reads no house number when there is none', () => {
    expect(parseServiceAddress('500 Main St, Dallas, TX 75201')).toEqual({
      houseNumber: '500',
      street: ['MAIN', 'ST'],
      unit: null,
    });
    expect(parseServiceAddress('Main Street')).toEqual({
      houseNumber: '',
      street: ['MAIN', 'ST'],
      unit: null,
    });
    expect(houseNumberOf('2710 Swiss Ave')).toBe('2710');
  });

  it('reads the unit of a second address line', () => {
    expect(unitOf('Apt 12B')).toBe('12B');
    expect(unitOf('Ste 200')).toBe('200');
    expect(unitOf('#7')).toBe('7');
    expect(unitOf(null)).toBeNull();
  });
});

describe('matching a premise', () => {
  const building = { address_1: '4400 Gaston Ave', address_2: 'Apt 3C' };
  const house = { address_1: '812 Elmwood Dr', address_2: null };

  it('strictly: same house number and street; a unit, when given, must be the one', () => {
    expect(matchesStrictly(parseServiceAddress('4400 gaston avenue'), building)).toBe(true);
    expect(matchesStrictly(parseServiceAddress('4400 Gaston Ave #3c'), building)).toBe(true);
    expect(matchesStrictly(parseServiceAddress('4400 Gaston Ave Apt 2A'), building)).toBe(false);
    expect(matchesStrictly(parseServiceAddress('4401 Gaston Ave'), building)).toBe(false);
    expect(matchesStrictly(parseServiceAddress('4400 Gaston'), building)).toBe(false);
  });

  it('loosely: house number and the start of the street name; unit, suffix and directionals ignored', () => {
    expect(matchesLoosely(parseServiceAddress('4400 Gas'), building)).toBe(true);
    expect(matchesLoosely(parseServiceAddress('4400 West Gaston Blvd Apt 99'), building)).toBe(true);
    expect(matchesLoosely(parseServiceAddress('812 Elm St'), house)).toBe(true);
    expect(matchesLoosely(parseServiceAddress('813 Elm'), house)).toBe(false);
    expect(matchesLoosely(parseServiceAddress('812 Oak'), house)).toBe(false);
  });

  it('as a service address check: the unit must be the premise unit, or none for a house', () => {
    expect(isSameServiceAddress('4400 Gaston Avenue, Apt 3C', building)).toBe(true);
    expect(isSameServiceAddress('4400 Gaston Ave', building)).toBe(false);
    expect(isSameServiceAddress('812 Elmwood Drive', house)).toBe(true);
    expect(isSameServiceAddress('812 Elmwood Dr Apt 1', house)).toBe(false);
    expect(isSameServiceAddress('Elmwood Dr', { address_1: 'Elmwood Dr', address_2: null })).toBe(false);
  });
});
