import { beforeAll, describe, expect, it } from 'vitest';
import { creditCheck, enrollmentBody, requiredOptions, ssnEnding } from '../../fixtures/enrollments.js';
import { sandboxCompanyId, withCustomerTypeFlags } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { creditPlans, enrollWithCheck, type SandboxPlan } from './helpers.js';

const api = useTestApi();
let token: string;
let standard: SandboxPlan;

beforeAll(async () => {
  token = await api.sandboxToken();
  ({ standard } = await creditPlans(api, token));
});

type Name = { firstName: string; lastName: string };

/** Runs a check for `checked` and enrolls `enrolling` with it: the enrollment's status, or its error code. */
async function enrollAs(checked: Name, enrolling: Name): Promise<string> {
  const check = await creditCheck(api, token, { ...checked, socialSecurityNumber: ssnEnding('720') });
  const response = await enrollWithCheck(api, token, standard, check.id_credit_check, enrolling);
  if (response.status === 200) return response.body.data.enrollmentStatus;
  const refused = expectFailure(response, 422, response.body.code);
  if (refused.code === 'CREDIT_CHECK_OTHER_PERSON')
    expect(refused.errors).toEqual(['payment.creditCheckId: run for another person']);
  return refused.code;
}

const SAME = 'PENDING';
const OTHER = 'CREDIT_CHECK_OTHER_PERSON';

describe('a check backs the person of the same full name, as people write it', () => {
  it('accents do not matter, on either side', async () => {
    expect(
      await enrollAs({ firstName: 'José', lastName: 'Núñez' }, { firstName: 'Jose', lastName: 'Nunez' }),
    ).toBe(SAME);
    expect(
      await enrollAs({ firstName: 'Zoe', lastName: 'Muller' }, { firstName: 'Zoë', lastName: 'Müller' }),
    ).toBe(SAME);
  });

  it('case does not matter', async () => {
    expect(
      await enrollAs({ firstName: 'ANA', lastName: 'GARCIA' }, { firstName: 'ana', lastName: 'garcia' }),
    ).toBe(SAME);
  });

  it("apostrophes (' ’ `) and periods do not matter, each of them", async () => {
    const oneil = { firstName: 'Sean', lastName: 'ONeil' };
    expect(await enrollAs({ firstName: 'Sean', lastName: "O'Neil" }, oneil)).toBe(SAME);
    expect(await enrollAs({ firstName: 'Sean', lastName: 'O’Neil' }, oneil)).toBe(SAME);
    expect(await enrollAs({ firstName: 'Sean', lastName: 'O`Neil' }, oneil)).toBe(SAME);
    expect(
      await enrollAs({ firstName: 'J.R.', lastName: 'Smith' }, { firstName: 'JR', lastName: 'Smith' }),
    ).toBe(SAME);
  });

  it('hyphens and runs of spaces read as one space, leading and trailing ones as none', async () => {
    expect(
      await enrollAs(
        { firstName: 'Maria', lastName: 'Lopez-Garcia' },
        { firstName: 'Maria', lastName: 'Lopez Garcia' },
      ),
    ).toBe(SAME);
    expect(
      await enrollAs(
        { firstName: 'Mary Ann', lastName: 'Lee' },
        { firstName: '  Mary  -  Ann ', lastName: 'Lee   ' },
      ),
    ).toBe(SAME);
  });

  it('a space is not nothing, and a letter is a letter: other names are other people', async () => {
    expect(
      await enrollAs({ firstName: 'Mary Ann', lastName: 'Lee' }, { firstName: 'Maryann', lastName: 'Lee' }),
    ).toBe(OTHER);
    expect(
      await enrollAs({ firstName: 'Ana', lastName: 'Garcia' }, { firstName: 'Ana', lastName: 'Garcias' }),
    ).toBe(OTHER);
    // ß is its own letter here: it is not read as "ss" (nor as "SS" in capitals).
    expect(
      await enrollAs({ firstName: 'Hans', lastName: 'Strauß' }, { firstName: 'Hans', lastName: 'Strauss' }),
    ).toBe(OTHER);
    expect(
      await enrollAs({ firstName: 'Hans', lastName: 'Strauß' }, { firstName: 'HANS', lastName: 'STRAUß' }),
    ).toBe(SAME);
  });

  it('the first and last name are read together', async () => {
    expect(
      await enrollAs({ firstName: 'Mary', lastName: 'Ann Lee' }, { firstName: 'Mary Ann', lastName: 'Lee' }),
    ).toBe(SAME);
  });

  it('apostrophes and periods are dropped, not read as a space', async () => {
    expect(
      await enrollAs({ firstName: 'Sean', lastName: "O'Neil" }, { firstName: 'Sean', lastName: 'O Neil' }),
    ).toBe(OTHER);
  });

  it('a name that reads as nothing matches no one, not even a customer without a name', async () => {
    // A company may leave the contact name of its business customers optional: such an enrollment names no one.
    const smallBusiness = await api.db.kysely
      .selectFrom('customer_types')
      .select('id')
      .where('company_id', '=', await sandboxCompanyId(api.db.kysely))
      .where('code', '=', 'SmallBusiness')
      .executeTakeFirstOrThrow();
    const business = (
      await api.db.kysely
        .selectFrom('plans')
        .innerJoin('utilities', 'utilities.id', 'plans.utility_id')
        .select('plans.id')
        .where('utilities.code', '=', 'ONCOR')
        .where('plans.customer_type_id', '=', smallBusiness.id)
        .executeTakeFirstOrThrow()
    ).id;
    await withCustomerTypeFlags(api.db.kysely, 'SmallBusiness', { required_contact_name: 0 }, async () => {
      const nameless = await creditCheck(api, token, {
        firstName: '.',
        lastName: "- '",
        socialSecurityNumber: ssnEnding('720'),
        planId: business,
      });
      const refused = expectFailure(
        await api.call('POST', '/enrollments/create', {
          token,
          body: enrollmentBody(business, await requiredOptions(api, token, business), {
            customerType: 'SmallBusiness',
            customer: {
              firstName: undefined,
              lastName: undefined,
              firmName: 'Elm Bakery',
              fedtaxid: '741234567',
            },
            payment: { creditCheckId: nameless.id_credit_check },
          }),
        }),
        422,
        'CREDIT_CHECK_OTHER_PERSON',
      );
      expect(refused.errors).toEqual(['payment.creditCheckId: run for another person']);
    });
  });
});
