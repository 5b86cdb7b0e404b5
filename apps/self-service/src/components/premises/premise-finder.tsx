import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type DataOf, dataOf } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import './messages';

export type Premise = DataOf<'/api/v1/miscellaneous/esiid-by-address', 'get'>[number];

/**
 * Texas: finds the premises (ESIIDs) at the typed address, so the customer picks theirs instead of copying 17 digits.
 * The enrollment wizard and a move in My account both use it.
 */
export function PremiseFinder({
  address,
  customerTypeCode,
  label,
  onChoose,
}: {
  address: Record<string, string>;
  customerTypeCode: string;
  label: string;
  /** The ESIID chosen, with the premise's own address. */
  onChoose: (esiid: string, premise: Premise) => void;
}) {
  const { t } = useTranslation('premises');
  const search = useMutation({
    mutationFn: async () =>
      dataOf(
        await api.GET('/api/v1/miscellaneous/esiid-by-address', {
          params: {
            query: {
              customerType: customerTypeCode as 'Residential',
              address: [address.address, address.address2].filter(Boolean).join(' '),
              zipCode: address.zipcode ?? '',
            },
          },
        }),
      ),
  });
  const ready = Boolean(address.address?.trim() && /^\d{5}$/.test(address.zipcode ?? ''));
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="light" onClick={() => search.mutate()} disabled={!ready} loading={search.isPending}>
          {t('findEsiid', { label })}
        </Button>
        {!ready && (
          <Text size="xs" c="dimmed">
            {t('findEsiidHint')}
          </Text>
        )}
      </Group>
      {search.isError && (
        <Alert color="red" role="alert">
          {messageOf(search.error)}
        </Alert>
      )}
      {search.data && search.data.length === 0 && <Alert color="yellow">{t('noPremises', { label })}</Alert>}
      {search.data && search.data.length > 0 && (
        <Radio.Group
          label={t('premisesFound')}
          onChange={(esiid) => {
            const premise = search.data?.find((found) => found.esiid === esiid);
            if (premise) onChoose(esiid, premise);
          }}
        >
          <Stack gap="xs" mt="xs">
            {search.data.map((premise) => (
              <Radio
                key={premise.esiid}
                value={premise.esiid}
                disabled={!premise.fits_customer_type}
                label={`${premise.address.address_1}${premise.address.address_2 ? `, ${premise.address.address_2}` : ''}, ${premise.address.city} — ${premise.esiid}${premise.fits_customer_type ? '' : ` (${t('premiseDoesNotFit')})`}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
