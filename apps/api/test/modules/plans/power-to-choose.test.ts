import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { POWER_TO_CHOOSE_COLUMNS } from '../../../src/modules/plans/power-to-choose.js';
import { utilityId } from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn, staffBrowser } from '../../helpers/console.js';

/**
 * Texas' Power to Choose lists a supplier's residential plans from a CSV the supplier sends: the plans on sale now at
 * their version in force, with the EFL averages plan shopping shows and links that keep working after the listing
 * is sent.
 */
const api = useTestApi();
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
const RESIDENTIAL = 1;
let pricing: StaffBrowser;
let oncor: number;

type Line = Record<(typeof POWER_TO_CHOOSE_COLUMNS)[number], string>;

async function listing(query: Record<string, number> = { customerTypeId: RESIDENTIAL }): Promise<Line[]> {
  const response = await pricing.call('GET', '/plans/power-to-choose.csv', { query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
  const [header, ...lines] = parse(response.body as string) as string[][];
  expect(header).toEqual([...POWER_TO_CHOOSE_COLUMNS]);
  return lines.map((cells) => Object.fromEntries(header!.map((column, i) => [column, cells[i]])) as Line);
}

const wizardPlans = async (utility: number) =>
  (
    await api.call('GET', '/plans/for-wizard', {
      token: await api.sandboxToken(),
      query: { ids_utilities: utility, customer_type: RESIDENTIAL },
    })
  ).body.data as {
    id_plan: number;
    name: string;
    term: number;
    renewable_percent: number;
    cancellation_fee: number;
    is_time_of_use: boolean;
    decimal_places_to_show: number;
    rate500: number;
    rate1000: number;
    rate2000: number;
  }[];

const download = (url: string) => fetch(url);

beforeAll(async () => {
  pricing = await signIn('Pricing');
  oncor = await utilityId(api, 'ONCOR');
});

describe('the Power to Choose listing', () => {
  it('lists each plan on sale in English and Spanish with the averages plan shopping shows', async () => {
    const lines = await listing({ customerTypeId: RESIDENTIAL, utilityId: oncor });
    const onSale = await wizardPlans(oncor);
    expect(onSale.length).toBeGreaterThan(0);
    expect(lines.map((l) => [Number(l['[idKey]']), l['[Language]']]).sort()).toEqual(
      onSale
        .flatMap((p) => [
          [p.id_plan, 'English'],
          [p.id_plan, 'Spanish'],
        ])
        .sort(),
    );
    for (const plan of onSale) {
      const english = lines.find(
        (l) => Number(l['[idKey]']) === plan.id_plan && l['[Language]'] === 'English',
      )!;
      const dollars = (cents: number) => (cents / 100).toFixed(plan.decimal_places_to_show + 2);
      expect(english).toMatchObject({
        '[Product]': plan.name,
        '[kwh500]': dollars(plan.rate500),
        '[kwh1000]': dollars(plan.rate1000),
        '[kwh2000]': dollars(plan.rate2000),
        '[TermValue]': String(plan.term),
        '[Renewable]': String(plan.renewable_percent),
        '[CancelFee]': `$${plan.cancellation_fee}`,
        '[TimeOfUse]': plan.is_time_of_use ? 'True' : 'False',
        '[PrePaid]': 'False',
      });
    }
  });

  it('lists only Texas electricity plans of the customer type asked for', async () => {
    const everyTexasUtility = await listing();
    const utilities = new Set(everyTexasUtility.map((l) => l['[TduCompanyName]']));
    expect(utilities.size).toBeGreaterThan(1);
    const wizardIds = new Set<number>();
    for (const code of ['DUKE_OH_E', 'DUKE_OH'])
      for (const plan of await wizardPlans(await utilityId(api, code))) wizardIds.add(plan.id_plan);
    expect(everyTexasUtility.filter((l) => wizardIds.has(Number(l['[idKey]'])))).toEqual([]);
  });

  it('links the documents at addresses that need no token and do not expire', async () => {
    const [english, spanish] = (await listing({ customerTypeId: RESIDENTIAL, utilityId: oncor })).filter(
      (l, _, all) => l['[idKey]'] === all[0]!['[idKey]'],
    );
    for (const column of ['[FactsURL]', '[TermsURL]', '[YracURL]'] as const) {
      expect(english![column]).toMatch(/\/api\/v1\/listed-documents\/(plan|market)\/\d+\/en\.pdf$/);
      expect(spanish![column]).toBe(english![column].replace(/en\.pdf$/, 'es.pdf'));
      const pdf = await download(english![column]);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });

  it('drops a plan taken off sale, and its document address answers 404 until it is published again', async () => {
    const [line] = await listing({ customerTypeId: RESIDENTIAL, utilityId: oncor });
    const planId = Number(line!['[idKey]']);
    const setPublished = (published: boolean) =>
      pricing.call('PATCH', `/plans/${planId}`, { body: { published } });

    expect((await setPublished(false)).status).toBe(200);
    const listed = await listing({ customerTypeId: RESIDENTIAL, utilityId: oncor });
    expect(listed.map((l) => Number(l['[idKey]']))).not.toContain(planId);
    const gone = await download(line!['[FactsURL]']);
    expect(gone.status).toBe(404);
    expect((await gone.json()).code).toBe('NOT_FOUND');

    expect((await setPublished(true)).status).toBe(200);
    expect((await download(line!['[FactsURL]'])).status).toBe(200);
  });

  it('is read by any staff member and needs a customer type', async () => {
    const agent = await signIn('Read-only');
    const response = await agent.call('GET', '/plans/power-to-choose.csv', {
      query: { customerTypeId: RESIDENTIAL },
    });
    expect(response.status).toBe(200);
    expectFailure(await agent.call('GET', '/plans/power-to-choose.csv'), 400, 'VALIDATION_FAILED');
    const signedOut = await staffBrowser(api.consoleUrl).call('GET', '/plans/power-to-choose.csv', {
      query: { customerTypeId: RESIDENTIAL },
    });
    expect(signedOut.status).toBe(401);
  });
});
