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

/**
 * Only what was changed, to send as a partial change: another person's change to another field meanwhile stays.
 * `keys` are the fields compared (all of `after`'s by default); values are compared by their JSON.
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
  keys: readonly (keyof T)[] = Object.keys(after) as (keyof T)[],
): Partial<T> {
  return Object.fromEntries(
    keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => [key, after[key]]),
  ) as Partial<T>;
}
