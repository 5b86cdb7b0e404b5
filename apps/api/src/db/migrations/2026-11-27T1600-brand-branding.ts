import type { Kysely } from 'kysely';

/**
 * A brand's site is branded from its row: a logo (an absolute https URL, or a path under /brand-logos/ that the API
 * serves; empty when none), a primary and an accent colour (#rrggbb), its terms and privacy pages (empty when not
 * set) and the language a visitor starts in. Every column has a default, so the brands there are stay valid and
 * look plain until their company file is applied again. The defaults are written out here, not imported: a later
 * change of the company file's defaults must not change what this migration did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: Array<[name: string, defaultValue: string]> = [
    ['logo_url', ''],
    ['primary_color', '#1f4e79'],
    ['accent_color', '#f2a900'],
    ['terms_url', ''],
    ['privacy_url', ''],
    ['default_language', 'en'],
  ];
  for (const [name, defaultValue] of columns)
    await db.schema
      .alterTable('brands')
      .addColumn(name, 'text', (c) => c.notNull().defaultTo(defaultValue))
      .execute();
}
