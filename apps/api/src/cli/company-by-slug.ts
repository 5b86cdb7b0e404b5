import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findCompanyBySlug } from '../modules/company/index.js';

/** The retail company an operator command names by its slug, or null after printing that none has it. */
export async function companyBySlug(
  db: Kysely<Database>,
  slug: string,
  hint = '',
): Promise<{ id: number; name: string } | null> {
  const company = await findCompanyBySlug(db, slug);
  if (!company) console.error(`No retail company has the slug "${slug}"${hint}.`);
  return company ?? null;
}
