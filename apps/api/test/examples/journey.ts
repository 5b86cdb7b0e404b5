import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SANDBOX_PROSPECTS } from '../../src/db/seed/prospects.js';
import { SANDBOX } from '../../src/db/seed/sandbox.js';
import { epochSeconds } from '../../src/domain/clock.js';
import { addDays, dayOf } from '../../src/domain/dates.js';
import { creditCheckBody, sandboxGateway } from '../fixtures/enrollments.js';
import { withCompanySettings } from '../fixtures/operator.js';
import { signLogin, type TestApi } from '../helpers/app.js';
import type { ManualClock } from '../helpers/clock.js';
import { PDF, type ProspectRefs, uploadFiles, validProspect } from '../modules/prospects/fixtures.js';

/**
 * The sandbox journey the OpenAPI document's examples come from: one call of each operation, in an order an
 * integrator would make them, with the sandbox's test values. Recorded once into `src/http/openapi-examples.ts`
 * and replayed by the tests, so the examples a reader copies run.
 */

/** Who makes a call: nobody signed in, the sandbox web service account, or it for the signed-in customer. */
type Caller = 'public' | 'account' | 'customer';

export interface ExampleRequest {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | Array<string | number>>;
  body?: unknown;
  /** The one file of a multipart upload. */
  file?: { name: string; type: string; content: string };
  /** Headers of the call's own (a webhook's signature), besides the caller's credentials. */
  headers?: Record<string, string>;
}

interface Step {
  operationId: string;
  as: Caller;
  /** What happens before the call, unrecorded: another call it needs, time passing. */
  before?: (api: TestApi, context: Context) => Promise<void>;
  request?: (context: Context) => ExampleRequest | Promise<ExampleRequest>;
  /** What later steps need from the answer's data. */
  keep?: (data: any, context: Context) => void;
}

/** What the journey has learned so far (ids, tokens), and the time it runs at. */
export interface Context {
  clock: ManualClock;
  token: string;
  refreshToken: string;
  customerHash: string;
  ids: Record<string, number>;
  values: Record<string, string>;
}

/** One call as recorded: the operation, what was sent (path, query, body) and what came back. */
export interface RecordedCall {
  operationId: string;
  method: string;
  path: string;
  request: ExampleRequest;
  status: number;
  answer: unknown;
}

const today = (c: Context, days = 0) => addDays(dayOf(c.clock), days);

/** A one-page PDF, as a scanned letter or bill would come. */
const pdf = (name: string) => ({ name, type: 'application/pdf', content: PDF.toString('latin1') });

/** The path and query of a signed link the API gave (a document's or a file's `url`). */
function signedLink(url: string): { segments: string[]; query: Record<string, string> } {
  const parsed = new URL(url);
  return {
    segments: parsed.pathname.split('/').filter(Boolean),
    query: Object.fromEntries(parsed.searchParams),
  };
}

/** The Oncor home of the sandbox's test values: 1201 Elm St, Dallas. */
const DALLAS = { address: '1201 Elm St', city: 'Dallas', state: 'TX', zipcode: '75201' };

/** A second enrollment at the sandbox home for a customer named `lastName` (the sandbox bureau flags "Alert"). */
const enrollmentOf = (c: Context, lastName: string, which: 2 | 3 | 4 | 5) => ({
  body: {
    planId: c.ids.plan!,
    commodityName: 'Electric',
    customerType: 'Residential',
    switchType: 'Move-In',
    requestedStartDate: today(c, 14),
    agreedAcceptanceValues: JSON.parse(c.values.agreed!),
    billingDeliveryMethod: 1,
    serviceAddress: {
      ...DALLAS,
      address: c.values[`address${which}`]!,
      ldcAccount: c.values[`esiid${which}`]!,
    },
    customer: {
      firstName: 'Sam',
      lastName,
      email: 'sam.alert@example.com',
      primaryPhoneNumber: '(512) 555-0111',
    },
  },
});

