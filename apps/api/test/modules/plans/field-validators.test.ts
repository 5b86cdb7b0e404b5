import { describe, expect, it } from 'vitest';
import {
  addressFieldValidators,
  customerFieldValidators,
  ldcAccountValidator,
  validateFields,
} from '../../../src/modules/plans/field-validators.js';

const residential = {
  code: 'Residential',
  required_first_name: true,
  required_last_name: true,
  required_primary_phone: true,
};
const business = {
  code: 'SmallBusiness',
  required_firm_name: true,
  required_contact_name: true,
  required_fedtaxidnum: true,
  required_primary_phone: true,
};
const dobAllowed = { required_credit_check: 1, allow_use_date_of_birth: 1 };
const ssnRequired = { required_credit_check: 1, allow_use_date_of_birth: 0 };
const valid = {
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana@example.com',
  primaryPhoneNumber: '(512) 555-0100',
};

/** The day the rules are checked on: a customer's age depends on it. */
const today = new Date('2026-06-15T12:00:00Z');
const field = (validators: ReturnType<typeof customerFieldValidators>, name: string) =>
  validators.find((v) => v.fieldName === name)!;

describe('customer field validators', () => {
  it('require what the customer type requires', () => {
    const validators = customerFieldValidators({ customerType: residential, plan: dobAllowed });
    expect(field(validators, 'firstName').isFieldRequired).toBe(true);
    expect(field(validators, 'firmName')).toMatchObject({ isFieldRequired: false, showField: false });
    const businessValidators = customerFieldValidators({ customerType: business, plan: dobAllowed });
    expect(field(businessValidators, 'firmName')).toMatchObject({ isFieldRequired: true, showField: true });
    expect(field(businessValidators, 'fedtaxid')).toMatchObject({
      isFieldRequired: true,
      fieldLength: 9,
      isFixedLength: true,
      mask: '99-9999999',
    });
  });

  it('follow the credit-check rule: SSN mandatory, or either SSN or date of birth', () => {
    const strict = customerFieldValidators({ customerType: residential, plan: ssnRequired });
    expect(field(strict, 'socialSecurityNumber').isFieldRequired).toBe(true);
    expect(validateFields(strict, valid, today)).toEqual([
      { code: 'FIELD_REQUIRED', message: 'socialSecurityNumber: Social security number is required.' },
    ]);
    const either = customerFieldValidators({ customerType: residential, plan: dobAllowed });
    expect(field(either, 'socialSecurityNumber')).toMatchObject({
      isFieldRequired: false,
      dependOnFields: ['dateOfBirth'],
    });
    expect(validateFields(either, valid, today).map((e) => e.code)).toEqual(['FIELD_ONE_OF_REQUIRED']);
    expect(validateFields(either, { ...valid, dateOfBirth: '1980-04-12' }, today)).toEqual([]);
    expect(validateFields(either, { ...valid, socialSecurityNumber: '123-45-6781' }, today)).toEqual([]);
  });

  it('name the field and the rule broken', () => {
    const validators = customerFieldValidators({ customerType: residential, plan: dobAllowed });
    const errors = validateFields(
      validators,
      {
        ...valid,
        firstName: 'A'.repeat(51),
        email: 'not-an-email',
        primaryPhoneNumber: '55501',
        dateOfBirth: '2015-02-30',
      },
      today,
    );
    expect(errors).toEqual([
      { code: 'FIELD_TOO_LONG', message: 'firstName: at most 50 characters.' },
      { code: 'FIELD_FORMAT', message: 'email: must be an email address.' },
      { code: 'FIELD_WRONG_LENGTH', message: 'primaryPhoneNumber: must be exactly 10 characters.' },
      { code: 'FIELD_FORMAT', message: 'dateOfBirth: must be a real date, YYYY-MM-DD.' },
    ]);
    // On 2026-06-15, a customer born on 2008-06-16 turns 18 tomorrow; one born on 2008-06-15 turned 18 today.
    expect(validateFields(validators, { ...valid, dateOfBirth: '2008-06-16' }, today)).toEqual([
      { code: 'FIELD_RULE', message: 'dateOfBirth: the customer must be at least 18 years old.' },
    ]);
    expect(validateFields(validators, { ...valid, dateOfBirth: '2008-06-15' }, today)).toEqual([]);
  });
});

describe('address and LDC validators', () => {
  const oncor = {
    commodity: 'Electric',
    stateCode: 'TX',
    ldc_label: 'ESIID',
    ldc_prefix: '10443720',
    ldc_length: 17,
    ldc_only_numbers: 1,
    ldc_mask: '99999999999999999',
  };

  it('check an ESIID: length, digits and the TDSP prefix', () => {
    const ldc = [ldcAccountValidator(oncor)];
    expect(validateFields(ldc, { ldcAccount: '10443720001234567' }, today)).toEqual([]);
    expect(validateFields(ldc, { ldcAccount: '1044372000123' }, today)[0]!.code).toBe('FIELD_WRONG_LENGTH');
    expect(validateFields(ldc, { ldcAccount: '1044372000123456X' }, today)[0]!.code).toBe('FIELD_FORMAT');
    expect(validateFields(ldc, { ldcAccount: '10089010001234567' }, today)).toEqual([
      { code: 'FIELD_RULE', message: 'ldcAccount: must start with the utility prefix 10443720.' },
    ]);
  });

  it('default the state to the utility state and show the meter number only for gas', () => {
    const validators = addressFieldValidators(oncor);
    expect(validators.find((v) => v.fieldName === 'state')).toMatchObject({
      defaultValue: 'TX',
      isFieldRequired: true,
    });
    expect(validators.find((v) => v.fieldName === 'meter_number')!.showField).toBe(false);
    expect(
      addressFieldValidators({ ...oncor, commodity: 'Gas' }).find((v) => v.fieldName === 'meter_number')!
        .showField,
    ).toBe(true);
  });
});
