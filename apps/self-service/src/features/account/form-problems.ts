import { type ApiFailure, isApiFailure } from '../../lib/api';
import { i18next } from '../../lib/i18n';
import './messages';

/**
 * What the API said about one field: its lines `name: problem`, where the name may be nested (`body.phone`) or list
 * several fields (`oldUsername, oldPassword: …`).
 */
function linesAbout(error: ApiFailure, apiName: string): string[] {
  return error.errors.flatMap((line) => {
    const colon = line.indexOf(':');
    if (colon < 0) return [];
    const names = line
      .slice(0, colon)
      .split(',')
      .map((name) => name.trim().split('.').pop());
    return names.includes(apiName) ? [line.slice(colon + 1).trim()] : [];
  });
}

/**
 * The API's refusal as problems of a form's fields (`fields` maps each form field to the API's name for it): the site's
 * own words where the code says it all (a wrong current password), else the API's own sentences. Empty when the
 * refusal is about no field of the form: show `messageOf(error)` then.
 */
export function fieldProblems<F extends string>(
  error: unknown,
  fields: Record<F, string>,
): Partial<Record<F, string>> {
  if (!isApiFailure(error)) return {};
  const ownWords = `account:problems.${error.code}`;
  const problems: Partial<Record<F, string>> = {};
  for (const [field, apiName] of Object.entries(fields) as [F, string][]) {
    const said = linesAbout(error, apiName);
    if (said.length > 0) problems[field] = i18next.exists(ownWords) ? i18next.t(ownWords) : said.join(' ');
  }
  return problems;
}
