import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../domain/clock.js';
import { type SigningAccountValues, saveSigningAccount } from './signing-store.js';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SigningAccountSettings {
  /** The DocuSign API Account ID (GUID) the company's contracts are created in. */
  accountId: string;
  /** A DocuSign template of that account contracts are built from; null sends the prospect's documents. */
  templateId: string | null;
  /** The template's role the customer fills ('Signer' when null). */
  templateRole: string | null;
}

/** Why the settings cannot be stored, or null. */
function problemWith(settings: SigningAccountSettings): string | null {
  if (!GUID.test(settings.accountId)) {
    return `The DocuSign account must be its API Account ID, a GUID (got "${settings.accountId}").`;
  }
  if (settings.templateId !== null && !GUID.test(settings.templateId)) {
    return `The DocuSign template must be its template ID, a GUID (got "${settings.templateId}").`;
  }
  if (settings.templateRole !== null && settings.templateId === null) {
    return 'A template role is named without a template.';
  }
  return null;
}

/**
 * Points a retail company's contracts at its DocuSign account (and template): the company's one signing account is
 * created or changed. One DocuSign account serves one company, since Connect messages name only the account.
 * Answers the problem as a sentence when the settings are refused, nothing changed.
 */
export async function configureSigningAccount(
  db: Kysely<Database>,
  clock: Clock,
  companyId: number,
  settings: SigningAccountSettings,
): Promise<string | null> {
  const problem = problemWith(settings);
  if (problem) return problem;
  const values: SigningAccountValues = {
    account_id: settings.accountId.toLowerCase(),
    template_id: settings.templateId?.toLowerCase() ?? null,
    template_role: settings.templateRole,
  };
  try {
    await saveSigningAccount(db, companyId, values, clock.now().toISOString());
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return `The DocuSign account ${settings.accountId} already serves another retail company.`;
  }
  return null;
}
