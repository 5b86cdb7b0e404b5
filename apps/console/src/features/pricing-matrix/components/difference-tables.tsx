import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import type { MatrixDifferences, MatrixPriceChange } from '../api/get-differences';
import type { MatrixPrice } from '../api/get-prices';
import { formatMatrixPrice, formatPriceChange } from '../model';
import { narrow, priceColumn, priceKeyColumns, priceKeyOf, wide } from './price-columns';
import classes from './pricing-matrix.module.css';

const PAGE_SIZE = 20;

/** A change in its colour, with its sign: "+$0.00475 (+5.26%)". */
function Change({ row }: { row: MatrixPriceChange }) {
  return (
    <span className={`${classes.price} ${row.change > 0 ? classes.increase : classes.decrease}`}>
      {formatPriceChange(row.change, row.changePercent)}
    </span>
  );
}

const changedColumns: DataTableColumn<MatrixPriceChange>[] = [
  ...priceKeyColumns<MatrixPriceChange>(),
  {
    accessor: 'move',
    title: 'Price',
    textAlign: 'right',
    visibleMediaQuery: narrow,
    render: (row) => (
      <div>
        <span className={classes.price}>
          {formatMatrixPrice(row.before)} → {formatMatrixPrice(row.price)}
        </span>
        <div>
          <Change row={row} />
        </div>
      </div>
    ),
  },
  {
    accessor: 'before',
    title: 'In force',
    textAlign: 'right',
    visibleMediaQuery: wide,
    render: (row) => <span className={classes.price}>{formatMatrixPrice(row.before)}</span>,
  },
  { ...priceColumn<MatrixPriceChange>('New'), visibleMediaQuery: wide },
  {
    accessor: 'change',
    title: 'Change',
    textAlign: 'right',
    visibleMediaQuery: wide,
    render: (row) => <Change row={row} />,
  },
];

const addedColumns = [...priceKeyColumns<MatrixPrice>(), priceColumn<MatrixPrice>()];
const removedColumns = [...priceKeyColumns<MatrixPrice>(), priceColumn<MatrixPrice>('Price in force')];

interface ListedTableProps<T> {
  records: T[];
  columns: DataTableColumn<T>[];
  label: string;
  /** How many there are in all: the server lists the first 500. */
  total: number;
  /** "changes", for the note when the list is cut. */
  noun: string;
  empty: string;
}

/** A list the differences answer whole (up to 500 rows), paged here. */
function ListedTable<T extends Omit<MatrixPrice, 'price'>>(props: ListedTableProps<T>) {
  const { records, columns, label, total, noun, empty } = props;
  const [page, setPage] = useState(1);
  return (
    <Stack gap="xs">
      {total > records.length && (
        <Text size="sm" c="dimmed">
          {formatCount(records.length)} of the {formatCount(total)} {noun} are listed here; the whole matrix
          is under All prices.
        </Text>
      )}
      <ServerTable<T>
        aria-label={label}
        records={records.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        columns={columns}
        idAccessor={priceKeyOf}
        page={page}
        onPageChange={setPage}
        totalRecords={records.length}
        recordsPerPage={PAGE_SIZE}
        emptyState={<EmptyState title={empty} />}
      />
    </Stack>
  );
}

/** The prices whose value would change, largest change first. */
export const ChangedPrices = ({ differences }: { differences: MatrixDifferences }) => (
  <ListedTable
    records={differences.changed}
    columns={changedColumns}
    label="Prices changed"
    total={differences.counts.changed}
    noun="changes (the largest)"
    empty="No price changes"
  />
);

/** The prices the matrix in force does not have. */
export const AddedPrices = ({ differences }: { differences: MatrixDifferences }) => (
  <ListedTable
    records={differences.added}
    columns={addedColumns}
    label="Prices added"
    total={differences.counts.added}
    noun="added prices"
    empty="No price added"
  />
);

/** The prices of the matrix in force this one does not have: prospects could no longer be priced for them. */
export const RemovedPrices = ({ differences }: { differences: MatrixDifferences }) => (
  <ListedTable
    records={differences.removed}
    columns={removedColumns}
    label="Prices removed"
    total={differences.counts.removed}
    noun="removed prices"
    empty="No price removed"
  />
);
