import { Button } from '@mantine/core';
import { IconBolt, IconFileTypeCsv, IconListDetails, IconPackages, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { PlansView } from '../../features/plans/components/plans-view';
import { PowerToChooseModal } from '../../features/plans/components/power-to-choose-modal';
import { useCan } from '../../lib/auth';
import { RequirePermission } from '../../lib/authorization';

export default function PlansPage() {
  const search = useSearch({ from: '/_app/plans' });
  const navigate = useNavigate({ from: '/plans' });
  const canChange = useCan('plans.write');
  const [exporting, setExporting] = useState(false);
  return (
    <RequirePermission permission="work.read" what="plans">
      <PageHeader
        title="Plans"
        description="The catalogue with the prices it sells now, EFL averages and scheduled price changes."
        actions={
          <>
            <Button
              leftSection={<IconFileTypeCsv size={16} />}
              variant="default"
              onClick={() => setExporting(true)}
            >
              Power to Choose
            </Button>
            <Button
              renderRoot={(props) => <Link {...props} to="/plans/delivery-charges" />}
              leftSection={<IconBolt size={16} />}
              variant="default"
            >
              Delivery charges
            </Button>
            <Button
              renderRoot={(props) => <Link {...props} to="/plans/bundles" />}
              leftSection={<IconPackages size={16} />}
              variant="default"
            >
              Bundles
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
      <PowerToChooseModal opened={exporting} onClose={() => setExporting(false)} />
      <PlansView search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    </RequirePermission>
  );
}
