import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { usePlans } from '../api/get-plans';
import { powerToChooseUrl } from '../api/power-to-choose';

interface PowerToChooseModalProps {
  opened: boolean;
  onClose: () => void;
}

const options = (pairs: Map<number, string>) =>
  [...pairs].map(([id, name]) => ({ value: String(id), label: name }));

/**
 * The Power to Choose listing to download: the Texas electricity plans on sale to one customer type (the site lists
 * residential plans), for every utility or one.
 */
export function PowerToChooseModal({ opened, onClose }: PowerToChooseModalProps) {
  const onSale = usePlans({ state: 'on-sale' });
  const { customerTypes, utilities } = useMemo(() => {
    const types = new Map<number, string>();
    const served = new Map<number, string>();
    for (const plan of onSale.data ?? []) {
      if (plan.commodity !== 'Electric') continue;
      types.set(plan.customerType.id, plan.customerType.name);
      served.set(plan.utility.id, plan.utility.name);
    }
    return { customerTypes: options(types), utilities: options(served) };
  }, [onSale.data]);
  const [customerType, setCustomerType] = useState<string | null>(null);
  const [utility, setUtility] = useState<string | null>(null);
  const chosenType = customerType ?? customerTypes.find((t) => t.label === 'Residential')?.value ?? null;

  return (
    <Modal opened={opened} onClose={onClose} title="Power to Choose listing" size="md">
      <Stack gap="sm">
        <Text size="sm">
          The CSV Texas’ Power to Choose site takes: one line per plan on sale and language, with the EFL
          averages of the version in force and permanent links to each plan’s documents. Campaign plans are
          not listed.
        </Text>
        <Select
          label="Customer type"
          data={customerTypes}
          value={chosenType}
          onChange={setCustomerType}
          allowDeselect={false}
          required
        />
        <Select
          label="Utility"
          placeholder="Every Texas utility"
          data={utilities}
          value={utility}
          onChange={setUtility}
          clearable
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            component="a"
            href={
              chosenType
                ? powerToChooseUrl({
                    customerTypeId: Number(chosenType),
                    utilityId: utility ? Number(utility) : undefined,
                  })
                : undefined
            }
            download
            disabled={!chosenType}
            leftSection={<IconFileTypeCsv size={16} />}
          >
            Download CSV
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
