import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { billingSystemFor } from './adapters/billing-system/index.js';
import type { BillingAccounts, BillingSystem } from './adapters/billing-system/port.js';
import { creditBureauFor } from './adapters/credit-bureau/index.js';
import type { CreditBureau } from './adapters/credit-bureau/port.js';
import { createDocusignSigning } from './adapters/document-signing/docusign.js';
import type { DocumentSigningPort } from './adapters/document-signing/port.js';
import { createSandboxSigning, type SandboxSigning } from './adapters/document-signing/sandbox.js';
import { mailDeliveryTask, mailerFor } from './adapters/mail/index.js';
import {
  createPaymentGateways,
  createSandboxHostedForms,
  GatewayConfigurationError,
  type PaymentGateway,
  type PaymentGateways,
} from './adapters/payment-gateway/index.js';
import { sandboxFormRoutes } from './adapters/payment-gateway/sandbox-form-page.js';
import { createHttpVerificationProvider } from './adapters/verification-provider/http.js';
import type { VerificationProvider } from './adapters/verification-provider/port.js';
import { createSignatureScanner } from './adapters/virus-scanner/index.js';
import type { Config } from './config/index.js';
import { buildConsoleApp } from './console-app.js';
import { catalogStampReader, createStampedCache } from './db/change-stamps.js';
import { type Db, openDatabase } from './db/client.js';
import { migrateToLatest } from './db/migrate.js';
import { seedPremises } from './db/seed/premises.js';
import { seedReferenceData } from './db/seed/reference.js';
import { seedSandbox } from './db/seed/sandbox.js';
import { withStartupLock } from './db/startup-lock.js';
import { type Clock, systemClock } from './domain/clock.js';
import { accessControl } from './http/access.js';
import { registerBrandLogos } from './http/brand-logos.js';
import { type UndeclaredAnswer, watchDeclaredAnswers } from './http/declared-errors.js';
import { registerDocsSite } from './http/docs-site.js';
import { ApiError } from './http/errors.js';
import { idempotencyKeys, purgeExpiredIdempotencyKeys } from './http/idempotency.js';
import { loggerOptions } from './http/logging.js';
import { registerMetrics } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { createHttpServer } from './http/server-base.js';
import { multipartOptions } from './http/uploads.js';
import { createScheduler, type Scheduler } from './jobs/scheduler.js';
import { agentRoutes, createAgentQueues } from './modules/agent-queues/index.js';
import { createAuditLog } from './modules/audit/index.js';
import { authRoutes, createAuthService, createServiceAccounts } from './modules/auth/index.js';
import { autoresponderRoutes, createAutorespondersService } from './modules/autoresponders/index.js';
import { billingRoutes, createBillingService } from './modules/billing/index.js';
import {
  chargeRoutes,
  confirmGatewayCharge,
  createChargesService,
  createHostedPayment,
  isChargeRecorded,
  recordCapturedDeposit,
} from './modules/charges/index.js';
import {
  companyRoutes,
  createCompanyService,
  createCompanySetup,
  createUtilityMarket,
  findCompanySettings,
} from './modules/company/index.js';
import { createCreditChecksService, creditCheckRoutes } from './modules/credit-checks/index.js';
import { createCustomerTypesService, customerTypeRoutes } from './modules/customer-types/index.js';
import { createCustomerView } from './modules/customer-view/index.js';
import { createCustomersService, customerRoutes, sealClearTaxIds } from './modules/customers/index.js';
import { createDashboard } from './modules/dashboard/index.js';
import { createDocumentLibrary, createDocumentsService, documentRoutes } from './modules/documents/index.js';
import {
  activeAutopayTokens,
  createAccountChanges,
  createEnrollmentsService,
  type EnrollmentsService,
  enrollmentRoutes,
  findEnrollmentById,
} from './modules/enrollments/index.js';
import { createFilesService, fileRoutes } from './modules/files/index.js';
import { healthRoutes, pingDatabase, queueDepths } from './modules/health/index.js';
import { createNotificationsService, notificationRoutes } from './modules/notifications/index.js';
import { createPaymentsService, paymentRoutes } from './modules/payments/index.js';
import {
  createBundles,
  createCampaigns,
  createPlanPricing,
  createPlansService,
  planCountsByUtility,
  planRoutes,
  utilitiesWithPlansOnSale,
} from './modules/plans/index.js';
import { createPlatform } from './modules/platform/index.js';
import {
  createEsiidImports,
  createPremisesService,
  esiidCountsByUtilityCode,
  premiseRoutes,
} from './modules/premises/index.js';
import {
  createAffiliates,
  createPricingMatrixImports,
  createProspectsService,
  prospectRoutes,
  sandboxSigningRoutes,
} from './modules/prospects/index.js';
import { createLoginThrottle, createRateLimiter } from './modules/rate-limits/index.js';
import { createReferenceService, referenceRoutes } from './modules/reference/index.js';
import { createServiceTasks } from './modules/service-tasks/index.js';
import { createSigningWebhooksService, signingWebhookRoutes } from './modules/signing-webhooks/index.js';
import { createStaffService } from './modules/staff/index.js';
import { createUtilitiesService, utilityRoutes } from './modules/utilities/index.js';
import {
  createVerificationDispatch,
  createVerificationsService,
  verificationRoutes,
} from './modules/verifications/index.js';
import { deriveKeys, type KeyRing } from './security/keys.js';
import { masterKeyFor } from './security/master-key.js';
import { createLinkSigner, type LinkSigner } from './security/signed-urls.js';

