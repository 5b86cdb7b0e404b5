import { bounceKey, clearBounce, listBounces } from '../adapters/mail/index.js';
import { loadConfig } from '../config/index.js';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { companyBySlug } from './company-by-slug.js';

/**
 * The addresses a retail company's mail bounced from, which the outbox no longer mails:
 * `npm run mail:bounces -- <company-slug>` lists them, `npm run mail:bounces -- <company-slug> clear <address>`
 * clears one (the customer fixed their mailbox), so the next message to it is attempted again.
 */
const USAGE = 'Usage: npm run mail:bounces -- <company-slug> [clear <address>]';

async function run(args: string[]): Promise<number> {
  const [slug, action, address] = args;
  const listing = args.length === 1;
  const clearing = args.length === 3 && action === 'clear';
  if (!slug || !(listing || clearing)) {
    console.error(USAGE);
    return 2;
  }
  const db = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(db.kysely);
    const company = await companyBySlug(db.kysely, slug);
    if (!company) return 1;
    if (clearing) {
      if (!(await clearBounce(db.kysely, company.id, bounceKey(address!)))) {
        console.error(`${company.name} has no bounce recorded for ${address}.`);
        return 1;
      }
      console.log(`Cleared ${address}: ${company.name}'s next message to it will be attempted.`);
      return 0;
    }
    const bounces = await listBounces(db.kysely, company.id);
    if (bounces.length === 0) console.log(`No address of ${company.name} bounced.`);
    for (const b of bounces) console.log(`${b.address}  ${b.bounced_at}  ${b.reply}`);
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
