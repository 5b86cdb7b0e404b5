import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './auth.module.css';

/** The frame of the pages outside the console (sign-in, set-up): the product, a title, a card. */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 420,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Box className={classes.page} component="main">
      <Center mih="100dvh" px="md" py="xl">
        <Stack w="100%" maw={width} gap="lg">
          <Group gap={10} justify="center">
            <span className={classes.logo} aria-hidden>
              <IconBolt size={20} stroke={2.2} />
            </span>
            <Text fw={650} size="lg">
              Voltin <span className={classes.muted}>Operations</span>
            </Text>
          </Group>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
            <Stack gap={4} mb="lg">
              <Title order={1} size="h3">
                {title}
              </Title>
              {subtitle && (
                <Text size="sm" c="dimmed">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
