import { describe, expect, it } from 'vitest';
import { SANDBOX } from '../../../apps/api/src/db/seed/sandbox.js';
import { creditCheckBody, dayOn, freshEsiid } from '../../../apps/api/test/fixtures/enrollments.js';
import { useTestApi } from '../../../apps/api/test/helpers/app.js';
import { PDF, type ProspectRefs, validProspect } from '../../../apps/api/test/modules/prospects/fixtures.js';
import { createVoltinClient, type operations } from '../src/index.js';

type Body<Operation extends keyof operations> = operations[Operation]['requestBody'] extends {
  content: { 'application/json': infer Json };
}
  ? Json
  : never;

/**
 * An integrator's journey through the typed client against a running sandbox server, every call typed from the
 * OpenAPI document: shopping for a plan, a credit check, an enrollment, the customer's own view, and the three
 * uploads (a letter of credit, a prospect's document, a pricing matrix).
 */
const api = useTestApi();
const voltin = () =>
  createVoltinClient({
    baseUrl: api.baseUrl,
    credentials: { apiKey: SANDBOX.apiKey, apiSecret: SANDBOX.apiSecret },
  });
const pdf = (name: string) => new File([new Uint8Array(PDF)], name, { type: 'application/pdf' });

/** The answer's envelope data, or the failure it got, for the assertion to show. */
function dataOf<T>(answer: { data?: { data: T }; error?: unknown }): T {
  if (!answer.data) throw new Error(`the call failed: ${JSON.stringify(answer.error)}`);
  return answer.data.data;
}

