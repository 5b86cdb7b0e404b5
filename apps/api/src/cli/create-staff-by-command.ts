import { loadConfig } from '../config/index.js';
import { systemClock } from '../domain/clock.js';
import { ApiError } from '../http/errors.js';
import { createAuditLog } from '../modules/audit/index.js';
import { createLoginThrottle, createRateLimiter } from '../modules/rate-limits/index.js';
import { createStaffService, type PLATFORM_OPERATOR } from '../modules/staff/index.js';
import { runOperatorCommand } from './operator-database.js';

/**
 * The operator commands that make the logins nobody in a company can make: `console:create-admin` (a company's first
 * Administrator) and `console:create-operator` (a platform operator). Each prints a one-time set-up link, where the
 * person chooses a password and, in production, enrols an authenticator app: no password passes through the terminal.
 */
export function runCreateStaffCommand(script: string, role: 'Administrator' | typeof PLATFORM_OPERATOR) {
  runOperatorCommand(
    `npm run ${script} -- <company-slug> <email> [name]`,
    (args) => args.length === 2 || args.length === 3,
    async ({ db, keys, company }, [email, name]) => {
      const config = loadConfig();
      const staff = createStaffService({
        db,
        config,
        clock: systemClock,
        secretBox: keys.secretBox,
        loginThrottle: createLoginThrottle(createRateLimiter(db, systemClock), config),
        audit: createAuditLog(db, systemClock),
      });
      try {
        const { setupLink } = await staff.createByOperator(
          { companyId: company.id, staffUserId: null, actor: `npm run ${script}`, ip: 'command line' },
          { email: email!, name: name ?? email!.split('@')[0]!, role },
        );
        const hours = config.console.setupLinkSeconds / 3600;
        console.log(
          `Created ${email} as ${role} of the Operations console (in ${company.name}'s staff list).`,
        );
        console.log(`One-time set-up link (valid ${hours} hours; give it to them only):\n${setupLink}`);
        return 0;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        console.error(error.message);
        return 1;
      }
    },
  );
}
