import { ActionIcon, type MantineColorScheme, Menu, Tooltip, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

const SCHEMES: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/** Light, dark or the system's scheme; the choice is kept in this browser. */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = SCHEMES.find((scheme) => scheme.value === colorScheme) ?? SCHEMES[2]!;
  const Icon = current.icon;
  return (
    <Menu position="bottom-end" width={170} withinPortal>
      <Menu.Target>
        <Tooltip label="Colour scheme">
          <ActionIcon variant="default" size="lg" aria-label={`Colour scheme: ${current.label}`}>
            <Icon size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Colour scheme</Menu.Label>
        {SCHEMES.map(({ value, label, icon: ItemIcon }) => (
          <Menu.Item
            key={value}
            leftSection={<ItemIcon size={16} stroke={1.7} />}
            rightSection={value === colorScheme ? <IconCheck size={14} /> : null}
            onClick={() => setColorScheme(value)}
            aria-current={value === colorScheme ? 'true' : undefined}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
