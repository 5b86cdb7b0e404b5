import type { Options } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { CsvLines, csvProblem, isBlankRecord } from '../../domain/csv.js';
import { detectKind } from '../../domain/file-kinds.js';
import { ApiError } from '../../http/errors.js';
import type * as pricingStore from './pricing-store.js';

/**
 * The pricing matrix file (CSV, UTF-8, comma-separated, one header line, one price per line):
 *
 *   utility_code,zone,rate_code,term_months,usage_tier,start_month,price,price_file_date
 *   ONCOR,NORTH,RES-FIXED,12,ALL,2026-12,0.13250,2026-11-20
 *
 * - utility_code     the utility's code as in GET /utilities (ONCOR, CNP, AEP_TCC, …); must be one of the
 *                    company's utilities. Prospects send it as `priceProviderUtilityCode`.
 * - zone             pricing zone (ERCOT load zone for Texas: NORTH, HOUSTON, SOUTH, WEST), 1–50 characters.
 * - rate_code        the product's rate code, e.g. RES-FIXED, SMB-FIXED, 1–50 characters.
 * - term_months      whole number of months, 1 to 36.
 * - usage_tier       usage band, e.g. ALL, or annual MWh bands like 0-100, 101-250; 1–50 characters.
 * - start_month      YYYY-MM: the month the service starts in.
 * - price            US dollars per kWh (electric) or per therm (gas), above 0 and below 10, at most six decimals.
 * - price_file_date  YYYY-MM-DD: the date of the price file; the same on every line.
 *
 * zone, rate_code and usage_tier are matched without regard to case (stored upper-case). The file is read as
 * RFC 4180 CSV (csv-parse): a field may be wrapped in double quotes, "" in it standing for a quote. Blank lines are
 * skipped. Every line is checked before anything is written; one
 * bad line rejects the whole file (400 PRICING_MATRIX_INVALID, with "line N: …" errors) and nothing is kept.
 * The same columns may come as the first sheet of an Excel workbook (.xlsx), line numbers being its row numbers.
 * What becomes of a good file is in pricing-matrix-imports.ts.
 */
export const PRICING_MATRIX_COLUMNS = [
  'utility_code',
  'zone',
  'rate_code',
  'term_months',
  'usage_tier',
  'start_month',
  'price',
  'price_file_date',
] as const;

const MAX_REPORTED_ERRORS = 50;
const CODE = /^[A-Za-z0-9][A-Za-z0-9 _.+-]{0,49}$/;
const PRICE = /^\d{1,2}(\.\d{1,6})?$/;

type MatrixRecord = { line: number; fields: string[] };
type LineProblem = { line: number; problem: string };

/** The file's records with the line each starts on, and the lines csv-parse could not read (as "line N: …"). */
function readRecords(text: string): {
  records: MatrixRecord[];
  unreadable: LineProblem[];
} {
  const lines = new CsvLines();
  const unreadable: LineProblem[] = [];
  const options: Options<MatrixRecord, { record: string[] }> = {
    bom: true,
    raw: true,
    record_delimiter: ['\r\n', '\n'],
    relax_column_count: true,
    skip_records_with_error: true,
    on_record: ({ record }, info) => ({
      line: lines.recordStart(info.lines, record),
      fields: record.map((field) => field.trim()),
    }),
    on_skip: (error, raw) => {
      if (!error) return undefined;
      const { line, first } = lines.failedRecord(error, raw);
      if (first) unreadable.push({ line, problem: csvProblem(error) });
      return undefined;
    },
  };
  // csv-parse types its options with custom records only together with `columns`; these records are arrays.
  const records = parse(text, options as unknown as Options) as unknown as MatrixRecord[];
  return { records, unreadable };
}

export function isPlainDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function checkRow(
  fields: string[],
  utilityCodes: Set<string>,
): { row?: pricingStore.PriceRow; problems: string[] } {
  const [utility, zone, rateCode, term, tier, month, price, fileDate] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const problems: string[] = [];
  const utilityCode = utility.toUpperCase();
  if (!utilityCodes.has(utilityCode))
    problems.push(`utility_code "${utility}" is not one of the company's utilities`);
  if (!CODE.test(zone)) problems.push('zone must be 1 to 50 letters, digits, spaces or _ . + -');
  if (!CODE.test(rateCode)) problems.push('rate_code must be 1 to 50 letters, digits, spaces or _ . + -');
  if (!CODE.test(tier)) problems.push('usage_tier must be 1 to 50 letters, digits, spaces or _ . + -');
  const termMonths = Number(term);
  if (!/^\d{1,2}$/.test(term) || termMonths < 1 || termMonths > 36)
    problems.push(`term_months "${term}" must be a whole number from 1 to 36`);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) problems.push(`start_month "${month}" must be YYYY-MM`);
  const priceValue = Number(price);
  if (!PRICE.test(price) || priceValue <= 0 || priceValue >= 10)
    problems.push(`price "${price}" must be a number above 0 and below 10 with at most six decimals`);
  if (!isPlainDate(fileDate)) problems.push(`price_file_date "${fileDate}" must be a date YYYY-MM-DD`);
  if (problems.length > 0) return { problems };
  return {
    problems,
    row: {
      utilityCode,
      zone: zone.toUpperCase(),
      rateCode: rateCode.toUpperCase(),
      termMonths,
      usageTier: tier.toUpperCase(),
      startMonth: month,
      priceMicros: Math.round(priceValue * 1_000_000),
      priceFileDate: fileDate,
    },
  };
}

