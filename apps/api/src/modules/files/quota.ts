import type { Kysely } from 'kysely';
import type { UploadQuotas } from '../../config/uploads.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { ensureUsageRows, takeUsage, usage } from './store.js';

/** Who a stored document counts against besides its retail company: a customer, or a prospect (a customer to be). */
export type QuotaHolder = `customer:${number}` | `prospect:${number}`;

const COMPANY = 'company';

const MIB = 1_048_576;
const size = (bytes: number) =>
  bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;

/**
 * Takes room for one file of `bytes` in the upload transaction `trx`, or refuses with UPLOAD_QUOTA_EXCEEDED (413).
 * Each limit is one conditional update of the holder's usage row (`... where files + 1 <= :max and bytes + :n <=
 * :max`): concurrent uploads queue on the row, and an update that would pass the limit changes nothing. A refused
 * or failed upload rolls the reservation back with its file.
 */
export async function reserveUpload(
  trx: Kysely<Database>,
  quotas: UploadQuotas,
  companyId: number,
  holder: QuotaHolder,
  bytes: number,
): Promise<void> {
  await ensureUsageRows(trx, companyId, [holder, COMPANY]);
  const holderLimits = { maxFiles: quotas.filesPerCustomer, maxBytes: quotas.bytesPerCustomer };
  if (!(await takeUsage(trx, companyId, holder, bytes, holderLimits)))
    throw await holderRefusal(trx, quotas, companyId, holder, bytes);
  if (!(await takeUsage(trx, companyId, COMPANY, bytes, { maxBytes: quotas.bytesPerCompany })))
    throw await companyRefusal(trx, quotas, companyId, bytes);
}

/** Names the company's limit the file would pass (read only to word the refusal). */
async function companyRefusal(
  trx: Kysely<Database>,
  quotas: UploadQuotas,
  companyId: number,
  bytes: number,
): Promise<ApiError> {
  const used = await usage(trx, companyId, COMPANY);
  return exceeded(
    `The retail company's documents would pass their quota of ${size(quotas.bytesPerCompany)}: ${size(used.bytes)} are stored and this file is ${size(bytes)}.`,
    `file: the retail company stores ${used.bytes} of ${quotas.bytesPerCompany} bytes`,
  );
}

/** Names the holder's limit the file would pass (read only to word the refusal; the update decided). */
async function holderRefusal(
  trx: Kysely<Database>,
  quotas: UploadQuotas,
  companyId: number,
  holder: QuotaHolder,
  bytes: number,
): Promise<ApiError> {
  const used = await usage(trx, companyId, holder);
  const who = holder.startsWith('prospect:') ? 'This prospect' : 'This customer';
  if (used.files + 1 > quotas.filesPerCustomer) {
    return exceeded(
      `${who} already has ${used.files} documents, the quota of ${quotas.filesPerCustomer} files.`,
      `file: ${holder.split(':')[0]} stores ${used.files} of ${quotas.filesPerCustomer} files`,
    );
  }
  return exceeded(
    `${who}'s documents would pass their quota of ${size(quotas.bytesPerCustomer)}: ${size(used.bytes)} are stored and this file is ${size(bytes)}.`,
    `file: ${holder.split(':')[0]} stores ${used.bytes} of ${quotas.bytesPerCustomer} bytes`,
  );
}

const exceeded = (message: string, detail: string) =>
  new ApiError('UPLOAD_QUOTA_EXCEEDED', message, [detail]);
