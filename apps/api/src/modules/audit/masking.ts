/**
 * Personal data in an audit entry's before and after: identity numbers and dates of birth never enter the log;
 * emails and phone numbers keep enough to recognise them.
 */
const HIDDEN =
  /ssn|social|tax_?id|birth|dob|licen[cs]e|passport|bank|routing|card|account_number|password|secret|token/i;
const EMAIL = /e_?mail/i;
const PHONE = /phone|mobile/i;

const maskEmail = (value: string) => value.replace(/^(.)[^@]*(@.*)$/, '$1•••$2');
const maskPhone = (value: string) => value.replace(/\d(?=(?:\D*\d){2})/g, '•');

function maskValue(key: string, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  if (HIDDEN.test(key)) return '[masked]';
  if (typeof value === 'string' && EMAIL.test(key)) return maskEmail(value);
  if (typeof value === 'string' && PHONE.test(key)) return maskPhone(value);
  return maskPersonalData(value);
}

export function maskPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersonalData);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskValue(key, inner)]));
}
