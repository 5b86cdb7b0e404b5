import { runCreateStaffCommand } from './create-staff-by-command.js';

/**
 * `npm run console:create-admin -- <company-slug> <email> [name]` makes a company's first Administrator of the
 * Operations console (in production nobody else can) and prints their one-time set-up link.
 */
runCreateStaffCommand('console:create-admin', 'Administrator');
