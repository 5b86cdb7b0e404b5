import { Alert, Button, Group } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type BodyOf, dataOf } from '../../lib/api';
import { messageOf } from '../../lib/errors';

type HostedRequest = BodyOf<
  '/api/v1/payments/payment-profile/hosted-profile-page-token/{customerId}',
  'post'
>;

/** What the gateway's form says through the communicator page (public/payment-communicator.js). */
interface FormMessage {
  source: 'voltin-payment-form';
  action?: string;
  height?: string;
}

const isFormMessage = (data: unknown): data is FormMessage =>
  typeof data === 'object' && data !== null && (data as FormMessage).source === 'voltin-payment-form';

/**
 * The payment gateway's own form to save a card or bank account, in a frame: card numbers go from the browser to the
 * gateway and never through the site. The gateway tells the page what happened through the communicator page.
 */
export function HostedPaymentForm({
  customerId,
  transactionType,
  paymentType,
  onSaved,
  onCancel,
}: {
  customerId: number;
  transactionType: HostedRequest['transactionType'];
  paymentType: HostedRequest['paymentType'];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('common');
  const frameName = `gateway-form-${useId().replace(/\W/g, '')}`;
  const form = useRef<HTMLFormElement>(null);
  const [height, setHeight] = useState(520);
  const page = useMutation({
    mutationFn: async () =>
      dataOf(
        await api.POST('/api/v1/payments/payment-profile/hosted-profile-page-token/{customerId}', {
          params: { path: { customerId } },
          body: {
            iFrameCommunicatorUrl: `${window.location.origin}/payment-communicator.html`,
            saveButtonText: t('payments.save'),
            transactionType,
            paymentType,
          },
        }),
      ),
  });
  const { mutate } = page;
  useEffect(() => mutate(), [mutate]);
  useEffect(() => {
    if (page.data) form.current?.submit();
  }, [page.data]);
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isFormMessage(event.data)) return;
      if (event.data.action === 'successfulSave') onSaved();
      if (event.data.action === 'cancel') onCancel();
      if (event.data.action === 'resizeWindow' && Number(event.data.height) > 0)
        setHeight(Number(event.data.height));
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [onSaved, onCancel]);

  if (page.isError)
    return (
      <Alert color="red" role="alert">
        {messageOf(page.error)}
        <Group mt="xs">
          <Button size="xs" variant="white" onClick={() => mutate()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  return (
    <>
      {page.data && (
        <form ref={form} method="post" action={page.data.addUrl} target={frameName} hidden>
          <input type="hidden" name="token" value={page.data.token} />
        </form>
      )}
      <iframe name={frameName} title={t('payments.formTitle')} style={{ width: '100%', height, border: 0 }} />
    </>
  );
}
