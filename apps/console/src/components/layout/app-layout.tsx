import {
  ActionIcon,
  Box,
  Burger,
  Drawer,
  Group,
  NavLink,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { IconBolt, IconKeyboard, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { sessionEnded, useSession } from '../../lib/auth';
import { KbdHint } from '../ui/kbd-hint';
import classes from './app-layout.module.css';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { PAGES, pagesFor } from './navigation';
import { overlayOpen } from './shortcuts';
import { UserMenu } from './user-menu';

// Spotlight and the shortcuts' help are not needed to show the first page: they load right after it.
const CommandPalette = lazy(() => import('./command-palette'));
const ShortcutsModal = lazy(() => import('./shortcuts-modal'));

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
    // The second key of each page's `g` sequence (navigation.ts), so that a page's shortcut is declared once.
    ...PAGES.map((page): [string, () => void] => [page.shortcut.split(' ')[1]!, () => go(page.to)]),
    ['mod+K', () => spotlight.toggle()],
    [
      '/',
      () => {
        if (!overlayOpen()) spotlight.open();
      },
    ],
    [
      'shift+?',
      () => {
        if (!overlayOpen()) shortcuts.open();
      },
    ],
  ]);

  if (!session) return null;

  const navigation = (
    <>
      <div className={classes.navGrow}>
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
      </div>
      <Text size="xs" c="dimmed" px="sm" pt="sm" component="div" visibleFrom="md">
        <Group gap={6} component="span">
          Press <KbdHint keys="?" /> for shortcuts
        </Group>
      </Text>
    </>
  );

  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <header className={classes.header}>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={navOpened}
            />
            <UnstyledButton
              component={Link}
              to="/"
              className={classes.brand}
              aria-label="Voltin Operations: home"
            >
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
      </header>

      <nav className={classes.navbar} aria-label="Console pages">
        {navigation}
      </nav>
      <Drawer
        opened={navOpened}
        onClose={nav.close}
        size={264}
        padding="sm"
        title="Voltin Operations"
        hiddenFrom="md"
        classNames={{ title: classes.drawerTitle }}
      >
        <nav aria-label="Console pages">{navigation}</nav>
      </Drawer>

      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>

      <Suspense fallback={null}>
        <CommandPalette pages={pages} />
        {shortcutsOpened && <ShortcutsModal opened={shortcutsOpened} onClose={shortcuts.close} />}
      </Suspense>
    </div>
  );
}
