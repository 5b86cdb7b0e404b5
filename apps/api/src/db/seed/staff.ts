import type { Kysely } from 'kysely';
import type { Role } from '../../modules/staff/index.js';
import { hashPassword } from '../../security/passwords.js';
import type { Database } from '../schema.js';

/** The documented sandbox staff of Bluebonnet Energy (README, DESIGN.md). Never created in production. */
export const SANDBOX_STAFF: { email: string; name: string; password: string; role: Role }[] = [
  {
    email: 'admin@bluebonnet.example',
    name: 'Avery Admin',
    password: 'Admin-Password-1',
    role: 'Administrator',
  },
  {
    email: 'agent@bluebonnet.example',
    name: 'Alex Agent',
    password: 'Agent-Password-1',
    role: 'Operations agent',
  },
  {
    email: 'pricing@bluebonnet.example',
    name: 'Pat Pricing',
    password: 'Pricing-Password-1',
    role: 'Pricing',
  },
  {
    email: 'support@bluebonnet.example',
    name: 'Sam Support',
    password: 'Support-Password-1',
    role: 'Customer support',
  },
  {
    email: 'auditor@bluebonnet.example',
    name: 'Ari Auditor',
    password: 'Auditor-Password-1',
    role: 'Read-only',
  },
  {
    email: 'marketing@bluebonnet.example',
    name: 'Morgan Marketing',
    password: 'Marketing-Password-1',
    role: 'Marketing',
  },
  // Whoever hosts Voltin: listed with Bluebonnet's staff, but sees no company's data (docs: Onboarding a supplier).
  {
    email: 'operator@voltin.example',
    name: 'Olive Operator',
    password: 'Operator-Password-1',
    role: 'Platform operator',
  },
];

/** Adds whichever sandbox staff member is missing (a sandbox database made before the console gets them too). */
export async function seedSandboxStaff(db: Kysely<Database>, companyId: number, passwordHashCost: number) {
  const existing = new Set(
    (await db.selectFrom('staff_users').select('email').execute()).map((row) => row.email),
  );
  for (const member of SANDBOX_STAFF.filter((m) => !existing.has(m.email))) {
    await db
      .insertInto('staff_users')
      .values({
        company_id: companyId,
        email: member.email,
        name: member.name,
        roles: JSON.stringify([member.role]),
        password_hash: await hashPassword(member.password, passwordHashCost),
        created_at: new Date().toISOString(),
      })
      .execute();
  }
}
