import { PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../../lib/api';
import type { FieldValues } from './wizard-state';

/** A field the plan asks for, as `request-customer-fields` and `request-address-fields` describe it. */
export type FieldRule = DataOf<'/api/v1/plans/request-customer-fields/{planId}', 'get'>[number];

/**
 * A mask of digits only, whose 9s count the field's length ("(999) 999-9999" for ten digits): the customer may type
 * the punctuation, the API's patterns are written for the digits alone. A date's mask keeps its dashes.
 */
const isDigitMask = (rule: FieldRule) =>
  rule.mask !== '' &&
  /^[9\W]+$/.test(rule.mask) &&
  rule.mask.replaceAll(/\W/g, '').length === rule.fieldLength;
const valueFor = (rule: FieldRule, raw: string) => (isDigitMask(rule) ? raw.replace(/\D/g, '') : raw.trim());

/** The fields the plan shows, in the plan's order. */
export const shownFields = (rules: FieldRule[]) => rules.filter((rule) => rule.showField);

/**
 * Whether a field must be filled: its own flag, or, for a field that depends on others (date of birth or SSN), when
 * none of those is filled either.
 */
function isRequiredNow(rule: FieldRule, values: FieldValues): boolean {
  if (rule.dependOnFields.length > 0)
    return !values[rule.fieldName] && rule.dependOnFields.every((other) => !values[other]);
  return rule.isFieldRequired;
}

export type FieldProblems = Record<string, string>;

/**
 * The plan's own checks, in the browser, so a customer sees a mistake at once: required, length and the pattern the
 * API publishes for JavaScript (`validateJavascriptField`). The API checks everything again.
 */
export function checkFields(
  rules: FieldRule[],
  values: FieldValues,
  words: { required: string; invalid: string; length: (length: number) => string },
): FieldProblems {
  const problems: FieldProblems = {};
  for (const rule of shownFields(rules)) {
    const value = valueFor(rule, values[rule.fieldName] ?? '');
    if (!value) {
      if (isRequiredNow(rule, values)) problems[rule.fieldName] = words.required;
      continue;
    }
    if (rule.isFixedLength && isDigitMask(rule) && value.length !== rule.fieldLength)
      problems[rule.fieldName] = words.length(rule.fieldLength);
    else if (rule.validateJavascriptField && !new RegExp(rule.validateJavascriptField).test(value))
      problems[rule.fieldName] = words.invalid;
  }
  return problems;
}

/** The values to send: only the fields shown, cleaned as the API expects, empty ones left out. */
export function fieldValues(rules: FieldRule[], values: FieldValues): FieldValues {
  const sent: FieldValues = {};
  for (const rule of shownFields(rules)) {
    const value = valueFor(rule, values[rule.fieldName] ?? '');
    if (value) sent[rule.fieldName] = value;
  }
  return sent;
}

/** The API's own answer about fields (`field: message` lines or `{ message }` items), by field name. */
export function problemsFromApi(lines: string[]): FieldProblems {
  const problems: FieldProblems = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).split('.').pop() ?? '';
    problems[name] = problems[name] ?? line.slice(colon + 1).trim();
  }
  return problems;
}

const INPUT_TYPES: Record<string, string> = {
  email: 'email',
  alternativeEmail: 'email',
  primaryPhoneNumber: 'tel',
  otherPhoneNumber: 'tel',
  faxNum: 'tel',
  dateOfBirth: 'date',
};
const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  primaryPhoneNumber: 'tel',
  address: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zipcode: 'postal-code',
  dateOfBirth: 'bday',
  firmName: 'organization',
};
const SECRET = new Set(['socialSecurityNumber', 'fedtaxid', 'driversLicenseNumber']);

/** One field the plan asks for, labelled in the reader's language, with the problem found in it beside it. */
export function RuleField({
  rule,
  value,
  problem,
  onChange,
}: {
  rule: FieldRule;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('enrollment');
  const props = {
    label: t(`fields.${rule.fieldName}`, { defaultValue: rule.fieldName }),
    description: rule.dependOnFields.length > 0 ? t('fields.oneOf') : undefined,
    required: rule.isFieldRequired,
    value,
    error: problem,
    maxLength: rule.mask ? rule.mask.length : rule.fieldLength,
    autoComplete: AUTOCOMPLETE[rule.fieldName] ?? 'off',
    inputMode: isDigitMask(rule) && !INPUT_TYPES[rule.fieldName] ? ('numeric' as const) : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value),
    name: rule.fieldName,
  };
  if (SECRET.has(rule.fieldName)) return <PasswordInput {...props} />;
  return <TextInput type={INPUT_TYPES[rule.fieldName] ?? 'text'} {...props} />;
}
