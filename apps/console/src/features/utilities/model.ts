import { isApiFailure } from '../../lib/api';

/** A zip code as typed in the editor, with the line it is on. */
export interface TypedZipcode {
  zipcode: string;
  line: number;
}

/** The zip codes of the editor's text: one or more a line, separated by spaces or commas. */
export function zipcodesOfText(text: string): TypedZipcode[] {
  return text.split('\n').flatMap((content, i) =>
    content
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((zipcode) => ({ zipcode, line: i + 1 })),
  );
}

/** The editor's text of a list: ten zip codes a line, as the list is long. */
export function textOfZipcodes(zipcodes: string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < zipcodes.length; i += 10) lines.push(zipcodes.slice(i, i + 10).join(' '));
  return lines.join('\n');
}

/**
 * The server's problems with the list ("zipcodes[3]: 99999 is not a known zip code") as the editor's lines show
 * them: "Line 2: 99999 is not a known zip code".
 */
export function zipcodeProblems(error: unknown, typed: TypedZipcode[]): string[] {
  if (!isApiFailure(error)) return [];
  return error.errors.map((problem) => {
    const match = /^zipcodes\[(\d+)\]:\s*(.+)$/.exec(problem);
    const at = match ? typed[Number(match[1])] : undefined;
    return at ? `Line ${at.line}: ${match![2]}` : problem.replace(/^zipcodes:\s*/, '');
  });
}

/** How far an import has gone, in percent of its lines (the header aside). */
export const importPercent = (rowsRead: number, dataLines: number) =>
  dataLines === 0 ? 100 : Math.min(100, Math.round((rowsRead / dataLines) * 100));
