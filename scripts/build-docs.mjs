// Builds the API (for its OpenAPI export) and the documentation site from it.
import { buildDocs, runOrExit } from './lib.mjs';

runOrExit('npm', ['run', 'build', '-w', '@voltin/api']);
process.exit(buildDocs());
