export { type EsiidImportCounts, importEsiidExtract } from './esiid-import.js';
export { createEsiidImports, type EsiidImports } from './import-jobs.js';
export { checkKnownMeter } from './known-meter.js';
export { premiseOpsRoutes } from './ops-routes.js';
export { premiseRoutes } from './routes.js';
export { createPremisesService, type PremisesService, premiseTypeFor } from './service.js';
export { esiidCountsByUtilityCode } from './store.js';