/** Throws PRICING_MATRIX_INVALID listing the lines' problems (the first MAX_REPORTED_ERRORS), if there are any. */
function rejectIfProblems(lineErrors: LineProblem[], rowCount: number) {
  // Sorted by line (a stable sort keeps each line's problems in order): csv-parse reports its own apart.
  const errors = lineErrors
    .sort((a, b) => a.line - b.line)
    .map(({ line, problem }) => `line ${line}: ${problem}`);
  if (errors.length === 0 && rowCount === 0) errors.push('line 2: the file has no price lines');
  if (errors.length > 0) {
    const shown = errors.slice(0, MAX_REPORTED_ERRORS);
    if (errors.length > shown.length) shown.push(`… and ${errors.length - shown.length} more problems`);
    throw new ApiError(
      'PRICING_MATRIX_INVALID',
      `The pricing matrix file was rejected (${errors.length} problem${errors.length === 1 ? '' : 's'}); nothing was loaded.`,
      shown,
    );
  }
}

/** A file's records checked whole: throws PRICING_MATRIX_INVALID listing every bad line, or returns the rows. */
function checkRecords(
  records: MatrixRecord[],
  unreadable: LineProblem[],
  utilityCodes: Set<string>,
): pricingStore.PriceRow[] {
  const header = records[0]?.line === 1 ? records[0].fields.map((h) => h.toLowerCase()) : undefined;
  if (header?.join(',') !== PRICING_MATRIX_COLUMNS.join(',')) {
    throw new ApiError(
      'PRICING_MATRIX_INVALID',
      'The pricing matrix file was rejected; nothing was loaded.',
      [`line 1: the header must be ${PRICING_MATRIX_COLUMNS.join(',')}`],
    );
  }
  const lineErrors = [...unreadable];
  const rows: pricingStore.PriceRow[] = [];
  const seen = new Map<string, number>();
  let fileDate: string | undefined;
  for (const { line, fields } of records.slice(1)) {
    if (isBlankRecord(fields)) continue;
    const problem = (text: string) => lineErrors.push({ line, problem: text });
    if (fields.length !== PRICING_MATRIX_COLUMNS.length) {
      problem(`expected ${PRICING_MATRIX_COLUMNS.length} fields, found ${fields.length}`);
      continue;
    }
    const { row, problems } = checkRow(fields, utilityCodes);
    problems.forEach(problem);
    if (!row) continue;
    fileDate ??= row.priceFileDate;
    if (row.priceFileDate !== fileDate)
      problem(`price_file_date ${row.priceFileDate} differs from ${fileDate} on the first line`);
    const key = priceKeyOf(row);
    const first = seen.get(key);
    if (first !== undefined) problem(`repeats the price of line ${first}`);
    else seen.set(key, line);
    rows.push(row);
  }
  rejectIfProblems(lineErrors, rows.length);
  return rows;
}

/** One text per price key: two rows with the same key are the same price. */
export const priceKeyOf = (row: pricingStore.PriceKey) =>
  [row.utilityCode, row.zone, row.rateCode, row.termMonths, row.usageTier, row.startMonth].join('|');

/** Reads and checks a whole CSV text; throws PRICING_MATRIX_INVALID listing every bad line, or returns the rows. */
export function parsePricingMatrix(text: string, utilityCodes: Set<string>): pricingStore.PriceRow[] {
  const { records, unreadable } = readRecords(text);
  return checkRecords(records, unreadable, utilityCodes);
}

/**
 * A workbook cell as the text the CSV would hold. Spreadsheets turn "2026-12" into a date and prices into numbers:
 * a date cell is read as a month in start_month and as a day elsewhere; numbers keep the digits the cell holds.
 */
function cellText(value: unknown, column: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const day = value.toISOString().slice(0, 10);
    return column === 'start_month' ? day.slice(0, 7) : day;
  }
  return String(value).trim();
}

/**
 * The first sheet of an Excel workbook (.xlsx) as records, one per sheet row (the row number is the line number
 * staff see in Excel). Numbers are kept as the text the cell stores, so a price is not rounded through a float.
 */
async function readWorkbookRecords(bytes: Buffer): Promise<MatrixRecord[]> {
  const rows = await readSheet(bytes, { parseNumber: (text: string) => text }).catch((error: unknown) => {
    throw new ApiError('PRICING_MATRIX_INVALID', 'The Excel workbook cannot be read; nothing was loaded.', [
      `line 1: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  });
  return rows.map((cells, index) => {
    const fields = cells.map((cell, column) => cellText(cell, PRICING_MATRIX_COLUMNS[column]));
    while (fields.length > PRICING_MATRIX_COLUMNS.length && fields.at(-1) === '') fields.pop();
    return { line: index + 1, fields };
  });
}

/**
 * Reads and checks a pricing matrix file, CSV or Excel workbook (told apart by their content, not their name);
 * throws PRICING_MATRIX_INVALID listing every bad line, or returns the rows.
 */
export async function readPricingMatrixFile(
  bytes: Buffer,
  utilityCodes: Set<string>,
): Promise<pricingStore.PriceRow[]> {
  if (detectKind(bytes) === 'xlsx') return checkRecords(await readWorkbookRecords(bytes), [], utilityCodes);
  return parsePricingMatrix(bytes.toString('utf8'), utilityCodes);
}
