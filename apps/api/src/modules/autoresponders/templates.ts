import type { Static } from 'typebox';
import { ApiError } from '../../http/errors.js';
import type { AutoresponderTemplate } from './schemas.js';
import type * as store from './store.js';
import { TRIGGERS_BY_KEY, type TriggerDefinition } from './triggers.js';
import { placeholdersIn, VARIABLES_BY_NAME, variablesFor } from './variables.js';

type TemplateRow = NonNullable<Awaited<ReturnType<typeof store.findTemplate>>>;

export function templateWire(
  t: Pick<TemplateRow, 'id' | 'package_id' | 'trigger_key' | 'subject' | 'body' | 'active' | 'updated_at'>,
): Static<typeof AutoresponderTemplate> {
  return {
    id_template: t.id,
    id_package: t.package_id,
    trigger: t.trigger_key,
    subject: t.subject,
    body: t.body,
    active: t.active === 1,
    variables: placeholdersIn(`${t.subject}\n${t.body}`),
    updated_at: t.updated_at,
  };
}

/** Plain text to the HTML part: escaped, paragraphs on blank lines, line breaks kept. */
export function toHtml(text: string): string {
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  return escaped
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** Refuses an unknown trigger, and variables that are unknown or that the trigger does not provide. */
export function validateTemplate(trigger: string, subject: string, body: string): TriggerDefinition {
  const definition = TRIGGERS_BY_KEY.get(trigger);
  if (!definition)
    throw new ApiError('AUTORESPONDER_TRIGGER_UNKNOWN', `${trigger} is not an autoresponder trigger.`, [
      trigger,
    ]);
  const used = placeholdersIn(`${subject}\n${body}`);
  const unknown = used.filter((name) => !VARIABLES_BY_NAME.has(name));
  const provided = new Set(variablesFor(definition.source));
  const unavailable = used.filter((name) => VARIABLES_BY_NAME.has(name) && !provided.has(name));
  if (unknown.length > 0 || unavailable.length > 0) {
    const parts = [
      unknown.length ? `unknown variables: ${unknown.join(', ')}` : '',
      unavailable.length ? `not provided by ${trigger}: ${unavailable.join(', ')}` : '',
    ].filter(Boolean);
    throw new ApiError('AUTORESPONDER_VARIABLE_UNKNOWN', `The template uses ${parts.join('; ')}.`, [
      ...unknown,
      ...unavailable,
    ]);
  }
  return definition;
}
