import { ssnDigits, validateSsn } from '../../domain/ssn.js';
import { selectableStartDates, startDateProblem, startDateRuleOf } from '../../domain/start-dates.js';
import { ApiError } from '../../http/errors.js';
import { hashPassword } from '../../security/passwords.js';
import { findCompanySettings } from '../company/index.js';
import { assertPasswordPolicy, assertUserNameFormat } from '../customers/index.js';
import { type PlansService, validateFields } from '../plans/index.js';
import { checkKnownMeter } from '../premises/index.js';
import { assertUtilityTakes, type UtilitiesService } from '../utilities/index.js';
import type { CreateRequest, EnrollmentsDeps, PlanRow } from './deps.js';

/**
 * Steps 1 to 3 of the decision flow, before anything is decided: the plan is on sale and matches the request, the
 * customer's fields and addresses are valid, every required acceptance option is agreed, the start date is allowed.
 */

export const invalid = (errors: string[]) =>
  new ApiError('VALIDATION_FAILED', 'The enrollment request is invalid.', errors);

type Described = Awaited<ReturnType<PlansService['plan']>>;
type Utility = Awaited<ReturnType<UtilitiesService['byIds']>>[number];

/** Step 1: the plan, the customer's fields and the addresses. */
export async function validatePlanAndFields(deps: EnrollmentsDeps, companyId: number, body: CreateRequest) {
  const plan = await deps.plans.planRow(companyId, body.planId);
  const described = await deps.plans.plan(companyId, body.planId, { baseUrl: '' });
  const sale = await deps.plans.saleTo(companyId, body.planId, body.promoCode);
  if (!sale.onSale)
    throw new ApiError(
      'PLAN_NOT_ON_SALE',
      `Plan ${plan.id} is not on sale today.`,
      plan.promo_code ? ["promoCode: the plan is sold only with its campaign's promo code"] : [],
    );
  const [utility] = await deps.utilities.byIds(companyId, [plan.utility_id]);
  assertUtilityTakes(utility!, body.switchType);
  const problems: string[] = [];
  if (plan.commodity !== body.commodityName) problems.push(`commodityName: the plan is ${plan.commodity}`);
  if (plan.customer_type_code !== body.customerType)
    problems.push(`customerType: the plan is for ${plan.customer_type_code}`);
  if (problems.length > 0)
    throw new ApiError('PLAN_MISMATCH', 'The request does not match the plan.', problems);

  const today = deps.clock.now();
  if (body.customer.idCustomer === undefined) assertCustomerFields(described, body.customer, today);
  const ldcAccount = validServiceAddress(plan, described, body.serviceAddress, today);
  if (!(await deps.utilities.servesZipcode(plan.utility_id, body.serviceAddress.zipcode))) {
    throw new ApiError(
      'ZIPCODE_NOT_SERVED',
      `${plan.utility_name} does not serve zip code ${body.serviceAddress.zipcode}.`,
      ['serviceAddress.zipcode: not served by the plan utility'],
    );
  }
  const meter = await checkKnownMeter(deps.db, companyId, plan.utility_id, ldcAccount);
  return { plan, described, ldcAccount, meterUnverified: meter.unverified, campaign: sale.campaign };
}

function assertCustomerFields(described: Described, customer: CreateRequest['customer'], today: Date) {
  // The credit check carries the SSN and date-of-birth rule; the enrollment checks the rest of the customer.
  const validators = described.customer_fields
    .filter((f) => f.fieldName !== 'socialSecurityNumber')
    .map((f) => ({ ...f, dependOnFields: [] }));
  const errors = validateFields(validators, customer as Record<string, unknown>, today);
  if (errors.length > 0) throw invalid(errors.map((e) => `customer.${e.message}`));
}