const STEPS: Step[] = [
  { operationId: 'health', as: 'public' },
  { operationId: 'healthReady', as: 'public' },
  {
    operationId: 'authLogin',
    as: 'public',
    request: (c) => ({ query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, epochSeconds(c.clock)) }),
    keep: (data, c) => {
      c.token = data.token;
      c.refreshToken = data.refreshToken;
    },
  },
  {
    operationId: 'authRefresh',
    as: 'public',
    request: (c) => ({ body: { token: c.token, refreshToken: c.refreshToken } }),
    keep: (data, c) => {
      c.token = data.token;
      c.refreshToken = data.refreshToken;
    },
  },
  { operationId: 'listStates', as: 'account', keep: (data, c) => (c.ids.texas = stateId(data, 'TX')) },
  {
    operationId: 'listCountiesByState',
    as: 'account',
    request: (c) => ({ path: { stateId: c.ids.texas! } }),
    keep: (data, c) => (c.ids.dallasCounty = data.find((x: any) => x.name === 'Dallas').id_county),
  },
  {
    operationId: 'listCitiesByCounty',
    as: 'account',
    request: (c) => ({ path: { countyId: c.ids.dallasCounty! } }),
  },
  {
    operationId: 'listZipcodes',
    as: 'account',
    request: () => ({ query: { stateCode: 'TX', zipcode: '7520' } }),
  },
  {
    operationId: 'idNameFilter',
    as: 'account',
    request: (c) => ({ query: { type: 'County', parentId: c.ids.texas! } }),
  },
  {
    operationId: 'listDocumentLanguages',
    as: 'account',
    keep: (data, c) => (c.ids.english = data.find((l: any) => l.short_name === 'en').id_language),
  },
  {
    operationId: 'listContactMethods',
    as: 'account',
    keep: (data, c) => (c.ids.contactMethod = data[0].id_method_contact),
  },
  {
    operationId: 'getContactMethod',
    as: 'account',
    request: (c) => ({ path: { methodContactId: c.ids.contactMethod! } }),
  },
  {
    operationId: 'listCustomerTypes',
    as: 'account',
    keep: (data, c) => {
      c.ids.residential = data.find((t: any) => t.code === 'Residential').id_customer_type;
      c.ids.smallBusiness = data.find((t: any) => t.code === 'SmallBusiness').id_customer_type;
    },
  },
  {
    operationId: 'getCustomerType',
    as: 'account',
    request: (c) => ({ path: { customerTypeId: c.ids.residential! } }),
  },
  {
    operationId: 'listBrands',
    as: 'account',
    keep: (data, c) => {
      c.values.brand = data[0].system_name;
      c.ids.brand = data[0].id_site;
    },
  },
  { operationId: 'getBrand', as: 'account', request: (c) => ({ path: { systemName: c.values.brand! } }) },
  {
    operationId: 'listUtilities',
    as: 'account',
    request: () => ({ query: { zipCode: DALLAS.zipcode } }),
    keep: (data, c) => (c.ids.oncor = data.find((u: any) => u.code === 'ONCOR').id_utility),
  },
  {
    operationId: 'getUtilityInformation',
    as: 'account',
    request: (c) => ({ query: { utilityId: c.ids.oncor! } }),
  },
  {
    operationId: 'listPlansForWizard',
    as: 'account',
    request: (c) => ({ query: { ids_utilities: [c.ids.oncor!], customer_type: c.ids.residential! } }),
    keep: (data, c) =>
      (c.ids.plan = data.find((p: any) => p.name === 'Bluebonnet Energy 12-Month Fixed Electric').id_plan),
  },
  {
    operationId: 'listPlanBundlesForWizard',
    as: 'account',
    before: async (api, c) => {
      const utilities = (await api.call('GET', '/utilities', { token: c.token })).body.data as any[];
      const id = (code: string) => utilities.find((u) => u.code === code).id_utility;
      c.ids.dukeElectric = id('DUKE_OH_E');
      c.ids.dukeGas = id('DUKE_OH');
    },
    request: (c) => ({ query: { electricUtilityId: c.ids.dukeElectric!, gasUtilityId: c.ids.dukeGas! } }),
  },
  {
    operationId: 'listPlansForWizardBatch',
    as: 'account',
    request: (c) => ({ query: { ids_utilities: [c.ids.oncor!], customer_type: c.ids.residential! } }),
  },
  { operationId: 'getPlan', as: 'account', request: (c) => ({ path: { planId: c.ids.plan! } }) },
  {
    operationId: 'estimatePlanBills',
    as: 'account',
    request: (c) => ({ query: { ids_plans: [c.ids.plan!], usage: 1234 } }),
  },
  {
    operationId: 'listPlanStartDates',
    as: 'account',
    request: (c) => ({ path: { planId: c.ids.plan! }, query: { switchType: 'Switch' } }),
  },
  {
    operationId: 'listPlanDocuments',
    as: 'account',
    request: (c) => ({ path: { planId: c.ids.plan! }, query: { languageId: c.ids.english! } }),
    keep: (data, c) => (c.values.documentUrl = data[0].url),
  },
  {
    operationId: 'downloadDocument',
    as: 'public',
    request: (c) => {
      const link = signedLink(c.values.documentUrl!);
      const [source, documentId, file] = link.segments.slice(-3) as [string, string, string];
      return { path: { source, documentId, file }, query: link.query };
    },
  },
  {
    operationId: 'downloadListedDocument',
    as: 'public',
    request: (c) => {
      const [source, documentId, file] = signedLink(c.values.documentUrl!).segments.slice(-3) as [
        string,
        string,
        string,
      ];
      return { path: { source, documentId, file } };
    },
  },
  { operationId: 'listPlanZipcodes', as: 'account', request: (c) => ({ path: { planId: c.ids.plan! } }) },
  { operationId: 'getPlanThankYouPage', as: 'account', request: (c) => ({ path: { planId: c.ids.plan! } }) },
  {
    operationId: 'listPlanAcceptanceOptions',
    as: 'account',
    request: (c) => ({ query: { planId: c.ids.plan! } }),
    keep: (data, c) =>
      (c.values.agreed = JSON.stringify(data.filter((o: any) => o.is_required).map((o: any) => o.id_option))),
  },
  {
    operationId: 'listPlanCustomerFields',
    as: 'account',
    request: (c) => ({ path: { planId: c.ids.plan! } }),
  },
  {
    operationId: 'listPlanAddressFields',
    as: 'account',
    request: (c) => ({ path: { planId: c.ids.plan! } }),
  },
  {
    operationId: 'validateCustomerFields',
    as: 'account',
    request: (c) => ({
      query: {
        idPlan: c.ids.plan!,
        customerFields: JSON.stringify({
          firstName: 'Ana',
          lastName: 'Garcia',
          email: 'ana.garcia@example.com',
          primaryPhoneNumber: '5125550100',
          dateOfBirth: '1984-03-02',
        }),
      },
    }),
  },
  {
    operationId: 'validateNewCustomer',
    as: 'account',
    request: () => ({ query: { username: 'ana.garcia', email: 'ana.garcia@example.com' } }),
  },
  {
    operationId: 'createCustomerQuickEnrollment',
    as: 'account',
    request: (c) => ({
      body: {
        firstName: 'Jordan',
        lastName: 'Lee',
        email: 'jordan.lee@example.com',
        primaryPhoneNumber: '(214) 555-0177',
        languageId: c.ids.english!,
        username: 'jordan.lee',
        password: 'Elm-Street-2026',
      },
    }),
  },
  {
    operationId: 'esiidByAddress',
    as: 'account',
    request: (c) => ({
      query: { customerType: 'Residential', address: c.values.premiseAddress!, zipCode: DALLAS.zipcode },
    }),
    keep: (data, c) => (c.values.esiid = data[0].esiid),
  },
  {
    operationId: 'validateEsiidAddress',
    as: 'account',
    request: (c) => ({
      query: {
        esiidNumber: c.values.esiid!,
        addressint: c.values.premiseAddress!,
        customerTypeId: c.ids.residential!,
      },
    }),
  },
  {
    operationId: 'validateAddressFields',
    as: 'account',
    request: (c) => ({
      query: { address: c.values.esiid!, planId: c.ids.plan!, fieldType: 'ldc_account_number' },
    }),
  },
  { operationId: 'validateSsn', as: 'account', request: () => ({ query: { ssn: '234-56-7720' } }) },
  {
    operationId: 'getTransactionOptions',
    as: 'account',
    request: (c) => ({
      query: {
        ldcNumber: c.values.esiid!,
        commodityType: 'Electric',
        firstName: 'Ana',
        lastName: 'Garcia',
        email: 'ana.garcia@example.com',
      },
    }),
  },
  {
    operationId: 'runCreditCheck',
    as: 'account',
    request: (c) => ({
      body: creditCheckBody({ socialSecurityNumber: '234-56-7720', planId: c.ids.plan! }),
    }),
    keep: (data, c) => (c.ids.creditCheck = data.id_credit_check),
  },
  {
    operationId: 'createEnrollment',
    as: 'account',
    request: (c) => ({
      body: {
        planId: c.ids.plan!,
        commodityName: 'Electric',
        customerType: 'Residential',
        switchType: 'Switch',
        requestedStartDate: today(c, 14),
        agreedAcceptanceValues: JSON.parse(c.values.agreed!),
        billingDeliveryMethod: 1,
        serviceAddress: { ...DALLAS, ldcAccount: c.values.esiid! },
        customer: {
          firstName: 'Ana',
          lastName: 'Garcia',
          email: 'ana.garcia@example.com',
          primaryPhoneNumber: '(512) 555-0100',
          username: 'ana.garcia',
          password: 'Bluebonnet-2026',
        },
        payment: { creditCheckId: c.ids.creditCheck! },
      },
    }),
    keep: (data, c) => {
      c.ids.enrollment = data.enrollmentId;
      c.ids.customer = data.customerId;
    },
  },
  {
    operationId: 'getEnrollment',
    as: 'account',
    request: (c) => ({ path: { enrollmentId: c.ids.enrollment! } }),
  },
  {
    operationId: 'enrollmentExistsRepeated',
    as: 'account',
    request: (c) => ({ query: { ldcNumber: c.values.esiid!, idPlan: c.ids.plan! }, body: {} }),
  },
  {
    operationId: 'customerLogin',
    as: 'account',
    request: () => ({ body: { username: 'ana.garcia', password: 'Bluebonnet-2026' } }),
    keep: (data, c) => (c.customerHash = data.customerHash),
  },
  {
    operationId: 'getCustomerProfile',
    as: 'customer',
    request: (c) => ({ path: { customerId: c.ids.customer! } }),
  },
  {
    operationId: 'updateCustomer',
    as: 'customer',
    request: (c) => ({ path: { customerId: c.ids.customer! }, body: { phone: '(512) 555-0199' } }),
  },
  {
    operationId: 'customerForgotUsername',
    as: 'account',
    request: (c) => ({ body: { brandId: c.ids.brand!, email: 'ana.garcia@example.com' } }),
  },
  { operationId: 'getConfigurationParameters', as: 'customer' },
  {
    operationId: 'listCustomerEnrollments',
    as: 'customer',
    request: (c) => ({ path: { customerId: c.ids.customer! } }),
  },
  {
    operationId: 'listEnrollmentsForDeliveryMethodChange',
    as: 'customer',
    request: (c) => ({ path: { customerId: c.ids.customer! } }),
  },
  {
    operationId: 'listDocumentBundle',
    as: 'customer',
    request: (c) => ({ path: { planId: c.ids.plan! }, query: { documentType: 'DisplayDocuments' } }),
  },
  {
    operationId: 'listEnrollmentDocuments',
    as: 'customer',
    request: (c) => ({ path: { planId: c.ids.plan! } }),
  },
  {
    operationId: 'listNotificationsByCustomer',
    as: 'customer',
    request: (c) => ({ path: { customerId: c.ids.customer! } }),
  },
  {
    operationId: 'listPaymentProfilesByCustomer',
    as: 'customer',
    request: (c) => ({ path: { customerId: c.ids.customer! } }),
  },
  {
    operationId: 'getHostedProfilePageToken',
    as: 'customer',
    request: (c) => ({
      path: { customerId: c.ids.customer! },
      body: {
        iFrameCommunicatorUrl: 'https://myaccount.bluebonnet-energy.example/communicator.html',
        transactionType: 'ONE_TIME_PAYMENT',
        paymentType: 'CreditCard',
      },
    }),
  },
  {
    operationId: 'getPaymentIframeUri',
    as: 'customer',
    request: (c) => ({ path: { customerId: c.ids.customer! } }),
  },
  {
    operationId: 'savePaymentProfile',
    as: 'customer',
    request: (c) => ({
      body: {
        id_customer: c.ids.customer!,
        id_payment_type: 1,
        card_number: '4111111111111111',
        card_expiration_date: '2030-12',
        card_type: 'Visa',
      },
    }),
    keep: (data, c) => {
      c.values.customerProfile = data.customerProfileToken;
      c.values.paymentProfile = data.paymentProfileToken;
    },
  },
  {
    operationId: 'setRecurringBilling',
    as: 'customer',
    request: (c) => ({
      path: { enrollmentId: c.ids.enrollment! },
      body: {
        customer_profile_token: c.values.customerProfile!,
        payment_profile_token: c.values.paymentProfile!,
        date_from: today(c, 14),
      },
    }),
  },
  {
    operationId: 'getRecurringBilling',
    as: 'customer',
    request: (c) => ({ path: { enrollmentId: c.ids.enrollment! } }),
  },
  {
    operationId: 'pay',
    as: 'customer',
    request: (c) => ({
      body: {
        idEnrollment: c.ids.enrollment!,
        customerProfileToken: c.values.customerProfile!,
        paymentProfileToken: c.values.paymentProfile!,
        amount: 25,
      },
    }),
  },
  {
    operationId: 'createChargeTransaction',
    as: 'account',
    // The customer paid by phone, straight at the gateway: the call centre records the gateway's transaction.
    before: async (api, c) => {
      const charged = await (await sandboxGateway(api)).charge({
        customerProfileToken: c.values.customerProfile!,
        paymentProfileToken: c.values.paymentProfile!,
        amountCents: 3000,
        reference: 'phone-payment-1',
        description: 'Phone payment',
      });
      c.values.phoneCharge = charged.transactionId!;
    },
    request: (c) => ({
      body: {
        id_enrollment: c.ids.enrollment!,
        id_charge_transaction: c.values.phoneCharge!,
        id_payment_profile: c.values.paymentProfile!,
        payment_type: 'CreditCard',
        transaction_type: 'ONE_TIME_PAYMENT',
        amount: 30,
      },
    }),
  },
  {
    operationId: 'listChargeTransactions',
    as: 'customer',
    request: (c) => ({ path: { enrollId: c.ids.enrollment! } }),
    keep: (data, c) => (c.ids.charge = data[0].id_payment_charge_transactions),
  },
  {
    operationId: 'getChargeTransaction',
    as: 'customer',
    request: (c) => ({ path: { chargeId: c.ids.charge! } }),
  },
  {
    operationId: 'updateChargeTransaction',
    as: 'account',
    request: (c) => ({ path: { chargeId: c.ids.charge! }, body: { sent_to_billing_system: true } }),
  },
  {
    operationId: 'listBillingGroupEnrollments',
    as: 'account',
    request: (c) => ({ path: { enrollmentId: c.ids.enrollment! } }),
  },
  {
    operationId: 'redirectPaymentUri',
    as: 'customer',
    request: (c) => ({
      path: { enrollId: c.ids.enrollment! },
      query: {
        ldcNumber: c.values.esiid!,
        callbackSuccessURL: 'http://localhost:3002/paid',
        callbackErrorURL: 'http://localhost:3002/not-paid',
      },
    }),
  },
  {
    operationId: 'paymentHistory',
    as: 'customer',
    request: (c) => ({ path: { enrollId: c.ids.enrollment! } }),
  },
  {
    operationId: 'totalVoltinPayments',
    as: 'customer',
    request: (c) => ({
      path: { enrollId: c.ids.enrollment! },
      query: { startDate: today(c, -30), endDate: today(c) },
    }),
  },
  {
    operationId: 'getBillingSummary',
    as: 'customer',
    request: (c) => ({ path: { enrollId: c.ids.enrollment! } }),
  },
  { operationId: 'agentListEnrollments', as: 'account' },
  { operationId: 'agentListUnverifiedMeters', as: 'account' },
  { operationId: 'agentListEtfInvoices', as: 'account' },
  {
    operationId: 'agentReleaseHold',
    as: 'account',
    before: async (api, c) => {
      c.ids.held = await createdEnrollment(api, c, enrollmentOf(c, 'Alert', 2));
    },
    request: (c) => ({
      path: { id: c.ids.held! },
      body: { reason: 'Identity confirmed by phone with the customer' },
    }),
  },
  {
    operationId: 'uploadCreditLetter',
    as: 'account',
    before: async (api, c) => {
      c.ids.letterEnrollment = await letterOfCreditEnrollment(api, c, '10443720990000001');
    },
    request: (c) => ({ path: { enrollmentId: c.ids.letterEnrollment! }, file: pdf('letter-of-credit.pdf') }),
    keep: (data, c) => (c.ids.letter = data.id_customer_credit_letters),
  },
  {
    operationId: 'getPendingCreditLetter',
    as: 'account',
    request: (c) => ({ path: { enrollmentId: c.ids.letterEnrollment! } }),
  },
  {
    operationId: 'agentApproveCreditLetter',
    as: 'account',
    request: (c) => ({
      path: { id: c.ids.letter! },
      body: { reason: 'Signed by the bank; amount covers the deposit' },
    }),
  },
  {
    operationId: 'agentRejectCreditLetter',
    as: 'account',
    before: async (api, c) => {
      const enrollment = await letterOfCreditEnrollment(api, c, '10443720990000002');
      const file = pdf('unsigned-letter.pdf');
      const uploaded = await uploadFiles(api, `/enrollments/${enrollment}/upload-credit-letter`, c.token, [
        { name: file.name, bytes: file.content, type: file.type },
      ]);
      c.ids.unsignedLetter = uploaded.body.data.id_customer_credit_letters;
    },
    request: (c) => ({ path: { id: c.ids.unsignedLetter! }, body: { reason: 'The letter is not signed' } }),
  },
  {
    operationId: 'agentRetrySubmission',
    as: 'account',
    before: async (api, c) => {
      c.ids.failed = await createdEnrollment(api, c, enrollmentOf(c, 'Rejected', 4));
    },
    request: (c) => ({ path: { id: c.ids.failed! } }),
  },
  {
    operationId: 'agentRejectEnrollment',
    as: 'account',
    before: async (api, c) => {
      c.ids.rejected = await createdEnrollment(api, c, enrollmentOf(c, 'Alert', 3));
    },
    request: (c) => ({ path: { id: c.ids.rejected! }, body: { reason: 'The customer did not sign up' } }),
  },
  {
    operationId: 'listProspectPackages',
    as: 'account',
    keep: (data, c) =>
      (c.ids.residentialPackage = data.find(
        (p: any) => p.name === 'Texas Residential Door-to-Door',
      ).idProspectPackage),
  },
  {
    operationId: 'createProspect',
    as: 'account',
    request: (c) => ({
      body: validProspect({
        englishId: c.ids.english!,
        residentialPackageId: c.ids.residentialPackage!,
      } as ProspectRefs),
    }),
    keep: (data, c) => (c.ids.prospect = data.idProspect),
  },
  { operationId: 'getProspect', as: 'account', request: (c) => ({ path: { prospectId: c.ids.prospect! } }) },
  {
    operationId: 'updateProspectStatus',
    as: 'account',
    request: (c) => ({ path: { prospectId: c.ids.prospect! }, body: { newStatus: 'Contacted' } }),
  },
  {
    operationId: 'importPricingMatrix',
    as: 'account',
    request: () => ({
      file: {
        name: 'bluebonnet-2026-11-20.csv',
        type: 'text/csv',
        content: readFileSync(new URL('../../src/db/seed/data/pricing-matrix.csv', import.meta.url), 'utf8'),
      },
    }),
  },
  {
    operationId: 'createProspectSigningView',
    as: 'account',
    // The rep quotes, then sends the contract to sign on the rep's tablet.
    before: async (api, c) => {
      for (const body of [
        { newStatus: 'Quote_Sent' },
        { newStatus: 'Contract_Sent', signingMethod: 'InPerson' },
      ]) {
        const moved = await api.call('POST', `/prospects/${c.ids.prospect}/update-status`, {
          token: c.token,
          body,
        });
        if (moved.status !== 200) throw new Error(JSON.stringify(moved.body));
      }
    },
    request: (c) => ({
      path: { prospectId: c.ids.prospect! },
      body: { returnUrl: 'https://sales.bluebonnet-energy.example/signed' },
    }),
    keep: (data, c) => (c.values.envelope = new URL(data.url).pathname.split('/').at(-1)!),
  },
  {
    operationId: 'receiveDocusignWebhook',
    as: 'public',
    // DocuSign Connect tells that the customer signed, HMAC-signed with the company's Connect key.
    request: (c) => {
      const body = {
        event: 'envelope-completed',
        generatedDateTime: c.clock.now().toISOString(),
        data: { accountId: SANDBOX_PROSPECTS.signingAccountId, envelopeId: c.values.envelope! },
      };
      const signature = createHmac('sha256', SANDBOX_PROSPECTS.connectKey)
        .update(JSON.stringify(body))
        .digest('base64');
      return { body, headers: { 'x-docusign-signature-1': signature } };
    },
  },
  {
    operationId: 'uploadProspectDocument',
    as: 'account',
    request: (c) => ({ path: { prospectId: c.ids.prospect! }, file: pdf('utility-bill.pdf') }),
    keep: (data, c) => (c.values.fileUrl = data.downloadUrl),
  },
  {
    operationId: 'downloadFile',
    as: 'public',
    request: (c) => {
      const link = signedLink(c.values.fileUrl!);
      return { path: { fileId: link.segments.at(-2)! }, query: link.query };
    },
  },
  { operationId: 'getPricingMatrixRules', as: 'account' },
  { operationId: 'listProspects', as: 'account' },
  { operationId: 'listTpvVerifications', as: 'account' },
  { operationId: 'listAutoresponderPackages', as: 'account' },
  {
    operationId: 'createAutoresponderTemplate',
    as: 'account',
    request: () => ({
      body: {
        id_package: 1,
        trigger: 'payment.received',
        subject: 'Thank you for your payment of {{amount}}',
        body: 'Hello {{customer_first_name}},\n\nWe received {{amount}} for enrollment {{enrollment_id}}.',
        active: false,
      },
    }),
    keep: (data, c) => (c.ids.template = data.id_template),
  },
  {
    operationId: 'updateAutoresponderTemplate',
    as: 'account',
    request: (c) => ({ path: { templateId: c.ids.template! }, body: { active: true } }),
  },
  {
    operationId: 'previewAutoresponderTemplate',
    as: 'account',
    request: (c) => ({ path: { templateId: c.ids.template! } }),
  },
  { operationId: 'listAutoresponderSends', as: 'account' },
  {
    operationId: 'getUsageHistory',
    as: 'customer',
    // Service starts on the start date, and two monthly statements follow.
    before: async (api, c) => {
      c.ids.mover = await createdEnrollment(api, c, enrollmentOf(c, 'Mover', 5));
      await travel(api, c, 14);
      await travel(api, c, 64);
    },
    request: (c) => ({ path: { enrollId: c.ids.enrollment! } }),
  },
  {
    operationId: 'listBillingCharges',
    as: 'customer',
    request: (c) => ({ path: { enrollId: c.ids.enrollment! } }),
  },
  {
    operationId: 'listBillingStatements',
    as: 'customer',
    request: (c) => ({ path: { enrollId: c.ids.enrollment! } }),
    keep: (data, c) => (c.values.statement = data[0].custStatementTkn),
  },
  {
    operationId: 'getBillingStatementSummary',
    as: 'customer',
    request: (c) => ({ path: { enrollId: c.ids.enrollment! } }),
  },
  {
    operationId: 'getBillingStatementPdf',
    as: 'customer',
    request: (c) => ({
      path: { enrollId: c.ids.enrollment! },
      query: { custStatementTkn: c.values.statement! },
    }),
  },
  {
    operationId: 'updateBillingDeliveryMethod',
    as: 'account',
    request: (c) => ({ path: { enrollmentId: c.ids.enrollment! }, body: { id_method_delivery: 2 } }),
  },
  {
    operationId: 'finishRecurringBilling',
    as: 'customer',
    request: (c) => ({ path: { enrollmentId: c.ids.enrollment! } }),
  },
  {
    operationId: 'deletePaymentProfile',
    as: 'customer',
    request: (c) => ({ path: { paymentProfileToken: c.values.paymentProfile! } }),
  },
  {
    operationId: 'markNotificationRead',
    as: 'customer',
    before: async (api, c) => {
      await api.app.voltin.scheduler.runNow('create-notifications');
      const listed = await api.call('GET', `/notifications/by-customer/${c.ids.customer}`, {
        token: c.token,
        customerHash: c.customerHash,
      });
      c.ids.notification = listed.body.data[0].id_notification;
    },
    request: (c) => ({ path: { notificationId: c.ids.notification! } }),
  },
  {
    operationId: 'linkCustomerAccounts',
    as: 'customer',
    request: (c) => ({
      path: { customerId: c.ids.customer! },
      body: { oldUsername: 'jordan.lee', oldPassword: 'Elm-Street-2026' },
    }),
  },
  {
    operationId: 'dropEnrollment',
    as: 'account',
    request: (c) => ({
      path: { enrollmentId: c.ids.enrollment! },
      body: { effectiveDate: today(c, 14), reasonCodeId: 1 },
    }),
    keep: (data, c) => (c.ids.etf = data.etf_invoice?.id_etf_invoice),
  },
  { operationId: 'agentSendEtfInvoice', as: 'account', request: (c) => ({ path: { id: c.ids.etf! } }) },
  {
    operationId: 'agentWaiveEtfInvoice',
    as: 'account',
    before: async (api, c) => {
      const drop = await api.call('POST', `/enrollments/${c.ids.held}/drop`, {
        token: c.token,
        body: { effectiveDate: today(c, 14), reasonCodeId: 1 },
      });
      c.ids.waivedEtf = drop.body.data.etf_invoice.id_etf_invoice;
    },
    request: (c) => ({ path: { id: c.ids.waivedEtf! }, body: { reason: 'Moved into a care home' } }),
  },
  {
    operationId: 'transferService',
    as: 'account',
    keep: (data, c) => (c.ids.moved = data.id_new_enrollment),
    request: (c) => ({
      path: { enrollmentId: c.ids.mover! },
      body: {
        currentServiceEffectiveDate: today(c, 5),
        newServiceStartDate: today(c, 5),
        serviceAddress: { ...DALLAS, address: '2200 Ross Ave', ldcAccount: '10443720990000003' },
      },
    }),
  },
  {
    operationId: 'agentMeterVerified',
    as: 'account',
    request: (c) => ({
      path: { id: c.ids.moved! },
      body: { reason: 'ESIID confirmed on the customer’s bill and with Oncor' },
    }),
  },
  {
    operationId: 'renewEnrollment',
    as: 'account',
    // Near the end of the business contract, inside the utility's renewal window.
    before: (api, c) => travel(api, c, 300),
    request: (c) => ({
      path: { enrollmentId: c.ids.letterEnrollment! },
      body: { planId: c.ids.businessPlan!, agreedAcceptanceValues: JSON.parse(c.values.businessAgreed!) },
    }),
  },
  {
    operationId: 'updateTpvVerification',
    as: 'account',
    // The administrator has the company's sales verified by phone: a sale waits for the provider, who polls.
    before: async (api, c) => {
      await withCompanySettings(api.db.kysely, { verification_required: 1 }, async () => {
        await createdEnrollment(api, c, enrollmentOf(c, 'Verified', 2));
      });
      const waiting = await api.call('GET', '/tpv/verifications', {
        token: c.token,
        query: { result: 'NOT_SENT' },
      });
      c.values.verification = waiting.body.data[0].verificationId;
    },
    request: (c) => ({ path: { verificationId: c.values.verification! }, body: { result: 'VERIFIED' } }),
  },
  {
    operationId: 'customerForgotPassword',
    as: 'account',
    request: (c) => ({ body: { brandId: c.ids.brand!, username: 'ana.garcia' } }),
  },
  {
    operationId: 'validateCustomerResetHash',
    as: 'account',
    before: async (api, c) => {
      c.values.resetToken = await resetTokenOf(api, 'ana.garcia@example.com');
    },
    request: (c) => ({ body: { hash: c.values.resetToken! } }),
  },
  {
    operationId: 'customerResetPassword',
    as: 'account',
    request: (c) => ({ body: { securityToken: c.values.resetToken!, newPassword: 'Bluebonnet-2027' } }),
  },
  {
    operationId: 'authLogout',
    as: 'public',
    request: (c) => ({ body: { refreshToken: c.refreshToken } }),
  },
];

