import '@mantine/spotlight/styles.css';
import { Loader } from '@mantine/core';
import {
  isActionsGroup,
  Spotlight,
  type SpotlightActionData,
  type SpotlightFilterFunction,
} from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCustomerSpotlight } from '../../features/customers/components/customer-spotlight';
import { useCan } from '../../lib/auth';
import { KbdHint } from '../ui/kbd-hint';
import classes from './app-layout.module.css';
import type { ConsolePage } from './navigation';

const PAGES_GROUP = 'Go to';

/** The pages are filtered by what was typed (label first, then description); other groups come matched by the server. */
const filter: SpotlightFilterFunction = (query, items) => {
  const q = query.trim().toLowerCase();
  return items.flatMap((item) => {
    if (!isActionsGroup(item) || item.group !== PAGES_GROUP) return [item];
    const byLabel = item.actions.filter((action) => action.label?.toLowerCase().includes(q));
    const byDescription = item.actions.filter(
      (action) => !byLabel.includes(action) && action.description?.toLowerCase().includes(q),
    );
    const actions = [...byLabel, ...byDescription];
    return actions.length > 0 ? [{ ...item, actions }] : [];
  });
};

/**
 * Spotlight (Ctrl/⌘+K, "/"): go to any page the roles open, or find a customer (searched on the server as one
 * types). Loaded right after the shell, so it never weighs on the first page; its store opens it even if it is asked
 * for before it arrives.
 */
export default function CommandPalette({ pages }: { pages: readonly ConsolePage[] }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const canFindCustomers = useCan('work.read');
  const customers = useCustomerSpotlight(query, canFindCustomers);
  const actions: SpotlightActionData[] = pages.map((page) => {
    const Icon = page.icon;
    return {
      id: page.to,
      label: page.label,
      description: page.description,
      leftSection: <Icon size={20} stroke={1.6} />,
      rightSection: <KbdHint keys={page.shortcut} />,
      onClick: () => void navigate({ to: page.to }),
    };
  });
  return (
    <Spotlight
      actions={[{ group: PAGES_GROUP, actions }, ...customers.groups]}
      query={query}
      onQueryChange={setQuery}
      filter={filter}
      shortcut={null}
      title={canFindCustomers ? 'Go to a page or find a customer' : 'Go to a page'}
      classNames={{ header: classes.hiddenHeader, action: classes.spotlightAction }}
      nothingFound={
        customers.nothingFound ? `No page or customer matches “${query.trim()}”` : 'No page matches'
      }
      highlightQuery
      limit={40}
      scrollable
      maxHeight="calc(min(560px, 100dvh - 200px))"
      searchProps={{
        leftSection: <IconSearch size={18} stroke={1.6} />,
        rightSection: customers.searching ? <Loader size={16} aria-label="Searching customers" /> : null,
        placeholder: canFindCustomers
          ? 'Go to a page, or find a customer by name, email, phone, meter…'
          : 'Go to…',
        'aria-label': canFindCustomers ? 'Search pages and customers' : 'Search pages',
      }}
    />
  );
}
