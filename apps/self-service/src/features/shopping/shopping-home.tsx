import { Button, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { brandQuery } from '../../lib/brand';
import { customerTypesQuery } from './queries';
import './messages';

const ZIP = /^\d{5}$/;

/** The site's front page: the zip code of the service address, who the service is for, and a promo code. */
export default function ShoppingHome() {
  const { t } = useTranslation('shopping');
  const brand = useQuery(brandQuery).data;
  const customerTypes = useQuery(customerTypesQuery).data ?? [];
  const [, navigate] = useLocation();
  const form = useForm({
    initialValues: { zip: '', customerType: '1', promo: '' },
    validate: { zip: (value) => (ZIP.test(value.trim()) ? null : t('home.zipInvalid')) },
  });
  const search = form.onSubmit(({ zip, customerType, promo }) => {
    const query = new URLSearchParams({ zip: zip.trim(), type: customerType });
    if (promo.trim()) query.set('promo', promo.trim());
    navigate(`/plans?${query}`);
  });
  return (
    <Stack maw={520} mx="auto" gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('home.title')}</Title>
        {brand && <Text c="dimmed">{brand.wizard_welcome_text}</Text>}
      </Stack>
      <Paper withBorder p="lg" component="form" onSubmit={search} noValidate>
        <Stack>
          <TextInput
            label={t('home.zip')}
            description={t('home.zipHint')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            required
            {...form.getInputProps('zip')}
          />
          <NativeSelect
            label={t('home.customerType')}
            data={customerTypes.map((type) => ({
              value: String(type.id_customer_type),
              label: t(`common:customerTypes.${type.code}`, { defaultValue: type.name }),
            }))}
            {...form.getInputProps('customerType')}
          />
          <TextInput label={t('home.promo')} autoCapitalize="characters" {...form.getInputProps('promo')} />
          <Button type="submit" size="md">
            {t('home.search')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
