import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { isPostgres } from './migration-helpers.js';
import * as platformCore from './migrations/2026-11-21T0000-platform-core.js';
import * as backgroundTasks from './migrations/2026-11-21T0100-background-tasks.js';
import * as plans from './migrations/2026-11-21T0200-plans.js';
import * as prospects from './migrations/2026-11-21T0300-prospects.js';
import * as premises from './migrations/2026-11-21T0400-premises.js';
import * as paymentGateways from './migrations/2026-11-21T0500-payment-gateways.js';
import * as customerAccounts from './migrations/2026-11-21T0600-customer-accounts.js';
import * as enrollments from './migrations/2026-11-21T0700-enrollments.js';
import * as billingNotifications from './migrations/2026-11-21T0800-billing-notifications.js';
import * as autoresponders from './migrations/2026-11-21T0900-autoresponders.js';
import * as changeStamps from './migrations/2026-11-21T1000-change-stamps.js';
import * as integritySettings from './migrations/2026-11-25T0000-integrity-settings.js';
import * as idempotencyKeys from './migrations/2026-11-25T0100-idempotency-keys.js';
import * as creditCheckUse from './migrations/2026-11-25T0200-credit-check-use.js';
import * as verificationDispatch from './migrations/2026-11-25T0300-verification-dispatch.js';
import * as esiidData from './migrations/2026-11-25T0400-esiid-data.js';
import * as oneLivePerMeter from './migrations/2026-11-25T0600-one-live-enrollment-per-meter.js';
import * as chargeUniqueness from './migrations/2026-11-25T0700-charge-transaction-uniqueness.js';
import * as dualBilling from './migrations/2026-11-25T0800-dual-billing.js';
import * as loginStreaks from './migrations/2026-11-25T1100-login-streaks.js';
import * as mailBodiesRemoved from './migrations/2026-11-25T1300-mail-bodies-removed.js';
import * as mailBounces from './migrations/2026-11-25T1500-mail-bounces.js';
import * as uploadUsage from './migrations/2026-11-25T1550-upload-usage.js';
import * as sealedTaxIds from './migrations/2026-11-25T1600-sealed-tax-ids.js';
import * as signingEnvelopeState from './migrations/2026-11-25T1700-signing-envelope-state.js';
import * as companySetupUniqueness from './migrations/2026-11-25T1800-company-setup-uniqueness.js';
import * as inPersonSigning from './migrations/2026-11-25T1900-in-person-signing.js';
import * as signingViewPermission from './migrations/2026-11-25T1910-signing-view-permission.js';
import * as sandboxSigningEnvelopes from './migrations/2026-11-25T2000-sandbox-signing-envelopes.js';
import * as taskRuns from './migrations/2026-11-26T0100-task-runs.js';
import * as staffAndAudit from './migrations/2026-11-26T0200-staff-and-audit.js';
import * as enrollmentStatusSince from './migrations/2026-11-26T0300-enrollment-status-since.js';
import * as customerSearch from './migrations/2026-11-26T0400-customer-search.js';
import * as customerNotes from './migrations/2026-11-27T0100-customer-notes.js';
import * as dashboardIndexes from './migrations/2026-11-27T0200-dashboard-indexes.js';
import * as chargeRefunds from './migrations/2026-11-27T0300-charge-refunds.js';
import * as notificationsByEnrollment from './migrations/2026-11-27T0400-notifications-by-enrollment.js';
import * as customerSearchOrder from './migrations/2026-11-27T0500-customer-search-order.js';
import * as etfWaiverReasons from './migrations/2026-11-27T0600-etf-waiver-reasons.js';
import * as mailByRecipient from './migrations/2026-11-27T0700-mail-by-recipient.js';
import * as planVersions from './migrations/2026-11-27T0800-plan-versions.js';
import * as deliveryChargeMoments from './migrations/2026-11-27T0900-delivery-charge-moments.js';
import * as pricingMatrixHistory from './migrations/2026-11-27T1000-pricing-matrix-history.js';
import * as esiidImports from './migrations/2026-11-27T1340-esiid-imports.js';
import * as campaignLimits from './migrations/2026-11-27T1400-campaign-limits.js';
import * as acceptanceOptionHistory from './migrations/2026-11-27T1500-acceptance-option-history.js';
import * as planBundleNames from './migrations/2026-11-27T1510-plan-bundle-names.js';
import * as brandBranding from './migrations/2026-11-27T1600-brand-branding.js';
import * as sandboxGatewayHostedForms from './migrations/2026-11-27T1610-sandbox-gateway-hosted-forms.js';
import * as serviceAccountRotation from './migrations/2026-11-27T2040-service-account-rotation.js';
import * as companySetupVersions from './migrations/2026-11-28T0000-company-setup-versions.js';
import * as affiliateRepsProspectHistory from './migrations/2026-11-28T0010-affiliate-reps-prospect-history.js';
import * as documentLibrary from './migrations/2026-11-28T0010-document-library.js';
import type { Database } from './schema.js';

