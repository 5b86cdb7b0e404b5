import { createProspect } from './creation.js';
import type { ProspectsDeps } from './deps.js';
import { uploadDocument } from './documents.js';
import { expireDue } from './expiry.js';
import { listPackages } from './packages.js';
import { pricingRules } from './pricing.js';
import { importPricingMatrix, type PricingMatrixFile } from './pricing-matrix-imports.js';
import { getProspect, listProspects } from './records.js';
import { createSigningView } from './signing-view.js';
import { createStaffProspects } from './staff-prospects.js';
import { updateStatus } from './status-updates.js';

/** The prospects' rules, one part of them per file, bound to the database and adapters the app gives them. */
export function createProspectsService(deps: ProspectsDeps) {
  const { db } = deps;
  return {
    create: createProspect.bind(null, deps),
    list: listProspects.bind(null, deps),
    get: getProspect.bind(null, deps),
    uploadDocument: uploadDocument.bind(null, deps),
    updateStatus: updateStatus.bind(null, deps),
    createSigningView: createSigningView.bind(null, deps),
    rules: pricingRules.bind(null, db),
    packages: listPackages.bind(null, db),
    expireDue: expireDue.bind(null, deps),
    /** The pipeline as the company's staff see and move it in the console. */
    staff: createStaffProspects(deps),
    importPricingMatrix: (companyId: number, file: Omit<PricingMatrixFile, 'importedAt'>) =>
      importPricingMatrix(db, companyId, { ...file, importedAt: deps.clock.now().toISOString() }),
  };
}

export type ProspectsService = ReturnType<typeof createProspectsService>;