function stateId(states: Array<{ id_state: number; code: string }>, code: string): number {
  return states.find((s) => s.code === code)!.id_state;
}

/** The operations of the document by operationId: method and path template. */
function operationsOf(document: any): Map<string, { method: string; template: string }> {
  const operations = new Map<string, { method: string; template: string }>();
  for (const [template, methods] of Object.entries(document.paths as Record<string, Record<string, any>>))
    for (const [method, operation] of Object.entries(methods))
      operations.set(operation.operationId, { method: method.toUpperCase(), template });
  return operations;
}

const pathOf = (template: string, values: Record<string, string | number> = {}) =>
  template.replace(/\{(\w+)\}/g, (_all, name: string) => encodeURIComponent(String(values[name])));

/** A premise of the sandbox ESIID directory: its street address and ESIID. */
export interface Premise {
  address: string;
  esiid: string;
}

/** The reset link of the newest password-reset email to `recipient`: what the customer clicks. */
async function resetTokenOf(api: TestApi, recipient: string): Promise<string> {
  const mail = await api.db.kysely
    .selectFrom('mail_outbox')
    .select('text')
    .where('recipient', '=', recipient)
    .where('template', '=', 'reset-password')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /securityToken=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

/**
 * A business enrollment at the sandbox home whose deposit is to be covered by a letter of credit (the sandbox
 * bureau scores SSN ...450 under the plan's deposit threshold), unrecorded; returns its id.
 */
async function letterOfCreditEnrollment(api: TestApi, c: Context, ldcAccount: string): Promise<number> {
  const as = { token: c.token };
  const plans = await api.call('GET', '/plans/for-wizard', {
    ...as,
    query: { ids_utilities: [c.ids.oncor!], customer_type: c.ids.smallBusiness! },
  });
  const plan = plans.body.data[0].id_plan;
  const options = await api.call('GET', '/plans/acceptance-options', { ...as, query: { planId: plan } });
  c.ids.businessPlan = plan;
  c.values.businessAgreed = JSON.stringify(
    options.body.data.filter((o: any) => o.is_required).map((o: any) => o.id_option),
  );
  const check = await api.call('POST', '/payments/credit-check', {
    ...as,
    body: creditCheckBody({ socialSecurityNumber: '234-56-7450', planId: plan }),
  });
  const response = await api.call('POST', '/enrollments/create', {
    ...as,
    body: {
      planId: plan,
      commodityName: 'Electric',
      customerType: 'SmallBusiness',
      switchType: 'Switch',
      requestedStartDate: today(c, 14),
      agreedAcceptanceValues: options.body.data
        .filter((o: any) => o.is_required)
        .map((o: any) => o.id_option),
      billingDeliveryMethod: 1,
      serviceAddress: { ...DALLAS, ldcAccount },
      customer: {
        firmName: 'Elm Bakery',
        contactName: 'Ana Garcia',
        fedtaxid: '741234567',
        email: 'owner@elmbakery.example',
        primaryPhoneNumber: '(512) 555-0100',
      },
      payment: { creditCheckId: check.body.data.id_credit_check, depositOptions: 'LetterOfCredit' },
    },
  });
  if (response.body.data?.enrollmentStatus !== 'ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD')
    throw new Error(`expected a letter-of-credit hold: ${JSON.stringify(response.body)}`);
  return response.body.data.enrollmentId;
}

/**
 * Time passes: the clock moves `days` on, the lifecycle task runs as it does each day, and the account and the
 * customer sign in again (their tokens ran out meanwhile), unrecorded.
 */
async function travel(api: TestApi, c: Context, days: number): Promise<void> {
  c.clock.advance(days * 86_400);
  await api.app.voltin.scheduler.runNow('advance-enrollments');
  const login = await api.call('POST', '/auth/login', {
    query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, epochSeconds(c.clock)),
  });
  c.token = login.body.data.token;
  c.refreshToken = login.body.data.refreshToken;
  const customer = await api.call('POST', '/customers/login', {
    token: c.token,
    body: { username: 'ana.garcia', password: 'Bluebonnet-2026' },
  });
  c.customerHash = customer.body.data.customerHash;
}

