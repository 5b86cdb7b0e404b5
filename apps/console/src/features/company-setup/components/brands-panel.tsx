import { Badge, Button, ColorSwatch, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ServerTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/states';
import { type Brand, useCompanyBrands } from '../api/company-setup';
import { BrandModal } from './brand-modal';

const COLUMNS: DataTableColumn<Brand>[] = [
  {
    accessor: 'name',
    title: 'Brand',
    render: (brand) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {brand.name}
        </Text>
        <Text size="xs" c="dimmed">
          {brand.system_name}
        </Text>
      </Stack>
    ),
  },
  {
    accessor: 'primary_color',
    title: 'Colours',
    render: (brand) => (
      <Group gap={4} role="img" aria-label={`Primary ${brand.primary_color}, accent ${brand.accent_color}`}>
        <ColorSwatch color={brand.primary_color} size={18} />
        <ColorSwatch color={brand.accent_color} size={18} />
      </Group>
    ),
  },
  {
    accessor: 'phone',
    title: 'Support phone',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
  },
  {
    accessor: 'default_language',
    title: 'First language',
    render: (brand) => (brand.default_language === 'es' ? 'Spanish' : 'English'),
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
  },
  {
    accessor: 'active',
    title: 'Status',
    render: (brand) => (
      <Badge color={brand.active ? 'green' : 'gray'} variant="light" radius="sm" tt="none">
        {brand.active ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
];

/** The company's brands: each site it sells under, added and edited here (the company file stays the bulk path). */
export function BrandsPanel() {
  const brands = useCompanyBrands();
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  if (brands.isError)
    return <ErrorState error={brands.error} onRetry={() => void brands.refetch()} what="the brands" />;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="brands-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="brands-title">
            Brands
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add brand
          </Button>
        </Group>
        <ServerTable<Brand>
          records={brands.data ?? []}
          fetching={brands.isPending}
          columns={[
            ...COLUMNS,
            {
              accessor: 'actions',
              title: 'Actions',
              textAlign: 'right',
              render: (brand) => (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setEditing(brand)}
                  aria-label={`Edit ${brand.name}`}
                >
                  Edit
                </Button>
              ),
            },
          ]}
          idAccessor="id"
        />
        <Text size="xs" c="dimmed">
          A brand is deactivated only by leaving it out of the company file (what was sold under it keeps it).
        </Text>
      </Stack>
      {editing && <BrandModal brand={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
