import { Button } from '@mantine/core';
import { IconBolt, IconListDetails, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { PlansView } from '../../features/plans/components/plans-view';
import { useCan } from '../../lib/auth';
import { RequirePermission } from '../../lib/authorization';

export default function PlansPage() {
  const search = useSearch({ from: '/_app/plans' });
  const navigate = useNavigate({ from: '/plans' });
  const canChange = useCan('plans.write');
  return (
    <RequirePermission permission="work.read" what="plans">
      <PageHeader
        title="Plans"
        description="The catalogue with the prices it sells now, EFL averages and scheduled price changes."
        actions={
          <>
            <Button
              renderRoot={(props) => <Link {...props} to="/plans/delivery-charges" />}
              leftSection={<IconBolt size={16} />}
              variant="default"
            >
              Delivery charges
            </Button>
            {canChange && (
              <>
                <Button
                  renderRoot={(props) => <Link {...props} to="/plans/price-change" />}
                  leftSection={<IconListDetails size={16} />}
                  variant="light"
                >
                  Change prices in bulk
                </Button>
                <Button
                  renderRoot={(props) => <Link {...props} to="/plans/new" />}
                  leftSection={<IconPlus size={16} />}
                >
                  New plan
                </Button>
              </>
            )}
          </>
        }
      />
      <PlansView search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    </RequirePermission>
  );
}