export interface AppContext {
  config: Config;
  db: Db;
  keys: KeyRing;
  scheduler: Scheduler;
  clock: Clock;
  /** Set once the modules are built: tests and tools drive the enrollment flow directly. */
  enrollments?: EnrollmentsService;
  /** The Operations console's server (its own port); closed with this one. */
  console?: FastifyInstance;
}

declare module 'fastify' {
  interface FastifyInstance {
    voltin: AppContext;
  }
}

export interface BuildOptions {
  /** A database the caller owns (tests); by default the app opens and closes its own from DATABASE_URL. */
  db?: Db;
  /** External systems to use instead of the configured ones (fault and load tests). */
  adapters?: {
    billing?: BillingSystem;
    /** The billing system's account reads (statements, usage); the configured billing system by default. */
    billingAccounts?: BillingAccounts;
    bureau?: CreditBureau;
    /** The third-party verification provider client; the signed HTTPS one by default. */
    verificationProvider?: VerificationProvider;
    /** Wraps each company's payment gateway, whichever it is (fault tests: a gateway that times out after charging). */
    gateway?: (companyGateway: PaymentGateway) => PaymentGateway;
  };
  logger?: boolean;
  /** Where the time comes from; the system's by default (tests move a manual clock). */
  clock?: Clock;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Told of every answer its route's documentation does not list (tests fail on one). */
  onUndeclaredAnswer?: (answer: UndeclaredAnswer) => void;
}

function prepareDatabase(config: Config, db: Db): Promise<KeyRing> {
  return withStartupLock(db.kysely, async () => {
    const keys = deriveKeys(await masterKeyFor(config, db.kysely), config.previousMasterKeys);
    await migrateToLatest(db.kysely);
    // Values a migration could not seal (migrations never see the master key).
    await sealClearTaxIds(db.kysely, keys.secretBox);
    await seedReferenceData(db.kysely);
    if (config.mode === 'sandbox') {
      // The premise directory is a sample; production loads ERCOT's ESIID extract into the same table.
      await seedPremises(db.kysely);
      await seedSandbox(db.kysely, keys, config.passwordHashCost);
    }
    return keys;
  });
}

/**
 * DocuSign when it is configured (always in production: loadConfig requires it); the in-process sandbox otherwise,
 * returned as `sandbox` too, for its signing page.
 */
function documentSigningFor(
  config: Config,
  db: Db,
  { linkSigner, clock }: { linkSigner: LinkSigner; clock: Clock },
): { signing: DocumentSigningPort; sandbox: SandboxSigning | null } {
  const { docusign } = config.documentSigning;
  if (docusign) return { signing: createDocusignSigning(docusign), sandbox: null };
  if (config.mode === 'production') throw new Error('Production needs the DocuSign settings (DOCUSIGN_*).');
  const sandbox = createSandboxSigning({
    db: db.kysely,
    linkSigner,
    clock,
    publicBaseUrl: () => config.publicBaseUrl,
  });
  return { signing: sandbox, sandbox };
}

