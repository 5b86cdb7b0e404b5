import { Paper, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTableOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ServerTable, TABLE_PAGE_SIZES } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { type MatrixPrice, useMatrixPrices } from '../api/get-prices';
import type { PricingMatrixSearch } from '../search';
import { priceColumn, priceKeyColumns, priceKeyOf } from './price-columns';

const columns = [...priceKeyColumns<MatrixPrice>(), priceColumn<MatrixPrice>()];

interface PricesTableProps {
  importId: number;
  search: PricingMatrixSearch;
  onSearchChange: (next: PricingMatrixSearch) => void;
  /** What the table lists, for its label: "the prices in force". */
  what: string;
}

/** One import's prices, a page at a time from the server, searched by code; search and page live in the URL. */
export function PricesTable({ importId, search, onSearchChange, what }: PricesTableProps) {
  // The words go to the address as they are typed (a link keeps them); the server is asked once typing pauses.
  const [words, setWords] = useState(search.q ?? '');
  const [q] = useDebouncedValue(search.q, 250);
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? 20;
  const prices = useMatrixPrices(importId, {
    pageNumber: page,
    pageSize,
    ...(q ? { search: q } : {}),
  });

  if (prices.error && !prices.data)
    return (
      <Paper withBorder>
        <ErrorState error={prices.error} onRetry={() => void prices.refetch()} what={what} />
      </Paper>
    );

  return (
    <Stack gap="sm">
      <TextInput
        label="Search the prices"
        description="Utility, zone, rate code or usage tier"
        placeholder="ONCOR, NORTH, RES-FIXED…"
        leftSection={<IconSearch size={16} />}
        value={words}
        maxLength={50}
        onChange={(event) => {
          setWords(event.currentTarget.value);
          onSearchChange({ ...search, q: event.currentTarget.value.trim() || undefined, page: undefined });
        }}
        w={{ base: '100%', sm: 320 }}
      />
      <ServerTable<MatrixPrice>
        aria-label={what}
        records={prices.data?.data ?? []}
        columns={columns}
        idAccessor={priceKeyOf}
        fetching={prices.isFetching}
        page={page}
        onPageChange={(next) => onSearchChange({ ...search, page: next > 1 ? next : undefined })}
        totalRecords={prices.data?.totalRecords ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={TABLE_PAGE_SIZES}
        onRecordsPerPageChange={(size) =>
          onSearchChange({ ...search, page: undefined, pageSize: size !== 20 ? size : undefined })
        }
        emptyState={
          prices.isPending ? undefined : (
            <EmptyState title="No price" icon={<IconTableOff size={24} />}>
              {q ? 'No price matches this search.' : 'This matrix holds no price.'}
            </EmptyState>
          )
        }
      />
    </Stack>
  );
}
