import type { MantineTheme } from '@mantine/core';
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { MatrixPrice } from '../api/get-prices';
import { formatMatrixPrice, termText } from '../model';
import classes from './pricing-matrix.module.css';

/** Columns shown from a tablet's width up, and those shown on a phone only. */
export const wide = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;
export const narrow = (theme: MantineTheme) => `not all and (min-width: ${theme.breakpoints.sm})`;

/** A price's key: a column each on a wide screen, one cell of two lines on a phone. */
export function priceKeyColumns<T extends Omit<MatrixPrice, 'price'>>(): DataTableColumn<T>[] {
  return [
    {
      accessor: 'key',
      title: 'Price of',
      visibleMediaQuery: narrow,
      render: (row) => (
        <div>
          <Text size="sm">
            {row.utilityCode} {row.zone} {row.rateCode}
          </Text>
          <Text size="xs" c="dimmed">
            {termText(row.termMonths)} · {row.usageTier} · from {row.startMonth}
          </Text>
        </div>
      ),
    },
    { accessor: 'utilityCode', title: 'Utility', visibleMediaQuery: wide },
    { accessor: 'zone', title: 'Zone', visibleMediaQuery: wide },
    { accessor: 'rateCode', title: 'Rate code', visibleMediaQuery: wide },
    {
      accessor: 'termMonths',
      title: 'Term',
      visibleMediaQuery: wide,
      render: (row) => termText(row.termMonths),
    },
    { accessor: 'usageTier', title: 'Usage tier', visibleMediaQuery: wide },
    { accessor: 'startMonth', title: 'Starts', visibleMediaQuery: wide },
  ];
}

/** A price in its own right-aligned column. */
export const priceColumn = <T extends { price: number }>(title = 'Price'): DataTableColumn<T> => ({
  accessor: 'price',
  title,
  textAlign: 'right',
  render: (row) => <span className={classes.price}>{formatMatrixPrice(row.price)}</span>,
});

/** The key of a price row, for the tables' row ids. */
export const priceKeyOf = (row: Omit<MatrixPrice, 'price'>) =>
  [row.utilityCode, row.zone, row.rateCode, row.termMonths, row.usageTier, row.startMonth].join('|');
