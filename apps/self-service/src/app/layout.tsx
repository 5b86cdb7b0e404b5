import { Anchor, Box, Button, Container, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSaveLanguage } from '../features/account/profile-update';
import { brandQuery } from '../lib/brand';
import { LANGUAGES, type Language, useLanguageSwitch } from '../lib/i18n';
import { useSession, useSignOut } from '../lib/session';
import classes from './layout.module.css';

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const switchTo = useLanguageSwitch();
  const saveLanguage = useSaveLanguage();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      size="xs"
      value={i18n.language}
      onChange={(event) => {
        const language = event.currentTarget.value as Language;
        switchTo(language);
        saveLanguage(language);
      }}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}

function AccountLink() {
  const { t } = useTranslation();
  const session = useSession().data;
  const signOut = useSignOut();
  const [, navigate] = useLocation();
  if (!session?.customerId)
    return (
      <Anchor component={Link} href="/sign-in" fw={600}>
        {t('nav.signIn')}
      </Anchor>
    );
  return (
    <Group gap="sm" wrap="nowrap">
      <Anchor component={Link} href="/account" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {t('nav.account')}
      </Anchor>
      <Button
        variant="subtle"
        size="compact-sm"
        loading={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/') })}
      >
        {t('nav.signOut')}
      </Button>
    </Group>
  );
}

function Header() {
  const { t } = useTranslation();
  const brand = useQuery(brandQuery).data;
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Anchor component={Link} href="/" className={classes.brand} underline="never">
          {brand?.logo_url ? (
            <img src={brand.logo_url} alt={brand.name} className={classes.logo} />
          ) : (
            <Text fw={700} size="lg" c="brand.8">
              {brand?.name}
            </Text>
          )}
        </Anchor>
        <Group component="nav" gap="sm" aria-label={t('nav.menu')} wrap="wrap" className={classes.nav}>
          <Anchor component={Link} href="/plans" fw={600} visibleFrom="xs">
            {t('nav.plans')}
          </Anchor>
          <AccountLink />
          <LanguageSwitch />
        </Group>
      </Container>
    </Box>
  );
}

function Footer() {
  const { t } = useTranslation();
  const brand = useQuery(brandQuery).data;
  if (!brand) return null;
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg">
        <Stack gap={4}>
          <Text fw={600}>{t('footer.support')}</Text>
          <Text size="sm">
            <Anchor href={`tel:${brand.phone}`}>{brand.phone}</Anchor> ·{' '}
            <Anchor href={`mailto:${brand.email}`}>{brand.email}</Anchor>
          </Text>
          <Text size="sm">
            {t('footer.hours')}: {brand.office_hours}
          </Text>
          <Group gap="md" mt="xs">
            {brand.terms_url && (
              <Anchor href={brand.terms_url} size="sm">
                {t('footer.terms')}
              </Anchor>
            )}
            {brand.privacy_url && (
              <Anchor href={brand.privacy_url} size="sm">
                {t('footer.privacy')}
              </Anchor>
            )}
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            {brand.legal_name} · {t('footer.license')}: {brand.license_number}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skip}>
        {t('skipToContent')}
      </a>
      <Header />
      <Container size="lg" component="main" id="main" className={classes.main} tabIndex={-1}>
        {children}
      </Container>
      <Footer />
    </div>
  );
}
