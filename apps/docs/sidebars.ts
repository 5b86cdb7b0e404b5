import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

type Item =
  | string
  | { type: 'category'; label: string; collapsible: boolean; collapsed: boolean; items: Item[] };

/** A sidebar category that lists the given docs, folded open. */
function section(label: string, items: Item[]): Item {
  return { type: 'category', label, collapsible: true, collapsed: false, items };
}

/**
 * The one shared sidebar of the documentation, in the order of the specification (section 2.2).
 * Draft pages (docs/admin-help) are not listed: they are not routed in production builds.
 */
const sidebars = {
  docs: [
    'intro',
    'getting-started',
    section('API Integrations', [
      'api-integrations/accessing-customer-documentation',
      'api-integrations/voltin-api',
      'api-integrations/self-service-site',
    ]),
    section('Autoresponders', [
      'autoresponders/autoresponder-packages',
      'autoresponders/autoresponder-triggers',
      section('How to', ['autoresponders/how-to/create-a-package']),
    ]),
    section('Customer Support', [
      'customer-support/customer-support-overview',
      'customer-support/search-for-an-ldc',
    ]),
    section('Documents', ['documents/document-management', 'documents/document-quick-use-guide']),
    section('Drops', ['drops/drops-from-a-to-z', 'drops/etf-invoice-queue']),
    section('Enrollments', [
      'enrollments/enrollment-statuses',
      'enrollments/enrollments-in-voltin',
      'enrollments/updated-ldc-list',
    ]),
    section('Fulfillment', ['fulfillment/fulfillment-management']),
    section('Importers', ['importers/legacy-importer']),
    section('Markets and Utilities', [
      'markets-and-utilities/utility-manager-fields',
      'markets-and-utilities/utilities-in-the-console',
    ]),
    section('My Account', [
      'my-account/myaccount-overview',
      'my-account/plan-shopping-and-enrollment',
      'my-account/signing-in-and-my-account',
    ]),
    // Ours, beyond the specification's sections: the staff's Operations console, where a staff member looks for it.
    section('Operations Console', [
      'operations-console/operations-console',
      'operations-console/work-queues',
      'operations-console/customers-and-enrollments',
      'operations-console/staff-and-audit-log',
    ]),
    section('Payments', ['payments/credit-check']),
    section('Plans and Rates', [
      'plans-and-rates/campaigns',
      'plans-and-rates/efl-average-prices',
      'plans-and-rates/global-price-changes',
      'plans-and-rates/plan-versions-and-price-changes',
      'plans-and-rates/price-plan-name-generation',
      'plans-and-rates/time-of-use-plans-and-configuration',
      'plans-and-rates/web-plan-creation-guide',
    ]),
    section('Prospect System', [
      'prospect-system/affiliate-setup-and-management',
      'prospect-system/docs-and-autoresponders',
      'prospect-system/manual-pricing-matrix-import-process',
      'prospect-system/pricing-matrix-screen',
      'prospect-system/pricing-portal-and-prospects',
    ]),
    section('Reference Guides', [
      'reference-guides/prospect-role-permissions',
      'reference-guides/replacement-variables',
    ]),
    section('Setup and Configs', [
      'setup-and-configs/company-set-up',
      'setup-and-configs/service-tasks',
      'setup-and-configs/going-to-production',
      'setup-and-configs/operating-voltin',
      'setup-and-configs/integration-guide',
      'setup-and-configs/zipcode-list',
    ]),
  ],
} satisfies SidebarsConfig;

export default sidebars;
