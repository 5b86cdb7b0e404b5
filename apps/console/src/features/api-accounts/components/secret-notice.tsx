import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyField } from '../../../components/ui/copy-field';

/** The API key and the secret, the secret shown this once: Voltin keeps it sealed and cannot show it again. */
export function SecretNotice({ apiKey, secret }: { apiKey: string; secret: string }) {
  return (
    <Stack gap="sm">
      <Alert
        variant="light"
        color="orange"
        icon={<IconAlertTriangle size={18} />}
        title="Copy the secret now: it is shown only once"
      >
        <Text size="sm">
          Voltin keeps the secret sealed and cannot show it again. Hand it to the integrator through a channel
          you trust (a password manager, not email or chat). If it is lost, rotate the secret.
        </Text>
      </Alert>
      <CopyField label="API key" value={apiKey} />
      <CopyField label="Secret" value={secret} />
    </Stack>
  );
}
