import type { Static } from 'typebox';
import type { FieldValidatorSchema } from './schemas.js';

/**
 * Field rules for what a customer types into an enrollment wizard. One definition per field serves both faces:
 * the validators a plan returns for client-side checks (`validateJavascriptField` is a JavaScript regular
 * expression source) and the server-side validation of submitted values.
 */
export type FieldValidator = Static<typeof FieldValidatorSchema>;

export interface FieldError {
  code:
    | 'FIELD_REQUIRED'
    | 'FIELD_TOO_LONG'
    | 'FIELD_WRONG_LENGTH'
    | 'FIELD_FORMAT'
    | 'FIELD_ONE_OF_REQUIRED'
    | 'FIELD_RULE';
  message: string;
}

export interface CustomerFieldContext {
  customerType: Record<string, unknown> & { code: string };
  plan: { required_credit_check: number; allow_use_date_of_birth: number };
}

interface FieldDefinition {
  fieldName: string;
  label: string;
  length: number;
  fixed?: boolean;
  pattern: string;
  patternHint: string;
  mask?: string;
  /** The customer type flag that makes the field required. */
  requiredBy?: string;
  show?: (ctx: CustomerFieldContext) => boolean;
}

const NAME = { pattern: "^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ '.,&-]*$", patternHint: "letters, spaces and . , ' & -" };
const EMAIL = { pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$', patternHint: 'an email address' };
const PHONE = { pattern: '^\\d{10}$', patternHint: '10 digits', mask: '(999) 999-9999', fixed: true };

const isBusiness = (ctx: CustomerFieldContext) => ctx.customerType.code !== 'Residential';

const CUSTOMER_FIELDS: FieldDefinition[] = [
  { fieldName: 'firstName', label: 'First name', length: 50, ...NAME, requiredBy: 'required_first_name' },
  { fieldName: 'lastName', label: 'Last name', length: 50, ...NAME, requiredBy: 'required_last_name' },
  {
    fieldName: 'firmName',
    label: 'Business name',
    length: 100,
    pattern: '^\\S.*$',
    patternHint: 'text',
    requiredBy: 'required_firm_name',
    show: isBusiness,
  },
  {
    fieldName: 'contactName',
    label: 'Contact name',
    length: 100,
    ...NAME,
    requiredBy: 'required_contact_name',
    show: isBusiness,
  },
  { fieldName: 'email', label: 'Email', length: 100, ...EMAIL },
  {
    fieldName: 'alternativeEmail',
    label: 'Alternative email',
    length: 100,
    ...EMAIL,
    requiredBy: 'required_alternative_email',
  },
  {
    fieldName: 'primaryPhoneNumber',
    label: 'Primary phone',
    length: 10,
    ...PHONE,
    requiredBy: 'required_primary_phone',
  },
  {
    fieldName: 'otherPhoneNumber',
    label: 'Other phone',
    length: 10,
    ...PHONE,
    requiredBy: 'required_other_phone',
  },
  { fieldName: 'faxNum', label: 'Fax', length: 10, ...PHONE, requiredBy: 'required_fax', show: isBusiness },
  {
    fieldName: 'employerName',
    label: 'Employer',
    length: 100,
    pattern: '^\\S.*$',
    patternHint: 'text',
    requiredBy: 'required_employer_name',
  },
  {
    fieldName: 'fedtaxid',
    label: 'Federal tax id',
    length: 9,
    fixed: true,
    pattern: '^\\d{9}$',
    patternHint: '9 digits',
    mask: '99-9999999',
    requiredBy: 'required_fedtaxidnum',
    show: isBusiness,
  },
  {
    fieldName: 'driversLicenseNumber',
    label: "Driver's licence number",
    length: 20,
    pattern: '^[A-Za-z0-9]+$',
    patternHint: 'letters and digits',
    requiredBy: 'required_drivers_license_number',
  },
  {
    fieldName: 'driversLicenseStateCode',
    label: "Driver's licence state",
    length: 2,
    fixed: true,
    pattern: '^[A-Z]{2}$',
    patternHint: 'a USPS state code',
    requiredBy: 'required_drivers_license_state',
  },
  {
    fieldName: 'dateOfBirth',
    label: 'Date of birth',
    length: 10,
    fixed: true,
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    patternHint: 'YYYY-MM-DD',
    mask: '9999-99-99',
    requiredBy: 'required_date_of_birth',
  },
  {
    fieldName: 'socialSecurityNumber',
    label: 'Social security number',
    length: 9,
    fixed: true,
    pattern: '^\\d{9}$',
    patternHint: '9 digits',
    mask: '999-99-9999',
    requiredBy: 'required_ssn',
  },
];

/**
 * The SSN and date-of-birth rule of the credit check: when the plan allows the date of birth, either one (or
 * both) will do; otherwise the SSN is mandatory and the date of birth optional.
 */
function creditCheckRequirement(
  fieldName: string,
  ctx: CustomerFieldContext,
): { required: boolean; dependOn: string[] } {
  if (!ctx.plan.required_credit_check) return { required: false, dependOn: [] };
  if (fieldName === 'socialSecurityNumber') {
    return ctx.plan.allow_use_date_of_birth
      ? { required: false, dependOn: ['dateOfBirth'] }
      : { required: true, dependOn: [] };
  }
  if (fieldName === 'dateOfBirth' && ctx.plan.allow_use_date_of_birth)
    return { required: false, dependOn: ['socialSecurityNumber'] };
  return { required: false, dependOn: [] };
}

export function customerFieldValidators(ctx: CustomerFieldContext): FieldValidator[] {
  return CUSTOMER_FIELDS.map((field) => {
    const credit = creditCheckRequirement(field.fieldName, ctx);
    const requiredByType = field.requiredBy
      ? ctx.customerType[field.requiredBy] === true
      : field.fieldName === 'email';
    return {
      fieldName: field.fieldName,
      isFieldRequired: requiredByType || credit.required,
      fieldLength: field.length,
      validateJavascriptField: field.pattern,
      showField: field.show ? field.show(ctx) || requiredByType : true,
      defaultValue: '',
      dependOnFields: credit.dependOn,
      isFixedLength: field.fixed ?? false,
      mask: field.mask ?? '',
    };
  });
}

export interface AddressFieldContext {
  commodity: string;
  stateCode: string;
  ldc_label: string;
  ldc_prefix: string | null;
  ldc_length: number;
  ldc_only_numbers: number;
  ldc_mask: string;
}

const ADDRESS_FIELDS: FieldDefinition[] = [
  { fieldName: 'address', label: 'Street address', length: 100, pattern: '^\\S.*$', patternHint: 'text' },
  {
    fieldName: 'address2',
    label: 'Apartment, suite or unit',
    length: 50,
    pattern: '^\\S.*$',
    patternHint: 'text',
  },
  { fieldName: 'city', label: 'City', length: 50, ...NAME },
  { fieldName: 'county', label: 'County', length: 50, ...NAME },
  {
    fieldName: 'state',
    label: 'State',
    length: 2,
    fixed: true,
    pattern: '^[A-Z]{2}$',
    patternHint: 'a USPS state code',
  },
  {
    fieldName: 'zipcode',
    label: 'Zip code',
    length: 5,
    fixed: true,
    pattern: '^\\d{5}$',
    patternHint: '5 digits',
    mask: '99999',
  },
  {
    fieldName: 'meter_number',
    label: 'Meter number',
    length: 20,
    pattern: '^[A-Za-z0-9-]+$',
    patternHint: 'letters, digits and -',
  },
];

/**
 * The LDC account number of a utility: an ESIID in Texas (fixed length, digits, the TDSP's prefix, carried in
 * `defaultValue` so a wizard can pre-fill it), the utility's account number elsewhere.
 */
export function ldcAccountValidator(utility: AddressFieldContext): FieldValidator {
  return {
    fieldName: 'ldcAccount',
    isFieldRequired: true,
    fieldLength: utility.ldc_length,
    validateJavascriptField: utility.ldc_only_numbers
      ? `^\\d{${utility.ldc_length}}$`
      : `^[A-Za-z0-9]{${utility.ldc_length}}$`,
    showField: true,
    defaultValue: utility.ldc_prefix ?? '',
    dependOnFields: [],
    isFixedLength: true,
    mask: utility.ldc_mask,
  };
}

export function addressFieldValidators(utility: AddressFieldContext): FieldValidator[] {
  const fields = ADDRESS_FIELDS.map((field) => ({
    fieldName: field.fieldName,
    isFieldRequired: ['address', 'city', 'state', 'zipcode'].includes(field.fieldName),
    fieldLength: field.length,
    validateJavascriptField: field.pattern,
    showField: field.fieldName !== 'meter_number' || utility.commodity === 'Gas',
    defaultValue: field.fieldName === 'state' ? utility.stateCode : '',
    dependOnFields: [],
    isFixedLength: field.fixed ?? false,
    mask: field.mask ?? '',
  }));
  return [...fields, ldcAccountValidator(utility)];
}

const LABELS = new Map(
  [
    ...CUSTOMER_FIELDS,
    ...ADDRESS_FIELDS,
    {
      fieldName: 'ldcAccount',
      label: 'LDC account number',
      patternHint: 'the utility account number (ESIID in Texas)',
    },
  ].map((f) => [f.fieldName, f]),
);

const DIGITS_ONLY = /^\^\\d\{\d+\}\$$/;

/** Digit fields (phones, SSN, tax id, ESIID) accept the punctuation their mask shows. */
export function normaliseValue(validator: FieldValidator, value: string): string {
  const trimmed = value.trim();
  return DIGITS_ONLY.test(validator.validateJavascriptField) ? trimmed.replace(/[\s().-]/g, '') : trimmed;
}

function ageOn(dateOfBirth: string, today: Date): number | null {
  const birth = new Date(`${dateOfBirth}T00:00:00Z`);
  if (Number.isNaN(birth.getTime()) || birth.toISOString().slice(0, 10) !== dateOfBirth) return null;
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age--;
  return age;
}

/** Rules a pattern cannot say. */
function ruleError(validator: FieldValidator, value: string, today: Date): FieldError | null {
  if (validator.fieldName === 'dateOfBirth') {
    const age = ageOn(value, today);
    if (age === null)
      return { code: 'FIELD_FORMAT', message: 'dateOfBirth: must be a real date, YYYY-MM-DD.' };
    if (age < 18)
      return { code: 'FIELD_RULE', message: 'dateOfBirth: the customer must be at least 18 years old.' };
    if (age > 120)
      return { code: 'FIELD_RULE', message: 'dateOfBirth: must be a date within the last 120 years.' };
  }
  if (
    validator.fieldName === 'ldcAccount' &&
    validator.defaultValue &&
    !value.startsWith(validator.defaultValue)
  ) {
    return {
      code: 'FIELD_RULE',
      message: `ldcAccount: must start with the utility prefix ${validator.defaultValue}.`,
    };
  }
  return null;
}

/**
 * Checks submitted values against validators on `today` (a customer's age); an absent or blank value counts as
 * missing.
 */
export function validateFields(
  validators: FieldValidator[],
  values: Record<string, unknown>,
  today: Date,
): FieldError[] {
  const errors: FieldError[] = [];
  const present = (name: string) =>
    typeof values[name] === 'string' && (values[name] as string).trim() !== '';
  for (const validator of validators) {
    const label = LABELS.get(validator.fieldName)?.label ?? validator.fieldName;
    const raw = values[validator.fieldName];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      if (validator.isFieldRequired) {
        errors.push({ code: 'FIELD_REQUIRED', message: `${validator.fieldName}: ${label} is required.` });
      } else if (validator.dependOnFields.length > 0 && !validator.dependOnFields.some(present)) {
        const others = validator.dependOnFields.join(' or ');
        if (
          !errors.some((e) => e.code === 'FIELD_ONE_OF_REQUIRED' && e.message.includes(validator.fieldName))
        ) {
          errors.push({
            code: 'FIELD_ONE_OF_REQUIRED',
            message: `${validator.fieldName}: ${label} or ${others} is required.`,
          });
        }
      }
      continue;
    }
    const value = normaliseValue(validator, String(raw));
    if (value.length > validator.fieldLength) {
      errors.push({
        code: 'FIELD_TOO_LONG',
        message: `${validator.fieldName}: at most ${validator.fieldLength} characters.`,
      });
    } else if (validator.isFixedLength && value.length !== validator.fieldLength) {
      errors.push({
        code: 'FIELD_WRONG_LENGTH',
        message: `${validator.fieldName}: must be exactly ${validator.fieldLength} characters.`,
      });
    } else if (!new RegExp(validator.validateJavascriptField).test(value)) {
      const hint = LABELS.get(validator.fieldName)?.patternHint ?? 'the expected format';
      errors.push({ code: 'FIELD_FORMAT', message: `${validator.fieldName}: must be ${hint}.` });
    } else {
      const rule = ruleError(validator, value, today);
      if (rule) errors.push(rule);
    }
  }
  return errors;
}
