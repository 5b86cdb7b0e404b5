import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The retail company an operator command names by its slug, or null after printing that none has it. */
export async function companyBySlug(
  db: Kysely<Database>,
  slug: string,
  hint = '',
): Promise<{ id: number; name: string } | null> {
  const company = await db
    .selectFrom('retail_companies')
    .select(['id', 'name'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!company) console.error(`No retail company has the slug "${slug}"${hint}.`);
  return company ?? null;
}
