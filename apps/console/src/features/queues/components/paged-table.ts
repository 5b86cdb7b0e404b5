/** The paging of a queue's list, kept in the URL by the workspace. */
export interface PagedTableState {
  page: number;
  pageSize: number;
}

export interface PagedTableProps extends PagedTableState {
  onChange: (next: Partial<PagedTableState>) => void;
}
