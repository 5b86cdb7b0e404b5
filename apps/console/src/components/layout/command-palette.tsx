import '@mantine/spotlight/styles.css';
import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { KbdHint } from '../ui/kbd-hint';
import classes from './app-layout.module.css';
import type { ConsolePage } from './navigation';

/**
 * Spotlight (Ctrl/⌘+K, "/"): go to any page the roles open. Loaded right after the shell, so it never weighs on the
 * first page; its store opens it even if it is asked for before it arrives.
 */
export default function CommandPalette({ pages }: { pages: readonly ConsolePage[] }) {
  const navigate = useNavigate();
  const actions: SpotlightActionData[] = pages.map((page) => {
    const Icon = page.icon;
    return {
      id: page.to,
      label: page.label,
      description: page.description,
      group: 'Go to',
      leftSection: <Icon size={20} stroke={1.6} />,
      rightSection: <KbdHint keys={page.shortcut} />,
      onClick: () => void navigate({ to: page.to }),
    };
  });
  return (
    <Spotlight
      actions={actions}
      shortcut={null}
      title="Go to a page"
      classNames={{ header: classes.hiddenHeader }}
      nothingFound="No page matches"
      highlightQuery
      limit={20}
      searchProps={{
        leftSection: <IconSearch size={18} stroke={1.6} />,
        placeholder: 'Go to…',
        'aria-label': 'Search pages',
      }}
    />
  );
}
