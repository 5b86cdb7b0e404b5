import { Anchor, Badge, Breadcrumbs, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, FailureAlert } from '../../../components/ui/states';
import { useCan } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import classes from '../../plans/components/plans.module.css';
import {
  type AutoresponderCatalogue,
  type AutoresponderTemplate,
  useAutoresponderCatalogue,
  useAutoresponderPackage,
  useChangePackage,
} from '../api/autoresponders';
import { ActiveBadge } from './packages-view';

type Trigger = AutoresponderCatalogue['triggers'][number];

export function ChannelBadges({ trigger }: { trigger: Trigger | undefined }) {
  return (
    <Group gap={4}>
      {trigger?.channels.map((channel) => (
        <Badge key={channel} variant="outline" radius="sm" tt="none" size="sm">
          {channel === 'mail' ? 'Email' : 'In-app notification'}
        </Badge>
      ))}
    </Group>
  );
}

function templateColumns(
  packageId: number,
  triggers: Map<string, Trigger>,
): DataTableColumn<AutoresponderTemplate>[] {
  return [
    {
      accessor: 'trigger',
      title: 'Trigger',
      render: (template) => (
        <div>
          <Anchor
            renderRoot={(props) => (
              <Link
                {...props}
                to="/autoresponders/$id/templates/$templateId"
                params={{ id: packageId, templateId: template.id_template }}
              />
            )}
            size="sm"
            fw={500}
            ff="monospace"
            className={classes.rowLink}
            onClick={(event) => event.stopPropagation()}
          >
            {template.trigger}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {triggers.get(template.trigger)?.fires}
          </Text>
        </div>
      ),
    },
    { accessor: 'subject', title: 'Subject' },
    {
      accessor: 'channels',
      title: 'Sent by',
      width: 190,
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (template) => <ChannelBadges trigger={triggers.get(template.trigger)} />,
    },
    {
      accessor: 'updated_at',
      title: 'Changed',
      width: 170,
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (template) => formatDateTime(template.updated_at),
    },
    {
      accessor: 'active',
      title: 'State',
      width: 90,
      render: (template) => <ActiveBadge active={template.active} />,
    },
  ];
}

/** One package: the event each template answers, who gets it and how, and the package turned on or off. */
export function PackageView({ id }: { id: number }) {
  const pack = useAutoresponderPackage(id);
  const catalogue = useAutoresponderCatalogue();
  const change = useChangePackage();
  const canChange = useCan('marketing.write');
  const navigate = useNavigate();
  if (pack.error)
    return <ErrorState error={pack.error} onRetry={() => void pack.refetch()} what="the package" />;
  const data = pack.data;
  if (!data) return null;
  const triggers = new Map((catalogue.data?.triggers ?? []).map((t) => [t.key, t]));
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor renderRoot={(props) => <Link {...props} to="/autoresponders" />} size="sm">
          Autoresponders
        </Anchor>
        <Text size="sm">{data.name}</Text>
      </Breadcrumbs>
      <PageHeader
        title={data.name}
        description={`${data.brand} · ${data.customer_type} · written in ${data.language}: customers who prefer this language get these messages (others get the default language's package).`}
        actions={
          <Switch
            label="Package active"
            checked={data.active}
            disabled={!canChange || change.isPending}
            onChange={(event) => change.mutate({ packageId: id, active: event.currentTarget.checked })}
          />
        }
      />
      {change.error && <FailureAlert error={change.error} />}
      <Paper withBorder p="md">
        <Text size="sm">
          Each template is sent when its trigger fires: by email to the customer’s address and, for customer
          events, as a notification in My Account. Open a template to edit, preview or test it.
        </Text>
      </Paper>
      <ServerTable<AutoresponderTemplate>
        records={data.templates}
        columns={templateColumns(id, triggers)}
        idAccessor="id_template"
        onRowClick={({ record }) =>
          void navigate({
            to: '/autoresponders/$id/templates/$templateId',
            params: { id, templateId: record.id_template },
          })
        }
      />
    </Stack>
  );
}
