import { pipeline, type Readable } from 'node:stream';
import { type Options, parse } from 'csv-parse';
import { CsvLines, csvProblem } from '../../domain/csv.js';
import { ApiError } from '../../http/errors.js';

/** A record longer than this is a quote left open in a file with few quotes, not a premise (a line is ~200 bytes). */
const MAX_RECORD_BYTES = 64 * 1024;

export type ExtractRecord =
  | { kind: 'record'; line: number; fields: string[] }
  | { kind: 'malformed'; line: number; reason: string };

/** A record csv-parse could not read: the line it starts on, the last line it took, and why. */
interface FailedRecord {
  line: number;
  lastLine: number;
  reason: string;
}

/** Records as arrays with the line they start on; a bad record is skipped and reported into `failed`. */
function parserOptions(
  lines: CsvLines,
  failed: FailedRecord[],
): Options<{ line: number; fields: string[] }, { record: string[] }> {
  return {
    bom: true,
    raw: true,
    record_delimiter: ['\r\n', '\n'],
    relax_column_count: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_BYTES,
    on_record: ({ record }, info) => ({
      line: lines.recordStart(info.lines, record),
      fields: record,
    }),
    on_skip: (error, raw) => {
      if (!error) return undefined;
      const { line, errorLine, first } = lines.failedRecord(error, raw);
      if (error.code === 'CSV_MAX_RECORD_SIZE') {
        throw new ApiError(
          'VALIDATION_FAILED',
          'The file has a quote left open: the rest of the file reads as one record, so the import stopped there.',
          [`line ${line}: a record of more than ${MAX_RECORD_BYTES} bytes`],
        );
      }
      if (first) failed.push({ line, lastLine: errorLine, reason: csvProblem(error) });
      else failed.at(-1)!.lastLine = errorLine;
      return undefined;
    },
  };
}

/** The failed records that start before `line`, each naming the lines it took with it. */
function* failedBefore(failed: FailedRecord[], line: number): Generator<ExtractRecord> {
  while (failed.length > 0 && failed[0]!.line < line) {
    const record = failed.shift()!;
    const next = Math.min(failed[0]?.line ?? line, line);
    const lastLine = Number.isFinite(next) ? next - 1 : record.lastLine;
    const reason =
      lastLine > record.line
        ? `${record.reason}; lines ${record.line} to ${lastLine} read as this one record, none loaded`
        : record.reason;
    yield { kind: 'malformed', line: record.line, reason };
  }
}

/**
 * The extract's records, each with the line it starts on, read as they are taken: csv-parse waits while the
 * importer writes a batch, so memory holds a batch whatever the file's size. A record csv-parse cannot read comes
 * as `malformed`, once, in file order. A quote left open runs on, as CSV reads it, to the next closing quote, so a
 * malformed record can take the lines after it with it: its reason names them. One that runs past MAX_RECORD_BYTES
 * stops the import (VALIDATION_FAILED) rather than holding the rest of the file in memory.
 */
export async function* extractRecords(input: Readable): AsyncGenerator<ExtractRecord> {
  const lines = new CsvLines();
  // csv-parse reports a bad record through on_skip, once per bad quote and ahead of the records the importer has
  // taken: the reports wait here, one per record, until the records before them are taken.
  const failed: FailedRecord[] = [];
  // csv-parse types its options with custom records only together with `columns`; these records are arrays.
  const parser = parse(parserOptions(lines, failed) as unknown as Options);
  // An error of the file's stream reaches the loop below through the parser, which pipeline destroys with it.
  pipeline(input, parser, () => {});
  for await (const { line, fields } of parser as AsyncIterable<{ line: number; fields: string[] }>) {
    yield* failedBefore(failed, line);
    yield { kind: 'record', line, fields };
  }
  yield* failedBefore(failed, Number.POSITIVE_INFINITY);
}
