import { Button } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { EmptyState } from '../../components/ui/states';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found · Voltin Operations';
  }, []);
  return (
    <EmptyState
      title="This page does not exist"
      heading={1}
      icon={<IconMapOff size={24} stroke={1.6} />}
      action={
        <Button component={Link} to="/" variant="light" mt="xs">
          Go to the console
        </Button>
      }
    >
      The address may be mistyped, or the page moved.
    </EmptyState>
  );
}
