import type { CsvError } from 'csv-parse';

/**
 * What the imports that read CSV with csv-parse (RFC 4180: a quoted field may hold commas, "" for a quote and line
 * breaks) tell a person about a record: the line it starts on, and why it could not be read.
 */

/** Line breaks as csv-parse counts them in `info.lines`: every CR and every LF. */
const countedBreaks = (text: string) => text.match(/[\r\n]/g)?.length ?? 0;
const crlfsIn = (text: string) => text.match(/\r\n/g)?.length ?? 0;

/**
 * The 1-based line each record starts on, kept from csv-parse's callbacks (on_record, on_skip), which it calls in
 * file order. csv-parse's own count takes a CRLF inside a quoted field for two lines; this one does not.
 */
export class CsvLines {
  /** The lines csv-parse counted twice in the records before the one it reads. */
  private overcounted = 0;
  /** The record csv-parse fails on: it reports each bad quote of a record, and the record's end is not reported. */
  private failing: { line: number; crlfs: number } | undefined;

  /** The line a record read in full starts on, from the line csv-parse read it to (`info.lines` in on_record). */
  recordStart(lastLine: number, fields: string[]): number {
    this.closeFailing();
    const text = fields.join('');
    const line = lastLine - this.overcounted - countedBreaks(text);
    this.overcounted += crlfsIn(text);
    return line;
  }

  /**
   * The line a record csv-parse cannot read starts on (from on_skip's error and the record's raw text up to it),
   * the line of the error, and whether it is the record's first error.
   */
  failedRecord(error: CsvError, rawSoFar = ''): { line: number; errorLine: number; first: boolean } {
    const position = () => {
      // csv-parse counts a line break once it reads the character after it: a file can end before that.
      const read = rawSoFar.replace(/[\r\n]$/, '');
      const line = Number(error.lines) - this.overcounted - countedBreaks(read);
      return { line, errorLine: line + countedBreaks(read) - crlfsIn(read) };
    };
    let { line, errorLine } = position();
    if (this.failing?.line === line) {
      this.failing.crlfs = crlfsIn(rawSoFar);
      return { line, errorLine, first: false };
    }
    this.closeFailing();
    ({ line, errorLine } = position());
    this.failing = { line, crlfs: crlfsIn(rawSoFar) };
    return { line, errorLine, first: true };
  }

  private closeFailing() {
    this.overcounted += this.failing?.crlfs ?? 0;
    this.failing = undefined;
  }
}

/** Why csv-parse could not read a record, in the words of the import's other line errors. */
export function csvProblem(error: CsvError): string {
  const field = `field ${Number(error.column) + 1}`;
  switch (error.code) {
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `${field}: a quote inside a quoted field is neither doubled ("") nor followed by a comma`;
    case 'INVALID_OPENING_QUOTE':
      return `${field}: a quote in a field that does not start with one (quote the whole field, doubling its quotes)`;
    case 'CSV_QUOTE_NOT_CLOSED':
      return `${field}: a quoted field is not closed`;
    default:
      return error.message;
  }
}

/** A line with nothing but spaces is no record: the imports skip it. */
export const isBlankRecord = (fields: string[]) => fields.length === 1 && fields[0]!.trim() === '';
