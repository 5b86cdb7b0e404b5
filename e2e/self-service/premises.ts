import Database from 'better-sqlite3';
import { sandboxApiCall } from '../console/sandbox';
import { databaseUrl } from '../environment';

export interface Premise {
  esiid: string;
  address: string;
  zipcode: string;
  city: string;
}

/**
 * Residential premises of the sandbox's ERCOT directory in Dallas (Oncor), read from the test server's database: a
 * customer enrolls at a real address, which the wizard's ESIID search finds. Read only.
 */
function dallasPremises(): Premise[] {
  if (!databaseUrl?.startsWith('sqlite:'))
    throw new Error('The self-service tests need the server database (E2E_DATABASE_URL=sqlite:…).');
  const db = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select esiid, address_1 as address, zipcode, city from premises
         where utility_code = 'ONCOR' and premise_type = 'Residential' and status = 'Active' and address_2 is null`,
      )
      .all() as Premise[];
  } finally {
    db.close();
  }
}

/** A Dallas premise nobody is enrolled at yet (parallel tests and retries each take their own). */
export async function freePremise(planId: number): Promise<Premise> {
  const premises = dallasPremises();
  for (let attempt = 0; attempt < 20; attempt++) {
    const premise = premises[Math.floor(Math.random() * premises.length)] as Premise;
    const answer = await sandboxApiCall(
      'POST',
      `/enrollments/exists-repeated?ldcNumber=${premise.esiid}&idPlan=${planId}`,
      { firstName: 'Test', lastName: 'Shopper' },
    );
    if (!answer) return premise;
  }
  throw new Error('No free premise found in Dallas after 20 tries');
}
