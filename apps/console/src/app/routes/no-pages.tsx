import { EmptyState } from '../../components/ui/states';

/** Signed in, with roles that open none of the console's pages yet. */
export function NoPagesPage() {
  return (
    <EmptyState title="Nothing to show yet" heading={1}>
      Your roles do not open any page of the console yet. An Administrator can give you more on the Staff
      page.
    </EmptyState>
  );
}
