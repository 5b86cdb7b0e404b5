import { Button, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import './messages';

const SECTIONS = [
  { path: '/account', label: 'nav.overview' },
  { path: '/account/profile', label: 'nav.profile' },
  { path: '/account/payment-methods', label: 'nav.paymentMethods' },
  { path: '/account/notifications', label: 'nav.notifications' },
] as const;

/** The section of My account a page belongs to: its own link, or Overview for the pages under it (an enrollment). */
function currentSection(pathname: string): string {
  const own = SECTIONS.find((section) => section.path !== '/account' && pathname.startsWith(section.path));
  return own?.path ?? '/account';
}

/**
 * Every page of My account: the account's navigation, then the page's title (its one h1) and content. Links are
 * absolute (`~/account/…`), so the layout works on any page under /account.
 */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('account');
  const [pathname] = useBrowserLocation();
  const current = currentSection(pathname);
  return (
    <Stack gap="lg">
      <Group component="nav" aria-label={t('nav.label')} gap={4}>
        {SECTIONS.map((section) => {
          const active = section.path === current;
          return (
            <Button
              key={section.path}
              component={Link}
              href={`~${section.path}`}
              variant={active ? 'light' : 'subtle'}
              size="compact-md"
              aria-current={active ? 'page' : undefined}
            >
              {t(section.label)}
            </Button>
          );
        })}
      </Group>
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}
