import type { FastifyInstance } from 'fastify';
import { BILLING_SYSTEM_CONTRACT } from './adapters/billing-system/contract.js';
import { SANDBOX_BILLING_RULES } from './adapters/billing-system/sandbox.js';
import { CREDIT_BUREAU_CONTRACT } from './adapters/credit-bureau/contract.js';
import { SANDBOX_DEFAULT_SCORE } from './adapters/credit-bureau/sandbox.js';
import { MAIL_TEMPLATES } from './adapters/mail/templates.js';
import { SANDBOX_GATEWAY_TEST_VALUES } from './adapters/payment-gateway/sandbox.js';
import { SANDBOX_PROSPECTS } from './db/seed/prospects.js';
import { SANDBOX } from './db/seed/sandbox.js';
import { SANDBOX_STAFF } from './db/seed/staff.js';
import { BILLING_DELIVERY_METHODS } from './domain/billing-delivery.js';
import { DAY_TYPE_WEIGHT, HOURLY_SHARE, SEASON_WEIGHT, SUMMER_MONTHS } from './domain/load-shape.js';
import { ERROR_CODES } from './http/errors.js';
import { DEFAULT_QUEUE } from './modules/agent-queues/index.js';
import { ROLE_GROUPS } from './modules/auth/index.js';
import {
  AUTORESPONDER_TRIGGERS,
  REPLACEMENT_VARIABLES,
  variablesFor,
} from './modules/autoresponders/index.js';
import { CompanyFileSchema, findCompanyBySlug, findCustomerTypes } from './modules/company/index.js';
import { DEFAULT_CREDIT_RULES } from './modules/credit-checks/index.js';
import { DROP_REASONS, ENROLLMENT_STATUSES, LIFECYCLE } from './modules/enrollments/index.js';
import { NOTIFICATION_MESSAGES, STATUS_MESSAGES } from './modules/notifications/index.js';
import { PLAN_TYPES } from './modules/plans/index.js';
import {
  PRICING_MATRIX_COLUMNS,
  PROSPECT_ROLE_PERMISSIONS,
  PROSPECT_STATUS_TRANSITIONS,
  PROSPECT_STATUSES,
  SIGNING_EVENT_STATUS,
  SIGNING_STATUSES,
} from './modules/prospects/index.js';
import { listDeliveryCharges, listUtilityZipcodes } from './modules/reference/index.js';
import { PERMISSIONS, ROLES } from './modules/staff/index.js';
import { listUtilities } from './modules/utilities/index.js';

type OpenApiPaths = Record<string, Record<string, { summary?: string; tags?: string[] }>>;

/**
 * The Operations console's roles, its permissions, and every operation of its API with the permission it needs, as
 * the console's server registered them (its access check reads the same `config.permission`).
 */
async function consoleAccess(app: FastifyInstance) {
  const ops = app.voltin.console;
  if (!ops) throw new Error('The Operations console server is not built');
  await ops.ready();
  const paths = (ops.swagger() as { paths: OpenApiPaths }).paths;
  return {
    permissions: Object.entries(PERMISSIONS).map(([permission, description]) => ({
      permission,
      description,
    })),
    roles: Object.entries(ROLES).map(([role, permissions]) => ({ role, permissions: [...permissions] })),
    operations: ops.opsCatalogue.map(({ method, url, operationId, permission }) => {
      const path = url.replace(/:(\w+)/g, '{$1}');
      const described = paths[path]?.[method.toLowerCase()];
      return {
        method,
        path,
        operationId,
        permission,
        summary: described?.summary ?? '',
        tags: described?.tags ?? [],
      };
    }),
  };
}

/**
 * Everything the docs site lists that the code defines, read from the code and the sandbox data so the pages
 * cannot drift from the behaviour. Sections are added here as domains grow; the docs build renders them.
 */