/** The LDC account number (spaces and dashes removed), valid for the plan's utility, in the plan's state. */
function validServiceAddress(
  plan: PlanRow,
  described: Described,
  serviceAddress: CreateRequest['serviceAddress'],
  today: Date,
): string {
  const addressErrors: string[] = [];
  const ldcAccount = serviceAddress.ldcAccount?.replace(/[\s-]/g, '');
  if (!ldcAccount) addressErrors.push('serviceAddress.ldcAccount: is required');
  else {
    const ldcErrors = validateFields(described.general_rules.ldc_account_number, { ldcAccount }, today);
    addressErrors.push(...ldcErrors.map((e) => `serviceAddress.${e.message}`));
  }
  if (serviceAddress.state !== plan.state_code)
    addressErrors.push(`serviceAddress.state: the plan's utility serves ${plan.state_code}`);
  if (addressErrors.length > 0) throw invalid(addressErrors);
  return ldcAccount!;
}

/** Step 2: every option the customer agreed to is one of the plan's, and every required one is agreed. */
export function assertAcceptance(options: Described['acceptance_options'], agreed: number[]) {
  const unknown = agreed.filter((id) => !options.some((o) => o.id_option === id));
  if (unknown.length > 0)
    throw invalid(unknown.map((id) => `agreedAcceptanceValues: ${id} is not an option of this plan`));
  const missing = options.filter((o) => o.is_required && !agreed.includes(o.id_option));
  if (missing.length > 0) {
    throw new ApiError(
      'ACCEPTANCE_REQUIRED',
      'The customer must agree to every required acceptance option.',
      missing.map((o) => `agreedAcceptanceValues: missing ${o.id_option} (${o.text})`),
    );
  }
}

/** Step 3: not before the plan's delay, and not on a weekend where the utility does not start service then. */
export function assertStartDate(plan: PlanRow, utility: Utility, body: CreateRequest, today: string) {
  const rule = startDateRuleOf(plan, utility, body);
  const dateProblem = startDateProblem(body.requestedStartDate, today, rule);
  const listed = `GET /plans/start-dates/${plan.id} lists the dates it may be`;
  if (dateProblem === 'START_DATE_TOO_EARLY') {
    throw new ApiError(
      dateProblem,
      `The earliest start date is ${selectableStartDates(today, rule)[0]} (${listed}).`,
      ['requestedStartDate: too early'],
    );
  }
  if (dateProblem === 'START_DATE_WEEKEND') {
    throw new ApiError(dateProblem, `${utility.name} does not start service on weekends (${listed}).`, [
      'requestedStartDate: falls on a weekend',
    ]);
  }
}

/** The SSN given for the enrolling customer, as nine digits; a malformed or never-issued number is refused. */
export function givenSsn(customer: CreateRequest['customer']): string | null {
  if (customer.socialSecurityNumber === undefined) return null;
  const check = validateSsn(customer.socialSecurityNumber);
  if (!check.valid) throw invalid([`customer.socialSecurityNumber: ${check.error_msg}`]);
  return ssnDigits(customer.socialSecurityNumber);
}

export interface NewLogin {
  userName: string;
  passwordHash: string;
}

/** A self-service login created with the enrollment: the same username and password rules as quick enrollment. */
export async function newLoginOf(
  deps: EnrollmentsDeps,
  customer: CreateRequest['customer'],
): Promise<NewLogin | null> {
  const { username, password } = customer;
  if (customer.idCustomer !== undefined || (username === undefined && password === undefined)) return null;
  if (username === undefined || password === undefined)
    throw invalid([`customer.${username === undefined ? 'username' : 'password'}: a login needs both`]);
  const userName = assertUserNameFormat('customer.username', username);
  assertPasswordPolicy('customer.password', password, userName);
  return { userName, passwordHash: await hashPassword(password, deps.passwordHashCost) };
}

/**
 * A sale needs a third-party phone verification when the company verifies every sale (`verification_required`),
 * when its plan does (the plan's `verification_required`), or when it was made door to door.
 */
export async function verificationRequired(
  deps: EnrollmentsDeps,
  companyId: number,
  plan: PlanRow,
  salesChannel: CreateRequest['salesChannel'],
): Promise<boolean> {
  if (salesChannel === 'DoorToDoor') return true;
  const settings = await findCompanySettings(deps.db, companyId);
  return settings?.verification_required === 1 || plan.verification_required === 1;
}
