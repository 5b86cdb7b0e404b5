import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Group,
  NavLink,
  ScrollArea,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { Spotlight, type SpotlightActionData, spotlight } from '@mantine/spotlight';
import { IconBolt, IconKeyboard, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { sessionEnded, useSession } from '../../lib/auth';
import { KbdHint } from '../ui/kbd-hint';
import classes from './app-layout.module.css';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { pagesFor } from './navigation';
import { overlayOpen, ShortcutsModal } from './shortcuts';
import { UserMenu } from './user-menu';

/** How long after `g` the second key of a `g q` shortcut counts. */
const LEADER_MS = 1200;

/** The signed-in frame: header, the pages the roles allow, Spotlight, global shortcuts; the page in the middle. */
export function AppLayout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: session, isFetched } = useSession();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [navOpened, nav] = useDisclosure(false);
  const [shortcutsOpened, shortcuts] = useDisclosure(false);
  const pages = useMemo(() => pagesFor(session), [session]);
  const leader = useRef(0);

  // The session found over when the tab came back (idle timeout, signed out elsewhere): sign in again.
  useEffect(() => {
    if (isFetched && session === null) sessionEnded(queryClient);
  }, [isFetched, session, queryClient]);

  // Close the phone/tablet menu after moving to another page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => nav.close(), [pathname]);

  const go = (to: string) => {
    if (Date.now() - leader.current > LEADER_MS || overlayOpen()) return;
    leader.current = 0;
    const page = pages.find((p) => p.to === to);
    if (page) void navigate({ to: page.to });
  };

  useHotkeys([
    [
      'g',
      () => {
        if (!overlayOpen()) leader.current = Date.now();
      },
    ],
    ['q', () => go('/queues')],
    ['a', () => go('/audit-log')],
    ['s', () => go('/staff')],
    [
      'shift+?',
      () => {
        if (!overlayOpen()) shortcuts.open();
      },
    ],
  ]);

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

  if (!session) return null;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 236, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={navOpened}
              aria-controls="console-navigation"
            />
            <UnstyledButton component={Link} to="/" className={classes.brand} aria-label="Voltin Operations: home">
              <span className={classes.logo} aria-hidden>
                <IconBolt size={16} stroke={2.2} />
              </span>
              <Text fw={650} size="sm" visibleFrom="xs">
                Voltin <span className={classes.brandMuted}>Operations</span>
              </Text>
            </UnstyledButton>
          </Group>

          <Group gap="xs" wrap="nowrap">
            <UnstyledButton
              className={classes.search}
              onClick={spotlight.open}
              aria-label="Search and go to (Ctrl+K)"
              visibleFrom="sm"
            >
              <IconSearch size={15} stroke={1.8} aria-hidden />
              <Text size="sm" c="dimmed" className={classes.searchText}>
                Search…
              </Text>
              <KbdHint keys="mod+K" />
            </UnstyledButton>
            <Tooltip label="Search">
              <ActionIcon
                variant="default"
                size="lg"
                onClick={spotlight.open}
                aria-label="Search and go to"
                hiddenFrom="sm"
              >
                <IconSearch size={18} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Keyboard shortcuts (?)">
              <ActionIcon
                variant="default"
                size="lg"
                onClick={shortcuts.open}
                aria-label="Keyboard shortcuts"
                visibleFrom="xs"
              >
                <IconKeyboard size={18} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
            <ColorSchemeToggle />
            <UserMenu user={session.user} onShowShortcuts={shortcuts.open} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" id="console-navigation" aria-label="Console pages" component="nav">
        <AppShell.Section grow component={ScrollArea}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pb={6} style={{ letterSpacing: 0.5 }}>
            Work
          </Text>
          {pages.map((page) => {
            const Icon = page.icon;
            const active = pathname === page.to || pathname.startsWith(`${page.to}/`);
            return (
              <NavLink
                key={page.to}
                component={Link}
                to={page.to}
                label={page.label}
                active={active}
                aria-current={active ? 'page' : undefined}
                leftSection={<Icon size={18} stroke={1.6} />}
                rightSection={<Box visibleFrom="md">{!active && <KbdHint keys={page.shortcut} />}</Box>}
                className={classes.navLink}
              />
            );
          })}
          {pages.length === 0 && (
            <Text size="sm" c="dimmed" px="sm">
              Your roles give you no pages yet.
            </Text>
          )}
        </AppShell.Section>
        <AppShell.Section>
          <Text size="xs" c="dimmed" px="sm" pt="sm">
            Press <KbdHint keys="?" /> for shortcuts
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </AppShell.Main>

      <Spotlight
        actions={actions}
        shortcut={['mod + K', '/']}
        nothingFound="No page matches"
        highlightQuery
        limit={20}
        searchProps={{
          leftSection: <IconSearch size={18} stroke={1.6} />,
          placeholder: 'Go to…',
          'aria-label': 'Search pages',
        }}
      />
      <ShortcutsModal opened={shortcutsOpened} onClose={shortcuts.close} />
    </AppShell>
  );
}
