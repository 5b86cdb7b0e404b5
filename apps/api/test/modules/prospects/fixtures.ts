import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestApi } from '../../helpers/app.js';

/** The seeded matrix, read the way an integrator would read the file. */
export function seededPrice(key: string): number {
  const csv = readFileSync(
    fileURLToPath(new URL('../../../src/db/seed/data/pricing-matrix.csv', import.meta.url)),
    'utf8',
  );
  const line = csv.split('\n').find((l) => l.startsWith(`${key},`));
  if (!line) throw new Error(`No seeded price for ${key}`);
  return Number(line.split(',')[6]);
}

export function addDaysUtc(days: number, from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface ProspectRefs {
  englishId: number;
  residentialPackageId: number;
  businessPackageId: number;
  gasPackageId: number;
}

export async function prospectRefs(api: TestApi, token: string): Promise<ProspectRefs> {
  const languages = (await api.call('GET', '/document-languages', { token })).body.data as Array<{
    id_language: number;
    short_name: string;
  }>;
  const packages = (await api.call('GET', '/prospects/packages', { token })).body.data as Array<{
    idProspectPackage: number;
    name: string;
  }>;
  const pkg = (name: string) => packages.find((p) => p.name === name)!.idProspectPackage;
  return {
    englishId: languages.find((l) => l.short_name === 'en')!.id_language,
    residentialPackageId: pkg('Texas Residential Door-to-Door'),
    businessPackageId: pkg('Texas Small Business Fixed'),
    gasPackageId: pkg('Ohio and Georgia Residential Gas'),
  };
}

/** A prospect request that passes every rule: a Dallas home on Oncor, 12 months from January 2027. */
export function validProspect(refs: ProspectRefs, overrides: Record<string, unknown> = {}) {
  return {
    customer: {
      firstName: 'Maria',
      lastName: 'Gonzalez',
      email: 'maria.gonzalez@example.com',
      phoneNumber: '2145550123',
      idPreferedLanguage: refs.englishId,
    },
    serviceAddress: { address1: '1500 Marilla St', city: 'Dallas', state: 'TX', zipCode: '75201' },
    ldc: '10443720001234567',
    commodityName: 'Electric',
    priceProviderUtilityCode: 'ONCOR',
    priceFileDate: '2026-11-20',
    zone: 'NORTH',
    rateCode: 'RES-FIXED',
    term: 12,
    startDate: '2027-01-15',
    price: 0.1349,
    usageTier: 'ALL',
    customerType: 'Residential',
    userName: 'rep.jlopez',
    status: 'New',
    idProspectPackage: refs.residentialPackageId,
    ...overrides,
  };
}

/** Sends one multipart request with the given files (name, bytes, claimed type). */
export async function uploadFiles(
  api: TestApi,
  path: string,
  token: string,
  files: Array<{ name: string; bytes: Buffer | string; type?: string }>,
) {
  const form = new FormData();
  for (const file of files) {
    form.append(
      'file',
      new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], {
        type: file.type ?? 'application/octet-stream',
      }),
      file.name,
    );
  }
  const response = await fetch(new URL(`/api/v1${path}`, api.baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
