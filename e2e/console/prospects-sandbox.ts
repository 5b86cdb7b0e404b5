import { createHmac } from 'node:crypto';
import { baseURL } from '../environment';
import { call, token } from './sandbox';

/**
 * The sandbox affiliate's sales system (Lone Star Door-to-Door, its account from the seed), used by the browser tests
 * as the affiliate would use the public API: to create the prospects staff then follow in the console.
 */
const AFFILIATE = { key: 'vlt_affiliate_key', secret: 'vlt_affiliate_secret' };
export const SANDBOX_AFFILIATE = 'Lone Star Door-to-Door';

let session: Promise<string> | undefined;

/** One login per test process; a signature is accepted once, so each worker signs a second of its own. */
export function affiliateToken(): Promise<string> {
  session ??= (async () => {
    const timestamp = Math.floor(Date.now() / 1000) - Math.floor(Math.random() * 200);
    const signature = createHmac('sha256', AFFILIATE.secret)
      .update(`${AFFILIATE.key}:${timestamp}`)
      .digest('hex');
    const answer = await call(
      'POST',
      `/auth/login?token=${AFFILIATE.key}&timestamp=${timestamp}&signature=${signature}`,
    );
    return answer.token as string;
  })();
  return session;
}

async function residentialPackageAndEnglish() {
  const bearer = await token();
  const packages = (await call('GET', '/prospects/packages', bearer)) as Array<{
    idProspectPackage: number;
    name: string;
  }>;
  const languages = (await call('GET', '/document-languages', bearer)) as Array<{
    id_language: number;
    short_name: string;
  }>;
  return {
    packageId: packages.find((p) => p.name === 'Texas Residential Door-to-Door')!.idProspectPackage,
    languageId: languages.find((l) => l.short_name === 'en')!.id_language,
  };
}

/** A Dallas home on Oncor quoted 12 months by the affiliate's system; answers its id. */
export async function affiliateProspect(
  firstName: string,
  lastName: string,
  extra: { status?: string; repReferenceId?: string } = {},
): Promise<number> {
  const { packageId, languageId } = await residentialPackageAndEnglish();
  const prospect = await call('POST', '/prospects', await affiliateToken(), {
    customer: {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
      phoneNumber: '2145550123',
      idPreferedLanguage: languageId,
    },
    serviceAddress: { address1: '1500 Marilla St', city: 'Dallas', state: 'TX', zipCode: '75201' },
    ldc: `10443720${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    commodityName: 'Electric',
    priceProviderUtilityCode: 'ONCOR',
    priceFileDate: '2026-11-20',
    zone: 'NORTH',
    rateCode: 'RES-FIXED',
    term: 12,
    // A month the seeded pricing matrix prices (its price file of 2026-11-20).
    startDate: '2027-01-15',
    price: 0.1349,
    usageTier: 'ALL',
    customerType: 'Residential',
    userName: 'rep.jlopez',
    status: extra.status ?? 'New',
    idProspectPackage: packageId,
    ...(extra.repReferenceId ? { repReferenceId: extra.repReferenceId } : {}),
  });
  return prospect.idProspect as number;
}

/** Attaches a small PDF (a utility bill) to the prospect, as the affiliate's system uploads it. */
export async function uploadBill(prospectId: number): Promise<void> {
  const form = new FormData();
  const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'utility-bill.pdf');
  const response = await fetch(`${baseURL}/api/v1/prospects/${prospectId}/upload-document`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await affiliateToken()}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload-document: ${response.status}`);
}
