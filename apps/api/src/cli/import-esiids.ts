import { createReadStream } from 'node:fs';
import { type EsiidImportCounts, importEsiidExtract } from '../modules/premises/index.js';
import { runCompanyFileCommand } from './company-file-command.js';

/**
 * ERCOT TDSP ESI ID extract import: `npm run import:esiids -w @voltin/api -- <company-slug> <extract.csv>`.
 * Uses DATABASE_URL like the server; the file is read in src/modules/premises/esiid-extract.ts and each line's
 * rules are in esiid-lines.ts.
 * Malformed lines are skipped and listed with their line numbers (exit code 1); the good rows are loaded.
 */
const describe = (c: EsiidImportCounts) =>
  `${c.rowsRead} rows read: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ` +
  `${c.removed} removed, ${c.rejected} rejected`;

runCompanyFileCommand(
  'import-esiids <company-slug> <tdsp-esiid-extract.csv>',
  async ({ db, company, filePath }) => {
    const result = await importEsiidExtract(db, company.id, createReadStream(filePath), {
      onProgress: (counts) => console.log(describe(counts)),
    });
    for (const { line, reason } of result.rejectedLines) console.error(`line ${line}: ${reason}`);
    if (result.rejected > result.rejectedLines.length)
      console.error(`... and ${result.rejected - result.rejectedLines.length} more rejected lines`);
    console.log(`Done. ${describe(result)}.`);
    return result.rejected > 0 ? 1 : 0;
  },
);
