/**
 * The console's roles and what each may do. The server checks a permission on every ops operation (its route's
 * `config.permission`); the console only hides what the signed-in roles lack.
 */
export const PERMISSIONS = {
  'work.read': 'See the work queues, enrollments and customers (identity data masked)',
  'enrollments.act':
    'Release or reject holds, retry and resubmit submissions, review letters of credit and ETF invoices',
  'deposits.waive': 'Waive a deposit while releasing a hold',
  'customers.act':
    "Act on a customer's behalf: password-reset link, notifications, delivery method, drop, transfer, renewal, notes",
  'customers.reveal': "Reveal a customer's SSN last four and date of birth (each reveal is audited)",
  'payments.refund': 'Refund a payment through the gateway',
  'plans.write': 'Change plans, prices and market data',
  'marketing.write': 'Change affiliates, autoresponders and documents',
  'staff.manage': 'Add staff, set their roles, reset their passwords and end their sessions',
  'audit.read': 'Search the audit log',
  'accounts.manage':
    'Create, rotate and revoke the web service accounts that call the public API, and choose what each may call',
  'company.configure':
    "Change the company's set-up: configuration parameters, payment rules, brands (Administrators only)",
  'tasks.read': "See the installation's service tasks: schedules, last and next runs, recent runs",
  'tasks.manage': "Run one of the installation's service tasks now (it would run at its next time anyway)",
  'tasks.pause':
    "Pause and resume the installation's service tasks: a paused task stops its work for every company",
  'companies.manage':
    'See the retail companies of the installation and create a new one with its first Administrator',
} as const;

export type Permission = keyof typeof PERMISSIONS;

const EVERY_PERMISSION = Object.keys(PERMISSIONS) as Permission[];

/**
 * What acts on the whole installation rather than on one company: only the platform operator (whoever hosts Voltin)
 * holds it, since one company's Administrator must not stop or see the others' work.
 */
const PLATFORM_PERMISSIONS: readonly Permission[] = ['companies.manage', 'tasks.pause'];

export const ROLES = {
  Administrator: EVERY_PERMISSION.filter((permission) => !PLATFORM_PERMISSIONS.includes(permission)),
  'Operations agent': ['work.read', 'tasks.read', 'enrollments.act', 'customers.act'],
  Pricing: ['work.read', 'tasks.read', 'plans.write'],
  'Customer support': ['work.read', 'tasks.read', 'customers.act', 'customers.reveal'],
  Marketing: ['work.read', 'tasks.read', 'marketing.write'],
  'Read-only': ['work.read', 'tasks.read', 'audit.read'],
  // Above the companies: no company's data (no work.read), only the installation's companies and tasks.
  'Platform operator': ['tasks.read', 'tasks.manage', ...PLATFORM_PERMISSIONS],
} as const satisfies Record<string, readonly Permission[]>;

export type Role = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as Role[];

/** Granted only by the operator command (`npm run console:create-operator`), never through the console. */
export const PLATFORM_OPERATOR: Role = 'Platform operator';

/** The roles a company's Administrator may give its staff. */
export const GRANTABLE_ROLES = ROLE_NAMES.filter((role) => role !== PLATFORM_OPERATOR);

export const isRole = (name: string): name is Role => Object.hasOwn(ROLES, name);

/** Everything any of the roles permits, in the catalogue's order. */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>(roles.filter(isRole).flatMap((role) => ROLES[role]));
  return EVERY_PERMISSION.filter((permission) => granted.has(permission));
}
