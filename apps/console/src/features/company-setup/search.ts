/** The company set-up screen's tabs, in order; the open one is in the URL (`?tab=brands`). */
export const SETUP_TABS = ['configuration', 'payments', 'support', 'brands', 'lists'] as const;
export type SetupTab = (typeof SETUP_TABS)[number];

export interface CompanySetupSearch {
  tab?: SetupTab;
}

export function validateCompanySetupSearch(raw: Record<string, unknown>): CompanySetupSearch {
  const tab = SETUP_TABS.find((t) => t === raw.tab);
  return tab && tab !== 'configuration' ? { tab } : {};
}
