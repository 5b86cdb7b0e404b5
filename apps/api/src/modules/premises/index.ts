export { type EsiidImportCounts, importEsiidExtract } from './esiid-import.js';
export { checkKnownMeter } from './known-meter.js';
export { premiseRoutes } from './routes.js';
export { createPremisesService, type PremisesService, premiseTypeFor } from './service.js';
