import { Paper, Stack } from '@mantine/core';
import { IconTableOff } from '@tabler/icons-react';
import { ServerTable, TABLE_PAGE_SIZES } from '../../../components/ui/data-table';
import { SearchField, useSearchedWords } from '../../../components/ui/search-field';
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
  const q = useSearchedWords(search.q);
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
      <SearchField
        label="Search the prices"
        description="Utility, zone, rate code or usage tier"
        placeholder="ONCOR, NORTH, RES-FIXED…"
        maxLength={50}
        q={search.q}
        onSearch={(words) => onSearchChange({ ...search, q: words, page: undefined })}
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
