import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { CopyField } from '../../../components/ui/copy-field';

/** A one-time set-up link, shown once: copy it now and hand it over by a channel you trust. */
export function SetupLinkNotice({ email, link }: { email: string; link: string }) {
  return (
    <Stack gap="sm">
      <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />} title="Shown only once">
        <Text size="sm">
          Send this link to {email} yourself (chat or phone, not a shared mailbox). It works once and expires;
          there they choose a password and can add an authenticator app.
        </Text>
      </Alert>
      <CopyField label="Set-up link" value={link} />
    </Stack>
  );
}
