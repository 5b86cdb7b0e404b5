import { Anchor, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { ErrorState } from '../../../components/ui/states';
import { formatMoney } from '../../../lib/format';
import { disclosureUrl, type EflTier, useEflDerivation } from '../api/get-efl';
import { centsOf } from '../model';

interface EflDerivationModalProps {
  planId: number;
  planName: string;
  version: number | null;
  onClose: () => void;
}

const kwhText = (kwh: number) => kwh.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** A line's label: the period of a time-of-use energy line, the plan's own charges, or the utility's charge. */
function lineLabel(line: EflTier['lines'][number], utility: string, timeOfUse: boolean) {
  if (line.kind === 'energy')
    return line.name
      ? `Energy: ${line.name}`
      : timeOfUse
        ? 'Energy: hours outside the periods'
        : 'Energy charge';
  if (line.kind === 'base') return 'Base charge';
  return `${utility}: ${line.name ?? 'delivery'}`;
}

/** How a line's dollars come about: "1,000 kWh × 9.4¢", or a monthly amount. */
const lineWork = (line: EflTier['lines'][number]) =>
  line.kwh === null || line.centsPerKwh === null
    ? 'a month'
    : `${kwhText(line.kwh)} kWh × ${centsOf(line.centsPerKwh)}`;

/**
 * The label's three averages of one version, line by line, as a reviewer checks them: each charge at 500, 1,000 and
 * 2,000 kWh, the bill, and the bill divided by the usage, rounded as the label shows it.
 */
export function EflDerivationModal({ planId, planName, version, onClose }: EflDerivationModalProps) {
  const efl = useEflDerivation(planId, version ?? 0, version !== null);
  const data = efl.data;
  const tiers = data?.tiers ?? [];
  const timeOfUse = (data?.usageShares.length ?? 0) > 1;
  return (
    <Modal
      opened={version !== null}
      onClose={onClose}
      title={`EFL of version ${version} of ${planName}`}
      size="xl"
    >
      {efl.isPending && version !== null ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading the label" />
        </Group>
      ) : efl.error ? (
        <ErrorState error={efl.error} onRetry={() => void efl.refetch()} what="the label" />
      ) : data && data.tiers === null ? (
        <Text size="sm">A gas plan has no Electricity Facts Label.</Text>
      ) : data ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The bill of a month at each usage, with {data.utility}’s delivery charges of today, divided by the
            usage and rounded to {data.decimalPlaces} {data.decimalPlaces === 1 ? 'decimal' : 'decimals'} of a
            cent. Taxes and one-time fees are not included.
          </Text>
          {timeOfUse && (
            <Text size="sm">
              Share of the usage in each period:{' '}
              {data.usageShares
                .map(
                  (part) =>
                    `${part.window ?? 'outside the periods'} ${(part.share * 100).toFixed(2)}% at ${centsOf(part.rate)}`,
                )
                .join(' · ')}
            </Text>
          )}
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Charge</Table.Th>
                  {tiers.map((tier) => (
                    <Table.Th key={tier.kwh} ta="right">
                      {kwhText(tier.kwh)} kWh
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(tiers[0]?.lines ?? []).map((line, index) => (
                  <Table.Tr key={`${line.kind}-${line.name ?? index}`}>
                    <Table.Td>{lineLabel(line, data.utility, timeOfUse)}</Table.Td>
                    {tiers.map((tier) => {
                      const cell = tier.lines[index]!;
                      return (
                        <Table.Td key={tier.kwh} ta="right">
                          <Text size="sm" ff="monospace">
                            {formatMoney(cell.dollars)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {lineWork(cell)}
                          </Text>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
                <Table.Tr fw={600}>
                  <Table.Td>Bill</Table.Td>
                  {tiers.map((tier) => (
                    <Table.Td key={tier.kwh} ta="right" ff="monospace">
                      ${tier.totalDollars.toFixed(4)}
                    </Table.Td>
                  ))}
                </Table.Tr>
                <Table.Tr fw={600}>
                  <Table.Td>Average price (bill ÷ kWh)</Table.Td>
                  {tiers.map((tier) => (
                    <Table.Td key={tier.kwh} ta="right">
                      <Text size="sm" ff="monospace" fw={700}>
                        {centsOf(tier.shownCents)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {tier.averageCents.toFixed(4)}¢ rounded
                      </Text>
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group gap="md">
            {(['en', 'es'] as const).map((language) => (
              <Anchor
                key={language}
                href={disclosureUrl(planId, data.version, language)}
                target="_blank"
                rel="noreferrer"
                size="sm"
                underline="always"
              >
                <Group gap={4} component="span">
                  <IconFileTypePdf size={16} aria-hidden />
                  {language === 'en' ? 'Label PDF (English)' : 'Label PDF (Spanish)'}
                </Group>
              </Anchor>
            ))}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
