import { randomBytes } from 'node:crypto';
import {
  findAccountByName,
  grantPermission,
  insertAccount,
  ROLE_GROUPS,
  setAccountSecret,
} from '../modules/auth/index.js';
import { seal } from '../security/secret-box.js';
import { runOperatorCommand } from './operator-database.js';

/**
 * `npm run company:account -- <company-slug> <account-name> <role-group>` creates a web service account and prints its
 * API key and secret once; `npm run company:account -- --rotate <company-slug> <account-name>` gives it a new secret
 * (the old one stops working at once). Only the sealed secret is stored. Decision: the account may call every
 * operation its role group allows (permission "*"); Affiliate accounts belong to an affiliate and are not made here.
 */
const ROLE_GROUPS_HERE = ROLE_GROUPS.filter((g) => g !== 'Affiliate');
const USAGE = `npm run company:account -- <company-slug> <account-name> <${ROLE_GROUPS_HERE.join('|')}>  or  npm run company:account -- --rotate <company-slug> <account-name>`;
const rotating = process.argv.includes('--rotate');

const newSecret = () => randomBytes(32).toString('base64url');

runOperatorCommand(
  USAGE,
  (args) => {
    const positional = args.filter((a) => !a.startsWith('--'));
    const flags = args.filter((a) => a.startsWith('--'));
    if (flags.some((f) => f !== '--rotate')) return false;
    return rotating ? positional.length === 2 : positional.length === 3;
  },
  async ({ db, keys, company }, [name, roleGroup]) => {
    const existing = await findAccountByName(db, company.id, name!);
    if (rotating) {
      if (!existing) {
        console.error(`${company.name} has no web service account named "${name}".`);
        return 1;
      }
      const secret = newSecret();
      await setAccountSecret(db, existing.id, seal(keys.secretBox, secret));
      printCredentials(
        `New secret of "${name}" (${company.name}); the previous secret no longer signs in.`,
        existing.api_key,
        secret,
      );
      return 0;
    }
    if (!ROLE_GROUPS_HERE.includes(roleGroup as never)) {
      console.error(`The role group must be one of ${ROLE_GROUPS_HERE.join(', ')} (got "${roleGroup}").`);
      return 1;
    }
    if (existing) {
      console.error(
        `${company.name} already has an account named "${name}"; use --rotate to give it a new secret.`,
      );
      return 1;
    }
    const apiKey = `vlt_${randomBytes(16).toString('hex')}`;
    const secret = newSecret();
    await db.transaction().execute(async (trx) => {
      const accountId = await insertAccount(trx, {
        company_id: company.id,
        name: name!,
        api_key: apiKey,
        secret_sealed: seal(keys.secretBox, secret),
        role_groups: JSON.stringify([roleGroup]),
        active: 1,
        created_at: new Date().toISOString(),
      });
      await grantPermission(trx, accountId, '*');
    });
    printCredentials(`Created "${name}" (${roleGroup}) for ${company.name}.`, apiKey, secret);
    return 0;
  },
);

/** The only time the secret is shown: it goes to the operator's terminal, never to a log. */
function printCredentials(heading: string, apiKey: string, secret: string) {
  console.log(heading);
  console.log(`API key: ${apiKey}`);
  console.log(`Secret:  ${secret}`);
  console.log('Store the secret now: Voltin keeps it sealed and cannot show it again.');
}