export async function collectReference(app: FastifyInstance) {
  const db = app.voltin.db.kysely;
  const company = await findCompanyBySlug(db, SANDBOX.companySlug);
  if (!company) throw new Error(`The sandbox company (${SANDBOX.companySlug}) is not in the database`);
  const utilities = await listUtilities(db, company.id, {});
  const charges = await listDeliveryCharges(db, app.voltin.clock.now().toISOString());
  const zipcodes = await listUtilityZipcodes(db, company.id);
  const customerTypes = await findCustomerTypes(db, company.id);
  return {
    errorCodes: Object.entries(ERROR_CODES).map(([code, { status, description }]) => ({
      code,
      status,
      description,
    })),
    planTypes: Object.entries(PLAN_TYPES).map(([id, name]) => ({ id: Number(id), name })),
    billingDeliveryMethods: BILLING_DELIVERY_METHODS,
    timeOfUseShape: {
      summerMonths: SUMMER_MONTHS,
      seasonWeight: SEASON_WEIGHT,
      dayTypeWeight: DAY_TYPE_WEIGHT,
      hourlyShare: HOURLY_SHARE,
    },
    utilities: utilities.map((u) => ({
      id: u.id,
      code: u.code,
      name: u.name,
      formal_name: u.formal_name,
      commodity: u.commodity,
      state: u.state_code,
      market: u.market_name,
      ldc_label: u.ldc_label,
      ldc_prefix: u.ldc_prefix,
      ldc_length: u.ldc_length,
      ldc_only_numbers: u.ldc_only_numbers === 1,
      ldc_mask: u.ldc_mask,
      sample_bill_label: u.sample_bill_label,
      rescission_period: u.rescission_period,
      allow_weekend_start_dates: u.allow_weekend_start_dates === 1,
      min_credit_score: u.min_credit_score,
      etf_windows: u.etf_windows,
      renewal_alert: u.renewal_alert,
      switch_types: JSON.parse(u.switch_types) as string[],
      charges_effective_date: u.charges_effective_date,
      charges_source: u.charges_source,
      delivery_charges: charges
        .filter((c) => c.utility_id === u.id)
        .map(({ name, type, charge, uom_from, uom_to }) => ({ name, type, charge, uom_from, uom_to })),
    })),
    zipcodes,
    customerTypes: customerTypes.map(({ id: _id, company_id: _company, ...type }) => type),
    backgroundTasks: app.voltin.scheduler
      .tasks()
      .map((t) => ({ name: t.name, description: t.description, everySeconds: t.everySeconds })),
    enrollmentStatuses: ENROLLMENT_STATUSES.map((status) => ({
      status,
      id: LIFECYCLE[status].id,
      meaning: LIFECYCLE[status].meaning,
      statusForCustomers: LIFECYCLE[status].statusForCustomers,
      live: LIFECYCLE[status].live,
      hiddenFromCustomers: LIFECYCLE[status].hiddenFromCustomers ?? false,
      next: Object.entries(LIFECYCLE[status].next).map(([to, actors]) => ({ to, actors })),
    })),
    agentDefaultQueue: DEFAULT_QUEUE,
    dropReasons: DROP_REASONS,
    creditDefaults: DEFAULT_CREDIT_RULES,
    prospects: {
      statuses: PROSPECT_STATUSES,
      signingStatuses: SIGNING_STATUSES,
      transitions: PROSPECT_STATUS_TRANSITIONS,
      rolePermissions: PROSPECT_ROLE_PERMISSIONS,
      signingEvents: SIGNING_EVENT_STATUS,
      pricingMatrixColumns: PRICING_MATRIX_COLUMNS,
    },
    roleGroups: ROLE_GROUPS,
    mailTemplates: MAIL_TEMPLATES,
    sandboxBillingRules: SANDBOX_BILLING_RULES,
    notificationMessages: NOTIFICATION_MESSAGES,
    statusNotifications: STATUS_MESSAGES,
    autoresponderTriggers: AUTORESPONDER_TRIGGERS.map((t) => ({
      key: t.key,
      source: t.source,
      fires: t.fires,
      notificationKind: t.notificationKind,
      variables: variablesFor(t.source),
    })),
    replacementVariables: REPLACEMENT_VARIABLES.map((v) => ({
      name: v.name,
      description: v.description,
      example: v.example,
      sources: v.sources,
      computed: v.computed,
    })),
    sandbox: {
      company: SANDBOX.companyName,
      apiKey: SANDBOX.apiKey,
      apiSecret: SANDBOX.apiSecret,
      customer: { username: SANDBOX.customerUserName, password: SANDBOX.customerPassword },
      affiliate: {
        name: SANDBOX_PROSPECTS.affiliateName,
        apiKey: SANDBOX_PROSPECTS.affiliateApiKey,
        apiSecret: SANDBOX_PROSPECTS.affiliateApiSecret,
      },
      creditBureau: [
        { input: 'SSN whose last three digits are 300-850', outcome: 'that score' },
        { input: 'SSN ending 000', outcome: 'no score (no_score_reason set); a deposit is required' },
        { input: 'SSN ending 999', outcome: 'bureau unavailable (error_msg set); run the check again' },
        { input: 'any other SSN, or date of birth only', outcome: `score ${SANDBOX_DEFAULT_SCORE}` },
        { input: 'last name "Alert"', outcome: 'a fraud alert: the enrollment waits for an agent (ON_HOLD)' },
      ],
      billingSystem: [
        {
          input: 'customer last name "Offline"',
          outcome: 'connection error: SUBMITION_NOT_SENT_CONNECTION_ERROR, retried with backoff',
        },
        { input: 'customer last name "Rejected"', outcome: 'submitted with errors: SUBMITTED_WITH_ERRORS' },
        { input: 'anyone else', outcome: 'accepted: PENDING' },
      ],
      paymentGateway: [
        ...SANDBOX_GATEWAY_TEST_VALUES.map((v) => ({
          input: `card or bank account number ending ${v.ending}, e.g. ${v.exampleCard}`,
          outcome: v.outcome,
        })),
        { input: 'any other valid test number, e.g. 4111111111111111', outcome: 'approved' },
      ],
      /** The Operations console's sandbox staff (sandbox only, like the rest of this section). */
      staff: SANDBOX_STAFF.map(({ email, password, role }) => ({ email, password, role })),
    },
    routes: app.routeCatalogue,
    /** The Operations console's roles and permissions, and the permission each of its operations needs. */
    consoleAccess: await consoleAccess(app),
    /** The OpenAPI documents of the connector contracts, built from their TypeBox schemas (the integration guide). */
    connectorContracts: { creditBureau: CREDIT_BUREAU_CONTRACT, billingSystem: BILLING_SYSTEM_CONTRACT },
    /** The JSON Schema of the company file `npm run company:apply` reads (Going to Production). */
    companyFile: JSON.parse(JSON.stringify(CompanyFileSchema)) as Record<string, unknown>,
  };
}
