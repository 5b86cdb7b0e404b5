import { isApiFailure } from '../../lib/api';

export type TemplateField = 'subject' | 'body';

/** The placeholder of a replacement variable, as templates write it. */
export const placeholderOf = (name: string) => `{{${name}}}`;

/** `text` with the variable's placeholder in place of the selection; where the caret goes after it. */
export function withVariable(text: string, selection: { start: number; end: number }, name: string) {
  const placeholder = placeholderOf(name);
  return {
    text: text.slice(0, selection.start) + placeholder + text.slice(selection.end),
    caret: selection.start + placeholder.length,
  };
}

/**
 * The server's refusal of a template's variables, beside the field that holds them: its `errors` are the names
 * refused (unknown, or not provided by the trigger), shown on whichever field uses each.
 */
export function variableErrorsOf(
  error: unknown,
  template: Record<TemplateField, string>,
): Partial<Record<TemplateField, string>> {
  if (!isApiFailure(error) || error.code !== 'AUTORESPONDER_VARIABLE_UNKNOWN') return {};
  const found: Partial<Record<TemplateField, string>> = {};
  for (const field of ['subject', 'body'] as const) {
    const refused = error.errors.filter((name) =>
      new RegExp(`\\{\\{\\s*${name.replace(/\./g, '\\.')}\\s*\\}\\}`).test(template[field]),
    );
    if (refused.length > 0)
      found[field] =
        `Not a variable of this trigger: ${refused.map(placeholderOf).join(', ')}. ${error.message}`;
  }
  return found;
}

export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'bounced', 'suppressed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_COLORS: Record<MailStatus, string> = {
  queued: 'blue',
  sent: 'teal',
  failed: 'orange',
  bounced: 'red',
  suppressed: 'gray',
};
