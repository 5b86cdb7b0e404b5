import { Skeleton, Tabs } from '@mantine/core';
import { ErrorState } from '../../../components/ui/states';
import { useCompanySettings } from '../api/company-setup';
import type { SetupTab } from '../search';
import { BrandsPanel } from './brands-panel';
import { ReferenceListsPanel } from './reference-lists';
import { SettingsForm } from './settings-form';

const SETTINGS_TABS = {
  configuration: 'Configuration parameters',
  payments: 'Payments and credit',
  support: 'Support and meters',
} as const;

function SettingsTab({ group }: { group: keyof typeof SETTINGS_TABS }) {
  const settings = useCompanySettings();
  if (settings.isError)
    return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} what="the settings" />;
  if (!settings.data) return <Skeleton height={320} />;
  // A new version (saved here or by someone else) starts the form again from what is saved.
  return (
    <SettingsForm
      key={settings.data.version}
      settings={settings.data}
      group={group}
      title={SETTINGS_TABS[group]}
    />
  );
}

/** The company's set-up, one tab per area; the open tab is in the URL. */
export function SetupView({ tab, onTab }: { tab: SetupTab; onTab: (tab: SetupTab) => void }) {
  return (
    <Tabs value={tab} onChange={(value) => value && onTab(value as SetupTab)} keepMounted={false}>
      <Tabs.List mb="md">
        {Object.entries(SETTINGS_TABS).map(([value, label]) => (
          <Tabs.Tab key={value} value={value}>
            {label}
          </Tabs.Tab>
        ))}
        <Tabs.Tab value="brands">Brands</Tabs.Tab>
        <Tabs.Tab value="lists">Reference lists</Tabs.Tab>
      </Tabs.List>
      {(Object.keys(SETTINGS_TABS) as (keyof typeof SETTINGS_TABS)[]).map((group) => (
        <Tabs.Panel key={group} value={group}>
          <SettingsTab group={group} />
        </Tabs.Panel>
      ))}
      <Tabs.Panel value="brands">
        <BrandsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="lists">
        <ReferenceListsPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