describe('the typed client, as an integrator uses it', () => {
  it('shops for a plan, checks credit, enrolls and reads the enrollment as its customer', async () => {
    const client = voltin();
    const [utility] = dataOf(
      await client.GET('/api/v1/utilities', { params: { query: { zipCode: '75201' } } }),
    );
    const plans = dataOf(
      await client.GET('/api/v1/plans/for-wizard', {
        params: { query: { ids_utilities: [utility!.id_utility] } },
      }),
    );
    const plan = plans.find((p) => p.name === 'Bluebonnet Energy 12-Month Fixed Electric')!;
    const options = dataOf(
      await client.GET('/api/v1/plans/acceptance-options', { params: { query: { planId: plan.id_plan } } }),
    );
    const check = dataOf(
      await client.POST('/api/v1/payments/credit-check', {
        body: creditCheckBody({
          socialSecurityNumber: '234-56-7720',
          planId: plan.id_plan,
        }) as Body<'runCreditCheck'>,
      }),
    );
    expect(check).toMatchObject({ score: 720, deposit_required: false });

    const enrollment: Body<'createEnrollment'> = {
      planId: plan.id_plan,
      commodityName: 'Electric',
      customerType: 'Residential',
      switchType: 'Switch',
      requestedStartDate: dayOn(api.app.voltin.clock, 7),
      agreedAcceptanceValues: options.filter((o) => o.is_required).map((o) => o.id_option),
      billingDeliveryMethod: 1,
      serviceAddress: {
        address: '1201 Elm St',
        city: 'Dallas',
        state: 'TX',
        zipcode: '75201',
        ldcAccount: freshEsiid(),
      },
      customer: {
        firstName: 'Ana',
        lastName: 'Garcia',
        email: 'ana.garcia@example.com',
        primaryPhoneNumber: '(512) 555-0100',
        username: `ana.garcia.${Date.now()}`,
        password: 'Bluebonnet-2026',
      },
      payment: { creditCheckId: check.id_credit_check, creditCheckResult: check },
    };
    const created = dataOf(await client.POST('/api/v1/enrollments/create', { body: enrollment }));
    expect(created.enrollmentStatus).toBe('PENDING');

    const signedIn = dataOf(
      await client.POST('/api/v1/customers/login', {
        body: { username: enrollment.customer.username!, password: 'Bluebonnet-2026' },
      }),
    );
    const customer = client.forCustomer(signedIn.customerHash);
    const listed = dataOf(
      await customer.GET('/api/v1/customers/{customerId}/enrollments', {
        params: { path: { customerId: signedIn.customerId } },
      }),
    );
    expect(listed.map((e) => e.id_enrollment)).toContain(created.enrollmentId);
    const failed = await customer.GET('/api/v1/enrollments/{enrollmentId}', {
      params: { path: { enrollmentId: 987_654 } },
    });
    expect(failed.error).toMatchObject({
      succeeded: false,
      code: 'NOT_FOUND',
      requestId: expect.any(String),
    });
  });

  it('uploads a letter of credit, a prospect document and a pricing matrix as multipart files', async () => {
    const client = voltin();
    const [utility] = dataOf(
      await client.GET('/api/v1/utilities', { params: { query: { zipCode: '75201' } } }),
    );
    const types = dataOf(await client.GET('/api/v1/customer-types'));
    const smallBusiness = types.find((t) => t.code === 'SmallBusiness')!;
    const [business] = dataOf(
      await client.GET('/api/v1/plans/for-wizard', {
        params: {
          query: { ids_utilities: [utility!.id_utility], customer_type: smallBusiness.id_customer_type },
        },
      }),
    );
    const options = dataOf(
      await client.GET('/api/v1/plans/acceptance-options', {
        params: { query: { planId: business!.id_plan } },
      }),
    );
    const check = dataOf(
      await client.POST('/api/v1/payments/credit-check', {
        body: creditCheckBody({
          socialSecurityNumber: '234-56-7450',
          planId: business!.id_plan,
        }) as Body<'runCreditCheck'>,
      }),
    );
    const held = dataOf(
      await client.POST('/api/v1/enrollments/create', {
        body: {
          planId: business!.id_plan,
          commodityName: 'Electric',
          customerType: 'SmallBusiness',
          switchType: 'Switch',
          requestedStartDate: dayOn(api.app.voltin.clock, 7),
          agreedAcceptanceValues: options.filter((o) => o.is_required).map((o) => o.id_option),
          billingDeliveryMethod: 1,
          serviceAddress: {
            address: '1201 Elm St',
            city: 'Dallas',
            state: 'TX',
            zipcode: '75201',
            ldcAccount: freshEsiid(),
          },
          customer: {
            firmName: 'Elm Bakery',
            contactName: 'Ana Garcia',
            fedtaxid: '741234567',
            email: 'owner@elmbakery.example',
            primaryPhoneNumber: '(512) 555-0100',
          },
          payment: { creditCheckId: check.id_credit_check, depositOptions: 'LetterOfCredit' },
        },
      }),
    );
    expect(held.enrollmentStatus).toBe('ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD');
    const letter = dataOf(
      await client.POST('/api/v1/enrollments/{enrollmentId}/upload-credit-letter', {
        params: { path: { enrollmentId: held.enrollmentId } },
        body: { file: pdf('letter-of-credit.pdf') },
      }),
    );
    expect(letter).toMatchObject({ id_enrollment: held.enrollmentId });

    const languages = dataOf(await client.GET('/api/v1/document-languages'));
    const packages = dataOf(await client.GET('/api/v1/prospects/packages'));
    const refs = {
      englishId: languages.find((l) => l.short_name === 'en')!.id_language,
      residentialPackageId: packages.find((p) => p.name === 'Texas Residential Door-to-Door')!
        .idProspectPackage,
    };
    const prospect = dataOf(
      await client.POST('/api/v1/prospects', {
        body: validProspect(refs as ProspectRefs) as Body<'createProspect'>,
      }),
    );
    const document = dataOf(
      await client.POST('/api/v1/prospects/{prospectId}/upload-document', {
        params: { path: { prospectId: prospect.idProspect } },
        body: { file: pdf('utility-bill.pdf') },
      }),
    );
    expect(document).toMatchObject({ fileName: 'utility-bill.pdf' });

    const refused = await client.POST('/api/v1/prospects/pricing-matrix/import', {
      body: { file: new File(['not,a,matrix\n'], 'matrix.csv', { type: 'text/csv' }) },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'PRICING_MATRIX_INVALID' });
  });
});
