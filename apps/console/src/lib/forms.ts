import { isApiFailure } from './api';

/**
 * The API's problems per field, for a form's `setErrors`: each line of a failure's `errors` names its field first
 * ("email: not a valid email address", "body.roles: is required"); lines naming no field of the form stay in the
 * alert above the buttons.
 */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  if (!isApiFailure(error)) return {};
  const found: Partial<Record<F, string>> = {};
  for (const line of error.errors) {
    const match = /^([\w.[\]]+):\s*(.+)$/.exec(line);
    if (!match) continue;
    const field = match[1]!.replace(/^body\./, '').split(/[.[]/)[0] as F;
    if (!fields.includes(field)) continue;
    const sentence = match[2]!.charAt(0).toUpperCase() + match[2]!.slice(1);
    found[field] = found[field] ? `${found[field]}; ${match[2]}` : sentence;
  }
  return found;
}

/** A plain email check for forms (the server has the last word). */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
