import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { consolePage } from './console';

/**
 * Pricing matrix files for the console's browser tests, made from the sandbox's matrix, and the calls that check and
 * restore the matrix in force.
 */

/** The sandbox's matrix, loaded by the seed as `pricing-matrix.csv`: the one in force on a fresh server. */
export const SEED_FILE = 'pricing-matrix.csv';
const SEEDED = readFileSync(
  path.resolve(__dirname, '../../apps/api/src/db/seed/data/pricing-matrix.csv'),
  'utf8',
).trim();
export const [HEADER, ...SEEDED_LINES] = SEEDED.split('\n') as [string, ...string[]];
/** The seeded matrix of another price file date, `edit` applied to its lines. */
export function matrixOf(edit: (lines: string[]) => string[]) {
  const lines = SEEDED_LINES.map((line) => line.replace(/2026-11-20$/, '2026-12-01'));
  return [HEADER, ...edit(lines)].join('\n');
}

export type MatrixImport = { id: number; fileName: string; status: string; uploadedBy: string };

/** The company's matrices, read through the console's API with the signed-in page's session. */
export async function matrices(page: Page): Promise<MatrixImport[]> {
  const answer = await page.request.get(consolePage('/ops/api/v1/pricing-matrices'));
  return (await answer.json()).data;
}

/** A change through the console's API with the signed-in page's session and its CSRF token; answers its data. */
async function opsPost(
  page: Page,
  apiPath: string,
  body: Pick<NonNullable<Parameters<Page['request']['post']>[1]>, 'data' | 'multipart'>,
) {
  const session = await (await page.request.get(consolePage('/ops/api/v1/session'))).json();
  const answer = await page.request.post(consolePage(`/ops/api/v1${apiPath}`), {
    headers: { 'x-csrf-token': session.data.csrfToken },
    ...body,
  });
  const envelope = await answer.json();
  expect(answer.status(), `POST ${apiPath}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

/** Uploads a matrix as a colleague would, through the API; answers the pending import's id. */
export async function uploadMatrix(page: Page, name: string, csv: string): Promise<number> {
  const differences = await opsPost(page, '/pricing-matrices', {
    multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  return differences.import.id;
}

/** Puts an import in force in place of `inForceId`, as a colleague would, through the API. */
export async function activateMatrix(page: Page, importId: number, inForceId: number | null) {
  await opsPost(page, `/pricing-matrices/${importId}/activation`, { data: { inForceId } });
}

/**
 * The seeded matrix in force, as on a fresh server and after the tests that put another in force (they restore it):
 * a run that failed before restoring leaves its own file in force, and the retry puts the seeded one back first.
 */
export async function seededMatrixInForce(page: Page): Promise<MatrixImport> {
  const all = await matrices(page);
  const seeded = all.find((matrix) => matrix.fileName === SEED_FILE && matrix.uploadedBy === 'seed')!;
  const active = all.find((matrix) => matrix.status === 'active');
  if (active?.id === seeded.id) return seeded;
  await activateMatrix(page, seeded.id, active?.id ?? null);
  await page.reload();
  return seeded;
}

/**
 * Picks a file in the page's file input as staff do (the file chooser), then has it checked.
 */
export async function checkFile(page: Page, name: string, content: string | Buffer, mimeType: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Pricing matrix file' }).click();
  await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(content) });
  await page.getByRole('button', { name: 'Check file' }).click();
}