/** Every migration, in order. Listed statically so the compiled server needs no file-system scan. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21T0000-platform-core': platformCore,
  '2026-11-21T0100-background-tasks': backgroundTasks,
  '2026-11-21T0200-plans': plans,
  '2026-11-21T0300-prospects': prospects,
  '2026-11-21T0400-premises': premises,
  '2026-11-21T0500-payment-gateways': paymentGateways,
  '2026-11-21T0600-customer-accounts': customerAccounts,
  '2026-11-21T0700-enrollments': enrollments,
  '2026-11-21T0800-billing-notifications': billingNotifications,
  '2026-11-21T0900-autoresponders': autoresponders,
  '2026-11-21T1000-change-stamps': changeStamps,
  '2026-11-25T0000-integrity-settings': integritySettings,
  '2026-11-25T0100-idempotency-keys': idempotencyKeys,
  '2026-11-25T0200-credit-check-use': creditCheckUse,
  '2026-11-25T0300-verification-dispatch': verificationDispatch,
  '2026-11-25T0400-esiid-data': esiidData,
  '2026-11-25T0600-one-live-enrollment-per-meter': oneLivePerMeter,
  '2026-11-25T0700-charge-transaction-uniqueness': chargeUniqueness,
  '2026-11-25T0800-dual-billing': dualBilling,
  '2026-11-25T1100-login-streaks': loginStreaks,
  '2026-11-25T1300-mail-bodies-removed': mailBodiesRemoved,
  '2026-11-25T1500-mail-bounces': mailBounces,
  '2026-11-25T1550-upload-usage': uploadUsage,
  '2026-11-25T1600-sealed-tax-ids': sealedTaxIds,
  '2026-11-25T1700-signing-envelope-state': signingEnvelopeState,
  '2026-11-25T1800-company-setup-uniqueness': companySetupUniqueness,
  '2026-11-25T1900-in-person-signing': inPersonSigning,
  '2026-11-25T1910-signing-view-permission': signingViewPermission,
  '2026-11-25T2000-sandbox-signing-envelopes': sandboxSigningEnvelopes,
  '2026-11-26T0100-task-runs': taskRuns,
  '2026-11-26T0200-staff-and-audit': staffAndAudit,
  '2026-11-26T0300-enrollment-status-since': enrollmentStatusSince,
  '2026-11-26T0400-customer-search': customerSearch,
  '2026-11-27T0100-customer-notes': customerNotes,
  '2026-11-27T0200-dashboard-indexes': dashboardIndexes,
  '2026-11-27T0300-charge-refunds': chargeRefunds,
  '2026-11-27T0400-notifications-by-enrollment': notificationsByEnrollment,
  '2026-11-27T0500-customer-search-order': customerSearchOrder,
  '2026-11-27T0600-etf-waiver-reasons': etfWaiverReasons,
  '2026-11-27T0700-mail-by-recipient': mailByRecipient,
  '2026-11-27T0800-plan-versions': planVersions,
  '2026-11-27T0900-delivery-charge-moments': deliveryChargeMoments,
  '2026-11-27T1000-pricing-matrix-history': pricingMatrixHistory,
  '2026-11-27T1340-esiid-imports': esiidImports,
  '2026-11-27T1400-campaign-limits': campaignLimits,
  '2026-11-27T1500-acceptance-option-history': acceptanceOptionHistory,
  '2026-11-27T1510-plan-bundle-names': planBundleNames,
  '2026-11-27T1600-brand-branding': brandBranding,
  '2026-11-27T1610-sandbox-gateway-hosted-forms': sandboxGatewayHostedForms,
  '2026-11-27T2040-service-account-rotation': serviceAccountRotation,
  '2026-11-28T0000-company-setup-versions': companySetupVersions,
  '2026-11-28T0010-affiliate-reps-prospect-history': affiliateRepsProspectHistory,
  '2026-11-28T0010-document-library': documentLibrary,
};

/** PostgreSQL: Kysely looks for its bookkeeping tables in every schema unless told which one is ours. */
async function migrationSchema(db: Kysely<unknown>): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(database: Kysely<Database>): Promise<string[]> {
  const db = database as Kysely<unknown>;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableSchema: await migrationSchema(db),
    // Work lands from several branches; a migration added before one already applied must still run (once).
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
