import { runCreateStaffCommand } from './create-staff-by-command.js';

/**
 * `npm run console:create-operator -- <company-slug> <email> [name]` makes a platform operator: whoever hosts Voltin,
 * who creates retail companies and pauses the installation's service tasks. The login is listed with the staff of the
 * company named (the hosting company), yet gives no access to that company's data, and its Administrators cannot
 * change it.
 */
runCreateStaffCommand('console:create-operator', 'Platform operator');
