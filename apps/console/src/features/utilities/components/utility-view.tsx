import { Anchor, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBolt, IconReceipt2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState } from '../../../components/ui/states';
import { useCan } from '../../../lib/auth';
import { formatCount } from '../../../lib/format';
import { type UtilityDetail, useUtility } from '../api/utilities';
import { EsiidImports } from './esiid-imports';
import { SettingsForm } from './settings-form';
import { EnrollmentsBadge } from './utilities-view';
import { ZipcodesEditor } from './zipcodes-editor';

function CountsCard({ utility }: { utility: UtilityDetail }) {
  const counts = [
    ['Zip codes', utility.counts.zipcodes],
    ['Plans', utility.counts.plans],
    ...(utility.counts.esiids === null ? [] : [['ESIIDs loaded', utility.counts.esiids] as const]),
  ] as const;
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <div>
          <Text size="xs" c="dimmed">
            Enrollments
          </Text>
          <EnrollmentsBadge utility={utility} />
        </div>
        {counts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600} ff="monospace">
              {formatCount(value)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** One utility: its counts, market settings, zip codes served and, for a Texas TDSP, the ESIID directory's upload. */
export function UtilityView({ id }: { id: number }) {
  const utility = useUtility(id);
  const canChange = useCan('plans.write');
  if (utility.error)
    return <ErrorState error={utility.error} onRetry={() => void utility.refetch()} what="the utility" />;
  const data = utility.data;
  if (!data) return null;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor renderRoot={(props) => <Link {...props} to="/utilities" />} size="sm">
          Utilities
        </Anchor>
        <Text size="sm">{data.name}</Text>
      </Breadcrumbs>
      <PageHeader
        title={data.name}
        description={`${data.formalName} · ${data.code} · ${data.commodity} · ${data.marketName} (${data.stateCode})`}
        actions={
          <Group gap="xs">
            <Button
              renderRoot={(props) => <Link {...props} to="/plans" search={{ utility: data.id }} />}
              leftSection={<IconReceipt2 size={16} />}
              variant="default"
            >
              Plans
            </Button>
            <Button
              renderRoot={(props) => (
                <Link {...props} to="/plans/delivery-charges" search={{ utility: data.id }} />
              )}
              leftSection={<IconBolt size={16} />}
              variant="default"
            >
              Delivery charges
            </Button>
          </Group>
        }
      />
      <CountsCard utility={data} />
      {/* Keyed by the utility only: a list read again in the background must not wipe what is being typed. */}
      <SettingsForm key={data.id} utility={data} canChange={canChange} />
      <ZipcodesEditor key={data.id} utility={data} canChange={canChange} />
      {data.hasEsiidDirectory && <EsiidImports canUpload={canChange} />}
    </Stack>
  );
}