function wrapGateways(
  gateways: PaymentGateways,
  wrap: ((companyGateway: PaymentGateway) => PaymentGateway) | undefined,
): PaymentGateways {
  if (!wrap) return gateways;
  return { gatewayFor: async (companyId) => wrap(await gateways.gatewayFor(companyId)) };
}

/** Builds the whole server in load order: database, HTTP plumbing, access control, OpenAPI, modules. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const db = options.db ?? openDatabase(config.databaseUrl);
  const keys = await prepareDatabase(config, db);

  const app = await createHttpServer(config, {
    logger:
      options.logger === false ? false : { ...loggerOptions(config.logLevel), stream: options.logStream },
  });
  const clock = options.clock ?? systemClock;
  const scheduler = createScheduler(db.kysely, app.log, clock);
  app.decorate('voltin', { config, db, keys, scheduler, clock });
  // The first line of the log says which world this is, before anything else can be mistaken for production.
  app.log.info(
    { mode: config.mode },
    config.mode === 'sandbox'
      ? 'Voltin SANDBOX (NODE_ENV is not "production"): sandbox adapters and demo data, not for real customers'
      : 'Voltin PRODUCTION',
  );
  await app.register(multipart, multipartOptions(config));
  if (config.metricsToken)
    registerMetrics(app, {
      token: config.metricsToken,
      scheduler,
      queueDepths: () => queueDepths(db.kysely),
      catalogCacheBytes: () => catalog.keptBytes(),
    });

  const rateLimiter = createRateLimiter(db.kysely, clock);
  const auth = createAuthService({ db: db.kysely, config, keys, rateLimiter, clock });
  const mail = mailerFor(config, db.kysely, app.log, clock);
  const customers = createCustomersService({ db: db.kysely, config, rateLimiter, mail, clock });
  await app.register(accessControl, {
    resolver: { ...auth.resolver, customerSession: (companyId, hash) => customers.session(companyId, hash) },
  });
  await app.register(idempotencyKeys, { db: db.kysely, leaseSeconds: config.idempotencyLeaseSeconds, clock });
  await registerOpenApi(app);
  if (options.onUndeclaredAnswer) watchDeclaredAnswers(app, options.onUndeclaredAnswer);

  const catalog = createStampedCache(
    catalogStampReader(db.kysely, clock),
    config.catalogCacheMaxBytes,
    clock,
  );
  // Plans depend on utilities; the utilities' "has plans on sale" filter asks the plans' definition through this.
  const utilities = createUtilitiesService(db.kysely, catalog, clock, (today) =>
    utilitiesWithPlansOnSale(db.kysely, today),
  );
  const linkSigner = createLinkSigner(keys.urlSigning, clock);
  const documentLibrary = createDocumentLibrary({
    db: db.kysely,
    linkSigner,
    clock,
    scanner: createSignatureScanner(),
  });
  const plans = createPlansService({
    db: db.kysely,
    utilities,
    linkSigner,
    catalog,
    clock,
    libraryDocuments: documentLibrary.planDocuments,
  });
  const documents = createDocumentsService(db.kysely, plans, linkSigner, clock, documentLibrary);
  const files = createFilesService({
    db: db.kysely,
    linkSigner,
    clock,
    uploadQuotas: config.uploadQuotas,
  });
  // The sandbox gateway's hosted form, served by this server; a production server has no sandbox gateway.
  const sandboxForms =
    config.mode === 'sandbox'
      ? createSandboxHostedForms({ db: db.kysely, clock, publicBaseUrl: () => config.publicBaseUrl })
      : undefined;
  const paymentGateways = wrapGateways(
    createPaymentGateways({
      db: db.kysely,
      secretBoxKey: keys.secretBox,
      configuredGateway: async (companyId) =>
        (await findCompanySettings(db.kysely, companyId))?.payment_gateway,
      log: app.log,
      sandboxAllowed: config.mode === 'sandbox',
      sandboxForms,
    }),
    options.adapters?.gateway,
  );
  /** A company's gateway, or 503 PAYMENT_GATEWAY_NOT_CONFIGURED with the sentence saying what to fix. */
  const configuredGatewayFor = async (companyId: number) => {
    try {
      return await paymentGateways.gatewayFor(companyId);
    } catch (error) {
      if (error instanceof GatewayConfigurationError)
        throw new ApiError('PAYMENT_GATEWAY_NOT_CONFIGURED', error.message);
      throw error;
    }
  };
  const creditChecks = createCreditChecksService(
    db.kysely,
    options.adapters?.bureau ?? creditBureauFor(config),
    plans,
    keys.secretBox,
    app.log,
    clock,
  );
  // The sandbox one only when no connector is configured, and never in production (config.integrations).
  const billingSystem = billingSystemFor(config);
  const billing = createBillingService(db.kysely, options.adapters?.billingAccounts ?? billingSystem, clock);
  const notifications = createNotificationsService({ db: db.kysely, billing, clock });
  const autoresponders = createAutorespondersService({ db: db.kysely, billing, mail, clock });
  const enrollments = createEnrollmentsService({
    db: db.kysely,
    clock,
    plans,
    utilities,
    creditChecks,
    billing: options.adapters?.billing ?? billingSystem,
    // Charges are created below and own every charge; the deposit paid at enrollment goes through them too.
    deposits: {
      chargeNow: (companyId, enrollmentId, method) =>
        charges.chargeDepositNow(companyId, enrollmentId, method),
      confirm: async (companyId, transactionId, expected) =>
        confirmGatewayCharge(await configuredGatewayFor(companyId), transactionId, expected),
      isRecorded: (companyId, transactionId) => isChargeRecorded(db.kysely, companyId, transactionId),
      recordCaptured: recordCapturedDeposit,
    },
    stillOwing: (companyId, enrollmentIds) => billing.stillOwing(companyId, enrollmentIds),
    passwordHashCost: config.passwordHashCost,
    submissionLeaseSeconds: config.submissionLeaseSeconds,
    secretBox: keys.secretBox,
    log: app.log,
  });
  app.voltin.enrollments = enrollments;
  const charges = createChargesService({
    db: db.kysely,
    clock,
    enrollments,
    gatewayFor: configuredGatewayFor,
    log: app.log,
  });
  const accountChanges = createAccountChanges({
    db: db.kysely,
    clock,
    core: enrollments,
    plans,
    utilities,
    files,
    secretBox: keys.secretBox,
  });
  const verifications = createVerificationsService({
    db: db.kysely,
    clock,
    enrollments: {
      verificationResult: (enrollmentId, result) => accountChanges.verificationResult(enrollmentId, result),
    },
  });
  const verificationDispatch = createVerificationDispatch({
    db: db.kysely,
    clock,
    provider: options.adapters?.verificationProvider ?? createHttpVerificationProvider({ timeoutMs: 10_000 }),
    secretBox: keys.secretBox,
    log: app.log,
    markPending: async (companyId, verificationId) => {
      await verifications.update(companyId, verificationId, { result: 'PENDING' });
    },
    findEnrollment: (enrollmentId) => findEnrollmentById(db.kysely, enrollmentId),
  });
  const documentSigning = documentSigningFor(config, db, { linkSigner, clock });
  const agent = createAgentQueues({
    db: db.kysely,
    enrollments,
    clock,
    changes: accountChanges,
    notifications,
    plans,
    documentBaseUrl: () => config.publicBaseUrl,
    mailTo: mail.sentTo,
  });
  const audit = createAuditLog(db.kysely, clock);
  const staff = createStaffService({
    db: db.kysely,
    config,
    clock,
    secretBox: keys.secretBox,
    loginThrottle: createLoginThrottle(rateLimiter, config),
    audit,
  });
  const prospects = createProspectsService({
    db: db.kysely,
    clock,
    files,
    signing: documentSigning.signing,
    log: app.log,
    mode: config.mode,
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        engine: db.engine,
        dependencies: [
          { name: 'database', check: () => pingDatabase(db.kysely) },
          ...(config.smtpUrl ? [{ name: 'mail relay', check: mail.verifyTransport }] : []),
        ],
      });
      await api.register(authRoutes, { auth });
      await api.register(customerRoutes, { customers });
      await api.register(referenceRoutes, { reference: createReferenceService(db.kysely) });
      await api.register(customerTypeRoutes, { customerTypes: createCustomerTypesService(db.kysely) });
      await api.register(companyRoutes, { company: createCompanyService(db.kysely) });
      await api.register(fileRoutes, { files });
      await api.register(prospectRoutes, { prospects });
      if (documentSigning.sandbox) {
        await api.register(sandboxSigningRoutes, {
          db: db.kysely,
          files,
          sandbox: documentSigning.sandbox,
          clock,
        });
      }
      await api.register(verificationRoutes, { verifications });
      await api.register(signingWebhookRoutes, {
        webhooks: createSigningWebhooksService({
          db: db.kysely,
          secretBoxKey: keys.secretBox,
          connectKeys: config.documentSigning.connectHmacKeys,
          log: app.log,
          clock,
        }),
      });
      await api.register(utilityRoutes, { utilities, catalog });
      await api.register(planRoutes, { plans, catalog });
      await api.register(documentRoutes, { documents, plans });
      await api.register(premiseRoutes, { premises: createPremisesService(db.kysely) });
      await api.register(creditCheckRoutes, { creditChecks });
      await api.register(enrollmentRoutes, { enrollments, changes: accountChanges });
      await api.register(agentRoutes, { agent });
      await api.register(chargeRoutes, {
        charges,
        enrollments,
        hosted: createHostedPayment({ db: db.kysely, charges }),
        linkSigner,
      });
      await api.register(billingRoutes, { billing });
      await api.register(notificationRoutes, { notifications });
      await api.register(autoresponderRoutes, { autoresponders });
      await api.register(paymentRoutes, {
        // Enrollments depend on payments; the autopay flag of a payment profile asks enrollments through this.
        payments: createPaymentsService({
          db: db.kysely,
          gateways: paymentGateways,
          clock,
          activeAutopayTokens,
        }),
      });
    },
    { prefix: '/api/v1' },
  );
  // The gateway's pages, not the API's: beside /api/v1, on this port only (never the console's).
  if (sandboxForms) {
    await app.register(sandboxFormRoutes, { forms: sandboxForms, gateways: paymentGateways, clock });
  }
  const esiidImports = createEsiidImports({
    db: db.kysely,
    clock,
    log: app.log,
    uploadLimitBytes: config.esiidUploadLimitBytes,
  });
  await registerBrandLogos(app);
  await registerDocsSite(app, { root: config.docsDir, basicAuth: config.docsBasicAuth });
  // The accounts are permitted operations of this server's public API, as its OpenAPI document lists them.
  const serviceAccounts = createServiceAccounts({
    db: db.kysely,
    keys,
    clock,
    publicApiDocument: () => app.swagger(),
  });
  const consoleApp = await buildConsoleApp(
    config,
    app,
    {
      staff,
      audit,
      platform: createPlatform({ db: db.kysely, staff, audit, clock }),
      agent,
      files,
      customers: createCustomerView({
        db: db.kysely,
        secretBox: keys.secretBox,
        clock,
        billing,
        notifications,
        customers,
        changes: accountChanges,
        enrollments,
        documentBaseUrl: () => config.publicBaseUrl,
      }),
      dashboard: createDashboard({ db: db.kysely, clock }),
      serviceTasks: createServiceTasks(scheduler),
      charges,
      pricing: createPlanPricing({ db: db.kysely, utilities, clock }),
      campaigns: createCampaigns({ db: db.kysely, clock }),
      bundles: createBundles({ db: db.kysely, clock }),
      documents,
      documentLibrary,
      pricingMatrices: createPricingMatrixImports(db.kysely, clock),
      // Plans and premises depend on company; the utility list's counts ask them through these.
      utilities: createUtilityMarket(db.kysely, {
        plansByUtility: (companyId) => planCountsByUtility(db.kysely, companyId),
        esiidsByUtilityCode: (codes) => esiidCountsByUtilityCode(db.kysely, codes),
      }),
      esiidImports,
      companySetup: createCompanySetup(db.kysely),
      serviceAccounts,
      autoresponders,
      // An affiliate's page lists the web service accounts bound to it, which the auth module keeps.
      affiliates: createAffiliates({
        db: db.kysely,
        clock,
        accounts: (companyId) => serviceAccounts.list(companyId),
      }),
      staffProspects: prospects.staff,
    },
    options.onUndeclaredAnswer,
  );
  app.voltin.console = consoleApp;

  scheduler.register({
    name: 'submit-enrollments',
    description:
      'Sends enrollments waiting for the billing system, and resends those it could not reach, with backoff (1, 2, 4 … minutes, at most an hour).',
    everySeconds: 30,
    run: () => enrollments.submitDue(),
  });
  scheduler.register({
    name: 'advance-enrollments',
    description:
      'Starts service on the start date (PENDING to ACTIVE, archiving the enrollment a renewal replaces) and ends it on the drop date (DROP_PENDING to DROPPED).',
    everySeconds: 300,
    run: () => enrollments.advanceDue(),
  });
  scheduler.register({
    name: 'reconcile-charges',
    description:
      'Asks the payment gateway about charges that got no answer (timeouts): charged → approved (a deposit releases its hold), not charged → safe to retry.',
    everySeconds: 60,
    run: () => charges.reconcileUnknown(),
  });
  scheduler.register({
    name: 'submit-renewals',
    description: 'The renewal batch: sends RENEWAL_PENDING enrollments to the billing system.',
    everySeconds: 3600,
    run: () => enrollments.submitRenewals(),
  });
  scheduler.register({
    name: 'purge-expired-credentials',
    description:
      "Deletes expired login signatures, refresh tokens, customer hashes, old rate-limit counters, Idempotency-Keys older than 24 hours and the sandbox gateway's hosted form tokens a day after they expired.",
    everySeconds: 600,
    async run() {
      await Promise.all([
        auth.purgeExpired(),
        staff.purgeEnded(),
        customers.purgeExpired(),
        rateLimiter.purgeExpired(),
        purgeExpiredIdempotencyKeys(db.kysely, clock),
        sandboxForms?.purgeExpired(),
      ]);
      return 'purged';
    },
  });
  scheduler.register({
    name: 'expire-prospects',
    description:
      'Moves prospects past their expiration date to Quote_Expired or Contract_Expired (voiding open contract envelopes).',
    everySeconds: 3600,
    run: () => prospects.expireDue(),
  });
  scheduler.register({
    name: 'create-notifications',
    description:
      "Notifies customers of new events, once each: enrollment status changes they see, payments received or declined (from cursors kept in system_settings), and each enrollment's newest statement.",
    everySeconds: 30,
    run: () => notifications.createFromEvents(),
  });
  scheduler.register({
    name: 'send-autoresponders',
    description:
      'Emails the autoresponder templates of each new customer notification (enrollment status, payment, statement) and each prospect sales status, once per template and event, through the mail outbox; records a notification of kind autoresponder for customers.',
    everySeconds: 30,
    run: () => autoresponders.sendFromEvents(),
  });
  scheduler.register({
    name: 'dispatch-verifications',
    description:
      "Hands sales waiting for third-party verification (NOT_SENT) to the company's verification provider, signed; a provider that does not take one gets it again with backoff (1, 2, 4 … minutes, at most an hour).",
    everySeconds: 30,
    run: () => verificationDispatch.dispatchDue(),
  });
  scheduler.register({
    name: 'import-esiid-extracts',
    description:
      'Runs an ESIID extract import that a stopped node left unfinished (from its first line) or that is still waiting, to its end (uploads start their own import at once); drops uploads a stopped node never finished receiving.',
    everySeconds: 60,
    run: () => esiidImports.runDue(),
  });
  scheduler.register(mailDeliveryTask(mail));
  if (config.backgroundTasks) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => {
    await scheduler.stop();
    // A node that stops hands its running ESIID import back to the queue before the database closes.
    await esiidImports.stop();
    await mail.close();
    await consoleApp.close();
    if (!options.db) await db.close();
  });
  return app;
}