/** Creates an enrollment a step needs (a hold for an agent to work), unrecorded; returns its id. */
async function createdEnrollment(api: TestApi, c: Context, request: ExampleRequest): Promise<number> {
  const body = request.body as { customer: { firstName: string; lastName: string }; serviceAddress: object };
  const check = await api.call('POST', '/payments/credit-check', {
    token: c.token,
    body: creditCheckBody({
      firstName: body.customer.firstName,
      lastName: body.customer.lastName,
      socialSecurityNumber: '234-56-7720',
      planId: c.ids.plan!,
    }),
  });
  const response = await api.call('POST', '/enrollments/create', {
    token: c.token,
    body: { ...body, payment: { creditCheckId: check.body.data.id_credit_check } },
  });
  if (response.status !== 200)
    throw new Error(`the enrollment a step needs: ${JSON.stringify(response.body)}`);
  return response.body.data.enrollmentId;
}

/** The operations the journey calls, in its order. */
export const JOURNEY_OPERATIONS = STEPS.map((step) => step.operationId);

/**
 * Runs the journey against a sandbox server whose clock is `clock`, and returns every call. A premise of the
 * sandbox's ESIID directory at 75201 is looked up first, as a sales rep would read it off a bill.
 */
export async function runJourney(api: TestApi, clock: ManualClock, premises: Premise[]) {
  const document = (await api.call('GET', '/Swagger/v1/swagger.json')).body;
  const operations = operationsOf(document);
  const context: Context = {
    clock,
    token: '',
    refreshToken: '',
    customerHash: '',
    ids: {},
    values: {
      premiseAddress: premises[0]!.address,
      ...Object.fromEntries(premises.slice(1).map((p, i) => [`esiid${i + 2}`, p.esiid])),
      ...Object.fromEntries(premises.slice(1).map((p, i) => [`address${i + 2}`, p.address])),
    },
  };
  const calls: RecordedCall[] = [];
  for (const step of STEPS) {
    const operation = operations.get(step.operationId);
    if (!operation) throw new Error(`no operation ${step.operationId} in the document`);
    await step.before?.(api, context);
    const request = (await step.request?.(context)) ?? {};
    const path = pathOf(operation.template, request.path);
    const response = request.file
      ? await uploadFiles(api, path.replace(/^\/api\/v1/, ''), context.token, [
          { name: request.file.name, bytes: request.file.content, type: request.file.type },
        ])
      : await api.call(operation.method, path, {
          query: request.query,
          body: request.body,
          token: step.as === 'public' ? undefined : context.token,
          customerHash: step.as === 'customer' ? context.customerHash : undefined,
          headers: request.headers,
        });
    const json = response.headers.get('content-type')?.startsWith('application/json');
    calls.push({
      operationId: step.operationId,
      method: operation.method,
      path: operation.template,
      request,
      status: response.status,
      answer: json ? response.body : null,
    });
    if (response.status !== 200)
      throw new Error(`${step.operationId} answered ${response.status}: ${JSON.stringify(response.body)}`);
    step.keep?.(response.body.data, context);
  }
  return calls;
}
