import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { planId } from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * A plan's documents are generated from its version in effect, in English and Spanish; pricing staff choose what
 * each is called and where customers see it: beside the plan in plan shopping, in the wizard's summary, on the
 * thank-you page and in My Account.
 */
const api = useTestApi();
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let pricing: StaffBrowser;
let plan: number;
let token: string;

interface DocumentSettings {
  id: number;
  type: string;
  name: string;
  inPlanListing: boolean;
  inSummary: boolean;
  onThankYouPage: boolean;
  inMyAccount: boolean;
}

const documentsInConsole = async (id = plan): Promise<DocumentSettings[]> =>
  (await pricing.call('GET', `/plans/${id}`)).body.data.documents;

const documentsSold = async () =>
  (await api.call('GET', `/plans/${plan}`, { token })).body.data.plan_documents as {
    id_plan_document: number;
    name: string;
    display_in_plan_listing: boolean;
    display_in_my_account: boolean;
  }[];

beforeAll(async () => {
  pricing = await signIn('Pricing');
  token = await api.sandboxToken();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
});

describe("a plan's documents in the console", () => {
  it('are the generated label and terms, with where each is shown', async () => {
    const documents = await documentsInConsole();
    expect(documents.map((d) => d.type)).toEqual(['EFL', 'TOS']);
    const sold = await documentsSold();
    expect(sold.map((d) => [d.id_plan_document, d.name, d.display_in_plan_listing])).toEqual(
      documents.map((d) => [d.id, d.name, d.inPlanListing]),
    );
  });

  it('are renamed and shown elsewhere from the next plan-shopping call', async () => {
    const terms = (await documentsInConsole()).find((d) => d.type === 'TOS')!;
    const changed = await pricing.call('PATCH', `/plans/${plan}/documents/${terms.id}`, {
      body: { name: 'Terms of Service (residential)', inMyAccount: true, inPlanListing: true },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.documents.find((d: DocumentSettings) => d.id === terms.id)).toEqual({
      ...terms,
      name: 'Terms of Service (residential)',
      inMyAccount: true,
      inPlanListing: true,
    });
    expect((await documentsSold()).find((d) => d.id_plan_document === terms.id)).toMatchObject({
      name: 'Terms of Service (residential)',
      display_in_plan_listing: true,
      display_in_my_account: true,
    });
  });

  it('refuse an empty change, a blank name and a document of another plan', async () => {
    const [label] = await documentsInConsole();
    const change = (documentId: number, body: unknown) =>
      pricing.call('PATCH', `/plans/${plan}/documents/${documentId}`, { body });
    expectFailure(await change(label!.id, {}), 400, 'VALIDATION_FAILED');
    expectFailure(await change(label!.id, { name: '   ' }), 400, 'VALIDATION_FAILED');
    const other = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
    const [foreign] = await documentsInConsole(other);
    expectFailure(await change(foreign!.id, { inSummary: true }), 404, 'NOT_FOUND');
    expect((await documentsInConsole(other))[0]).toEqual(foreign);
  });

  it('are changed by pricing staff only, each change in the audit log', async () => {
    const [label] = await documentsInConsole();
    const readOnly = await signIn('Read-only');
    expectFailure(
      await readOnly.call('PATCH', `/plans/${plan}/documents/${label!.id}`, { body: { inSummary: false } }),
      403,
      'PERMISSION_DENIED',
    );
    const admin = await signIn('Administrator');
    const entries = (
      await admin.call('GET', '/audit-log', { query: { targetType: 'plan', targetId: plan } })
    ).body.data.filter((entry: { action: string }) => entry.action === 'plan.document');
    expect(entries).toHaveLength(1);
    expect(entries[0].after).toMatchObject({ type: 'TOS', name: 'Terms of Service (residential)' });
  });
});
