import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createConsoleRouter } from './app/router';
import { installSessionHandling } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import { colorSchemeManager, cssVariablesResolver, theme } from './lib/theme';

const queryClient = createQueryClient();
const router = createConsoleRouter(queryClient);
installSessionHandling(queryClient, (search) => router.navigate({ to: '/sign-in', search }));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        <Notifications position="bottom-right" limit={4} />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
