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
  'tasks.manage':
    "Run the installation's service tasks now, pause and resume them (they work on every company's data)",
} as const;

export type Permission = keyof typeof PERMISSIONS;

const EVERY_PERMISSION = Object.keys(PERMISSIONS) as Permission[];

export const ROLES = {
  Administrator: EVERY_PERMISSION,
  'Operations agent': ['work.read', 'enrollments.act', 'customers.act'],
  Pricing: ['work.read', 'plans.write'],
  'Customer support': ['work.read', 'customers.act', 'customers.reveal'],
  Marketing: ['work.read', 'marketing.write'],
  'Read-only': ['work.read', 'audit.read'],
} as const satisfies Record<string, readonly Permission[]>;

export type Role = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as Role[];

export const isRole = (name: string): name is Role => Object.hasOwn(ROLES, name);

/** Everything any of the roles permits, in the catalogue's order. */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>(roles.filter(isRole).flatMap((role) => ROLES[role]));
  return EVERY_PERMISSION.filter((permission) => granted.has(permission));
}
