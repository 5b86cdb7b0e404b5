import { loadConfig } from '../config/index.js';
import { systemClock } from '../domain/clock.js';
import { ApiError } from '../http/errors.js';
import { createAuditLog } from '../modules/audit/index.js';
import { createLoginThrottle, createRateLimiter } from '../modules/rate-limits/index.js';
import { createStaffService } from '../modules/staff/index.js';
import { runOperatorCommand } from './operator-database.js';

/**
 * `npm run console:create-admin -- <company-slug> <email> [name]` makes a company's first Administrator of the
 * Operations console (in production nobody else can) and prints a one-time set-up link: there the Administrator
 * chooses a password and, in production, enrols an authenticator app. No password ever passes through the terminal.
 */
const USAGE = 'npm run console:create-admin -- <company-slug> <email> [name]';

runOperatorCommand(
  USAGE,
  (args) => args.length === 2 || args.length === 3,
  async ({ db, keys, company }, [email, name]) => {
    const config = loadConfig();
    const rateLimiter = createRateLimiter(db, systemClock);
    const staff = createStaffService({
      db,
      config,
      clock: systemClock,
      secretBox: keys.secretBox,
      loginThrottle: createLoginThrottle(rateLimiter, config),
      audit: createAuditLog(db, systemClock),
    });
    try {
      const link = await staff.createFirstAdministrator(company.id, email!, name ?? email!.split('@')[0]!);
      const hours = config.console.setupLinkSeconds / 3600;
      console.log(`Created ${email} as Administrator of ${company.name}'s Operations console.`);
      console.log(`One-time set-up link (valid ${hours} hours; give it to them only):\n${link}`);
      return 0;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
);
