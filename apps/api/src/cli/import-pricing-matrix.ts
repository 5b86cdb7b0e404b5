import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importPricingMatrix } from '../modules/prospects/index.js';
import { runCompanyFileCommand } from './company-file-command.js';

/**
 * Manual pricing matrix import: `npm run import:pricing-matrix -w @voltin/api -- <company-slug> <file.csv>`.
 * Uses DATABASE_URL like the server. The file format is described in src/modules/prospects/pricing-matrix.ts;
 * a file with any bad line is rejected whole (exit code 1, one line per problem) and nothing is loaded.
 */
runCompanyFileCommand(
  'import-pricing-matrix <company-slug> <pricing-matrix.csv>',
  async ({ db, company, filePath }) => {
    const result = await importPricingMatrix(db, company.id, {
      fileName: path.basename(filePath),
      content: readFileSync(filePath),
      importedBy: 'cli',
      importedAt: new Date().toISOString(),
    });
    console.log(
      `Imported ${result.rows} prices (price file ${result.priceFileDate}; ${result.utilities.join(', ')}) ` +
        `for ${company.name}; import ${result.idImport} replaces the previous matrix.`,
    );
    return 0;
  },
);
