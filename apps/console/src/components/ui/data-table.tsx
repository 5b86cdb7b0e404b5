import 'mantine-datatable/styles.css';
import { DataTable, type DataTableProps } from 'mantine-datatable';
import { formatCount } from '../../lib/format';
import { PAGE_SIZES } from '../../lib/search';

const CONTROL_LABELS = {
  first: 'First page',
  last: 'Last page',
  previous: 'Previous page',
  next: 'Next page',
};

/**
 * The console's table: mantine-datatable with the paging, empty and loading behaviour every list shares. Lists page
 * on the server: pass `page`, `totalRecords`, `recordsPerPage` and the handlers from the route's search params.
 */
export function ServerTable<T>(props: DataTableProps<T>) {
  const merged = {
    withTableBorder: true,
    borderRadius: 'md',
    highlightOnHover: true,
    verticalAlign: 'center',
    minHeight: props.records?.length ? undefined : 220,
    loaderType: 'dots',
    noRecordsText: 'Nothing here',
    paginationSize: 'sm',
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      `${formatCount(from)}–${formatCount(to)} of ${formatCount(totalRecords)}`,
    recordsPerPageLabel: 'Rows per page',
    getPaginationControlProps: (control: keyof typeof CONTROL_LABELS) => ({
      'aria-label': CONTROL_LABELS[control],
    }),
    getPaginationItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
    ...props,
  } as DataTableProps<T>;
  return <DataTable<T> {...merged} />;
}

export const TABLE_PAGE_SIZES = [...PAGE_SIZES];
