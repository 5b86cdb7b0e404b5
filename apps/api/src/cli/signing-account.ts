import { loadConfig } from '../config/index.js';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { systemClock } from '../domain/clock.js';
import { configureSigningAccount, findSigningAccountSettings } from '../modules/prospects/index.js';
import { companyBySlug } from './company-by-slug.js';

/**
 * A retail company's DocuSign account, which its prospects' contracts are sent from:
 * `npm run signing:account -- <company-slug>` shows it; `npm run signing:account -- <company-slug> <account-id>
 * [<template-id> [<template-role>]]` sets it (the API Account ID from DocuSign's Apps and Keys page, and optionally
 * the template contracts are built from and the role the customer fills in it).
 */
const USAGE =
  'Usage: npm run signing:account -- <company-slug> [<account-id> [<template-id> [<template-role>]]]';

async function run(args: string[]): Promise<number> {
  const [slug, accountId, templateId, templateRole] = args;
  if (!slug || args.length > 4) {
    console.error(USAGE);
    return 2;
  }
  const db = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(db.kysely);
    const company = await companyBySlug(db.kysely, slug);
    if (!company) return 1;
    if (accountId) {
      const problem = await configureSigningAccount(db.kysely, systemClock, company.id, {
        accountId,
        templateId: templateId ?? null,
        templateRole: templateRole ?? null,
      });
      if (problem) {
        console.error(problem);
        return 1;
      }
    }
    const account = await findSigningAccountSettings(db.kysely, company.id);
    if (!account) {
      console.log(`${company.name} has no DocuSign account: its contracts cannot be sent.`);
      return 0;
    }
    const template = account.template_id
      ? `template ${account.template_id}, the customer as ${account.template_role ?? 'Signer'}`
      : "no template: the prospect's attached documents";
    console.log(`${company.name}: DocuSign account ${account.account_id}, ${template}.`);
    return 0;
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
