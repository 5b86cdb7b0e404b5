import { describe, expect, it } from 'vitest';
import { planName } from '../../../src/modules/plans/naming.js';

describe('plan names', () => {
  it('follow brand, term, type, commodity, then the promo code', () => {
    const brandName = 'Bluebonnet Energy';
    expect(planName({ brandName, term: 12, planType: 1, timeOfUse: false, commodity: 'Electric' })).toBe(
      'Bluebonnet Energy 12-Month Fixed Electric',
    );
    expect(planName({ brandName, term: 1, planType: 2, timeOfUse: false, commodity: 'Gas' })).toBe(
      'Bluebonnet Energy Month-to-Month Variable Gas',
    );
    expect(planName({ brandName, term: 1, planType: 4, timeOfUse: false, commodity: 'Electric' })).toBe(
      'Bluebonnet Energy Month-to-Month Daily Rate Electric',
    );
    expect(planName({ brandName, term: 24, planType: 1, timeOfUse: true, commodity: 'Electric' })).toBe(
      'Bluebonnet Energy 24-Month Time of Use Electric',
    );
    expect(
      planName({
        brandName,
        term: 12,
        planType: 1,
        timeOfUse: false,
        commodity: 'Electric',
        promoCode: 'HOMEFALL26',
      }),
    ).toBe('Bluebonnet Energy 12-Month Fixed Electric HOMEFALL26');
  });
});
