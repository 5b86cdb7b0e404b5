import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { US_STATES, UTILITIES } from '../../db/seed/data/index.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError } from '../../http/errors.js';
import type { AuditActor, AuditLog } from '../audit/index.js';
import {
  CompanyFileRefused,
  checkCompanyFile,
  createCompanyFromFile,
  listCompanies,
} from '../company/index.js';
import type { StaffService } from '../staff/index.js';

export interface NewCompanyInput {
  company: unknown;
  administrator: { email: string; name: string };
}

/** "/utilities/1: …" becomes "company.utilities.1: …": the body's path, which the console's form fields carry. */
function underCompany(problem: string): string {
  const at = problem.indexOf(': ');
  const pointer = problem.slice(0, at);
  return `company${pointer === '/' ? '' : pointer.replace(/\//g, '.')}${problem.slice(at)}`;
}

/** The company file as the request sent it, with the schema's defaults and its own cross-checks. */
function companyFileOf(value: unknown) {
  try {
    return checkCompanyFile(value);
  } catch (error) {
    if (!(error instanceof CompanyFileRefused)) throw error;
    throw new ApiError(
      'VALIDATION_FAILED',
      'company: the company file is refused; nothing was written.',
      error.problems.map(underCompany),
    );
  }
}

/**
 * The platform operator's work (whoever hosts Voltin, above every company): the installation's retail companies, and a
 * new one made from a company file with its first Administrator. A new company starts with only what its file says
 * and the installation's reference data: no plan, customer, staff member or document of any other company.
 */
export function createPlatform(deps: {
  db: Kysely<Database>;
  staff: StaffService;
  audit: AuditLog;
  clock: Clock;
}) {
  const { db, staff, audit, clock } = deps;

  async function companies() {
    const [rows, headcount] = await Promise.all([listCompanies(db), staff.headcountByCompany()]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      createdAt: row.created_at,
      staff: headcount.get(row.id) ?? 0,
    }));
  }

  return {
    companies,

    /** The states and utilities a company file may name, for the operator's form. */
    companyFileChoices() {
      const markets = US_STATES.flatMap((state) => {
        const utilities = UTILITIES.filter((u) => u.stateCode === state.code).map((u) => ({
          code: u.code,
          name: u.name,
          commodity: u.commodity,
        }));
        return utilities.length ? [{ stateCode: state.code, stateName: state.name, utilities }] : [];
      });
      return { markets };
    },

    /**
     * The company and its first Administrator in one transaction: a taken slug or email leaves nothing behind. The
     * change is audited twice: in the new company's log (who made it) and in the operator's own.
     */
    async createCompany(by: AuditActor, input: NewCompanyInput) {
      const file = companyFileOf(input.company);
      const made = await db.transaction().execute(async (trx) => {
        const companyId = await createCompanyFromFile(trx, file, clock.now());
        const { user, setupLink } = await staff.createByOperator(
          { ...by, companyId },
          { ...input.administrator, role: 'Administrator' },
          trx,
        );
        const change = {
          action: 'company.create',
          targetType: 'retail_company',
          targetId: companyId,
          summary: `Created the retail company ${file.name} (${file.slug}) with ${user.email} as its first Administrator`,
        };
        await audit.record({ ...by, companyId }, change, trx);
        await audit.record(by, change, trx);
        return { companyId, user, setupLink };
      });
      const company = (await companies()).find((c) => c.id === made.companyId)!;
      return {
        company,
        administrator: { email: made.user.email, name: made.user.name },
        setupLink: made.setupLink,
      };
    },
  };
}

export type Platform = ReturnType<typeof createPlatform>;
