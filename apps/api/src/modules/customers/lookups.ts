/**
 * The brands (company's) and languages (reference's) a customer's mail and checks name, read through the modules
 * that own them, and the recoverable logins with their language.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findCompanyBrand, findCompanyBrands } from '../company/index.js';
import { listLanguages } from '../reference/index.js';
import * as store from './store.js';

type Db = Kysely<Database>;
type LanguageRow = Awaited<ReturnType<typeof listLanguages>>[number];

/** The company's brand, when it is active. */
export async function findActiveBrand(db: Db, companyId: number, brandId: number) {
  const brand = await findCompanyBrand(db, companyId, brandId);
  return brand?.active === 1 ? brand : undefined;
}

/** The company's first active brand: the sender of mail not caused by a branded request. */
export async function findDefaultBrand(db: Db, companyId: number) {
  const active = (await findCompanyBrands(db, companyId)).filter((b) => b.active === 1);
  return active.sort((a, b) => a.id - b.id)[0];
}

export async function isActiveLanguage(db: Db, languageId: number): Promise<boolean> {
  return (await listLanguages(db, true)).some((l) => l.id === languageId);
}

function shortNameOf(languages: LanguageRow[], languageId: number): string | null {
  return languages.find((l) => l.id === languageId)?.short_name ?? null;
}

/** The short name of the language (active or not); null when there is no such language. */
export async function languageShortName(db: Db, languageId: number): Promise<string | null> {
  return shortNameOf(await listLanguages(db, false), languageId);
}

/** Active self-service logins matching a username and/or an email address, with their language's short name. */
export async function findRecoverableLogins(
  db: Db,
  companyId: number,
  match: { userName?: string; email?: string; customerId?: number },
  limit: number,
) {
  const logins = await store.findRecoverableLogins(db, companyId, match, limit);
  if (logins.length === 0) return [];
  const languages = await listLanguages(db, false);
  return logins.map(({ id_prefered_language, ...login }) => ({
    ...login,
    language: shortNameOf(languages, id_prefered_language),
  }));
}
