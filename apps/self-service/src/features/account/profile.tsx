import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/query-state';
import { messageOf } from '../../lib/errors';
import { LANGUAGE_IDS, LANGUAGES, languageOfId, useLanguageSwitch } from '../../lib/i18n';
import { AccountLayout } from './account-layout';
import { fieldProblems } from './form-problems';
import { LinkAccounts } from './link-accounts';
import { LoginForm } from './login-form';
import { type ProfileChanges, useProfileUpdate } from './profile-update';
import { type Profile, profileQuery } from './queries';
import './messages';

function Fact({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}

function Details({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="details-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="details-title">
          {t('profile.detailsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label={t('profile.name')} value={profile.customer_name} />
          <Fact label={t('profile.username')} value={profile.user_name ?? t('profile.none')} />
          <Fact
            label={t('profile.ssn')}
            value={profile.ssn ?? t('profile.none')}
            hint={profile.ssn ? t('profile.masked') : undefined}
          />
          <Fact
            label={t('profile.driversLicense')}
            value={
              profile.drivers_license_number
                ? [profile.drivers_license_number, profile.drivers_license_state_code]
                    .filter(Boolean)
                    .join(' ')
                : t('profile.none')
            }
            hint={profile.drivers_license_number ? t('profile.masked') : undefined}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** Phone, the other email, where notifications go, the language and marketing consent: no password needed. */
function ContactForm({ customerId, profile }: { customerId: number; profile: Profile }) {
  const { t } = useTranslation('account');
  const switchLanguage = useLanguageSwitch();
  const update = useProfileUpdate(customerId);
  const form = useForm({
    initialValues: {
      phone: profile.phone ?? '',
      alternativeEmail: profile.alternative_email ?? '',
      notificationToEmail: profile.send_to_main_email,
      notificationToAlternativeEmail: profile.send_to_secondary_email,
      marketing: profile.opted_marketing_coms,
    },
  });
  // The header's language switch saves the language too: the one on record shows until the customer picks another.
  const [chosenLanguage, setChosenLanguage] = useState<string | null>(null);
  const languageOnRecord = String(profile.id_prefered_language);
  const newLanguage = chosenLanguage !== null && chosenLanguage !== languageOnRecord ? chosenLanguage : null;
  const save = form.onSubmit((values) => {
    // Only what the customer changed is sent: the API changes only the fields it receives.
    const changes: ProfileChanges = {};
    if (form.isDirty('phone')) changes.phone = values.phone;
    if (form.isDirty('alternativeEmail')) changes.alternativeEmail = values.alternativeEmail.trim() || null;
    if (form.isDirty('notificationToEmail')) changes.notificationToEmail = values.notificationToEmail;
    if (form.isDirty('notificationToAlternativeEmail'))
      changes.notificationToAlternativeEmail = values.notificationToAlternativeEmail;
    if (newLanguage) changes.language = Number(newLanguage);
    if (form.isDirty('marketing')) changes.opted_marketing_coms = values.marketing;
    update.mutate(changes, {
      onSuccess: (saved) => {
        form.resetDirty();
        setChosenLanguage(null);
        const language = languageOfId(saved.id_prefered_language);
        if (changes.language !== undefined && language) switchLanguage(language);
      },
      onError: (error) =>
        form.setErrors(
          fieldProblems(error, {
            phone: 'phone',
            alternativeEmail: 'alternativeEmail',
            notificationToEmail: 'notificationToEmail',
            notificationToAlternativeEmail: 'notificationToAlternativeEmail',
            language: 'language',
          }),
        ),
    });
  });
  const unexplained = update.isError && Object.keys(form.errors).length === 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="contact-title">
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="contact-title">
            {t('profile.contactTitle')}
          </Title>
          <TextInput
            label={t('profile.phone')}
            type="tel"
            autoComplete="tel-national"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('profile.alternativeEmail')}
            description={t('profile.alternativeEmailHint')}
            type="email"
            autoComplete="email"
            {...form.getInputProps('alternativeEmail')}
          />
          <Fieldset
            legend={t('profile.notifyTo')}
            variant="unstyled"
            styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', padding: 0 } }}
          >
            <Stack gap="xs" mt={4}>
              <Checkbox
                label={
                  profile.email
                    ? t('profile.notifyMain', { email: profile.email })
                    : t('profile.notifyMainNone')
                }
                {...form.getInputProps('notificationToEmail', { type: 'checkbox' })}
              />
              <Checkbox
                label={t('profile.notifyAlternative')}
                {...form.getInputProps('notificationToAlternativeEmail', { type: 'checkbox' })}
              />
            </Stack>
          </Fieldset>
          <Select
            label={t('profile.language')}
            allowDeselect={false}
            data={LANGUAGES.map((language) => ({
              value: String(LANGUAGE_IDS[language]),
              label: t(`common:language.${language}`),
            }))}
            value={chosenLanguage ?? languageOnRecord}
            onChange={setChosenLanguage}
            error={form.errors.language}
          />
          <Checkbox
            label={t('profile.marketing')}
            {...form.getInputProps('marketing', { type: 'checkbox' })}
          />
          {unexplained && (
            <Alert color="red" role="alert">
              {messageOf(update.error)}
            </Alert>
          )}
          {update.isSuccess && !form.isDirty() && !newLanguage && (
            <Alert color="green" role="status">
              {t('profile.saved')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The customer's profile: their details (SSN and licence masked), contact and preferences, login, linked logins. */
export default function ProfilePage({ customerId }: { customerId: number }) {
  const { t } = useTranslation('account');
  const profile = useQuery(profileQuery(customerId));
  return (
    <AccountLayout title={t('profile.title')}>
      <QueryState query={profile}>
        {(shown) => (
          <Stack gap="lg" maw={760}>
            <Details profile={shown} />
            <ContactForm customerId={customerId} profile={shown} />
            <LoginForm customerId={customerId} profile={shown} />
            <LinkAccounts customerId={customerId} />
          </Stack>
        )}
      </QueryState>
    </AccountLayout>
  );
}
