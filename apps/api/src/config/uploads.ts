/**
 * How much uploaded documents (prospects' documents, letters of credit) may take, on top of the size of one file
 * (UPLOAD_LIMIT_BYTES): files and bytes per customer, bytes per retail company. Files live in the database, so these
 * keep one customer, or one company's integration gone wrong, from filling it.
 */
export interface UploadQuotas {
  /** UPLOAD_QUOTA_FILES_PER_CUSTOMER: documents stored for one customer (or one prospect). */
  filesPerCustomer: number;
  /** UPLOAD_QUOTA_BYTES_PER_CUSTOMER: their total size. */
  bytesPerCustomer: number;
  /** UPLOAD_QUOTA_BYTES_PER_COMPANY: the total size of every document of one retail company. */
  bytesPerCompany: number;
}

export const UPLOAD_QUOTA_DEFAULTS: UploadQuotas = {
  filesPerCustomer: 25,
  bytesPerCustomer: 100 * 1_048_576,
  bytesPerCompany: 5 * 1_073_741_824,
};

type Env = Record<string, string | undefined>;

function wholeNumber(
  env: Env,
  name: string,
  fallback: number,
  range: [number, number],
  problems: string[],
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < range[0] || value > range[1]) {
    problems.push(`${name} must be a whole number from ${range[0]} to ${range[1]} (got "${raw}")`);
    return fallback;
  }
  return value;
}

/** The upload quotas, checked against each other and against the size one file may have. */
export function uploadQuotasFrom(env: Env, uploadLimitBytes: number, problems: string[]): UploadQuotas {
  const d = UPLOAD_QUOTA_DEFAULTS;
  const quotas: UploadQuotas = {
    filesPerCustomer: wholeNumber(
      env,
      'UPLOAD_QUOTA_FILES_PER_CUSTOMER',
      d.filesPerCustomer,
      [1, 100_000],
      problems,
    ),
    bytesPerCustomer: wholeNumber(
      env,
      'UPLOAD_QUOTA_BYTES_PER_CUSTOMER',
      d.bytesPerCustomer,
      [1024, 2 ** 40],
      problems,
    ),
    bytesPerCompany: wholeNumber(
      env,
      'UPLOAD_QUOTA_BYTES_PER_COMPANY',
      d.bytesPerCompany,
      [1024, 2 ** 50],
      problems,
    ),
  };
  if (quotas.bytesPerCustomer < uploadLimitBytes) {
    problems.push(
      `UPLOAD_QUOTA_BYTES_PER_CUSTOMER must be at least UPLOAD_LIMIT_BYTES, or no file of the largest size could be stored (got ${quotas.bytesPerCustomer} and ${uploadLimitBytes})`,
    );
  }
  if (quotas.bytesPerCompany < quotas.bytesPerCustomer) {
    problems.push(
      `UPLOAD_QUOTA_BYTES_PER_COMPANY must be at least UPLOAD_QUOTA_BYTES_PER_CUSTOMER (got ${quotas.bytesPerCompany} and ${quotas.bytesPerCustomer})`,
    );
  }
  return quotas;
}
