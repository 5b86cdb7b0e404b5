import '@mantine/dates/styles.css';
import {
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { changedFields } from '../../../lib/forms';
import { useAffiliates } from '../../affiliates/api/get-affiliates';
import { focusFirstError, splitFailure } from '../../customers/actions';
import { instantOf } from '../../plans/components/effective-moment';
import { useChangeCampaign, useCreateCampaign } from '../api/campaign-changes';
import type { Campaign } from '../api/get-campaigns';
import { PROMO_CODE_PATTERN, promoCodeOf } from '../model';

interface CampaignFormValues {
  promoCode: string;
  name: string;
  description: string;
  /** Mantine's date-time values ("2026-12-01 06:00:00", the browser's time zone). */
  validFrom: string | null;
  validUntil: string | null;
  /** Empty: unlimited. */
  usageLimit: number | '';
  affiliateId: string | null;
  active: boolean;
}

const FIELDS = [
  'promoCode',
  'name',
  'description',
  'validFrom',
  'validUntil',
  'usageLimit',
  'affiliateId',
] as const;

const localOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function valuesOf(campaign: Campaign | null): CampaignFormValues {
  if (!campaign)
    return {
      promoCode: '',
      name: '',
      description: '',
      validFrom: localOf(dayjs().startOf('minute').toISOString()),
      validUntil: null,
      usageLimit: '',
      affiliateId: null,
      active: true,
    };
  return {
    promoCode: campaign.promoCode,
    name: campaign.name,
    description: campaign.description,
    validFrom: localOf(campaign.validFrom),
    validUntil: localOf(campaign.validUntil),
    usageLimit: campaign.usageLimit ?? '',
    affiliateId: campaign.affiliate ? String(campaign.affiliate.id) : null,
    active: campaign.active,
  };
}

/** The fields as the API takes them. */
function bodyOf(values: CampaignFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    validFrom: instantOf(values.validFrom!),
    validUntil: instantOf(values.validUntil!),
    usageLimit: values.usageLimit === '' ? null : values.usageLimit,
    affiliateId: values.affiliateId === null ? null : Number(values.affiliateId),
  };
}

interface CampaignFormModalProps {
  opened: boolean;
  /** The campaign edited; null: a new one. */
  campaign: Campaign | null;
  onClose: () => void;
}

/** A new campaign, or a campaign's name, description, window, usage limit and affiliate (its code never changes). */
export function CampaignFormModal({ opened, campaign, onClose }: CampaignFormModalProps) {
  const create = useCreateCampaign();
  const change = useChangeCampaign();
  const save = campaign ? change : create;
  const affiliates = useAffiliates();
  const navigate = useNavigate();
  const form = useForm<CampaignFormValues>({
    name: 'campaign',
    initialValues: valuesOf(campaign),
    validate: {
      promoCode: (value) =>
        campaign || PROMO_CODE_PATTERN.test(value.trim())
          ? null
          : '3 to 30 letters, digits, dashes and underscores.',
      name: (value) => (value.trim() ? null : 'Name the campaign.'),
      validFrom: (value) => (value ? null : 'Choose when the code starts working.'),
      validUntil: (value, values) => {
        if (!value) return 'Choose when the code stops working.';
        return values.validFrom && instantOf(value) <= instantOf(values.validFrom)
          ? 'After the start.'
          : null;
      },
      usageLimit: (value) =>
        value === '' || (Number.isInteger(value) && value >= 1) ? null : 'A whole number, at least 1.',
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from the campaign as it is
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(valuesOf(campaign));
    form.reset();
    create.reset();
    change.reset();
  }, [opened, campaign?.id]);

  const failed = (error: unknown) => form.setErrors(splitFailure(error, FIELDS).fields);
  const submit = form.onSubmit(
    (values) => {
      const body = bodyOf(values);
      if (!campaign) {
        const promoCode = promoCodeOf(values.promoCode);
        create.mutate(
          { promoCode, ...body, active: values.active },
          {
            onSuccess: (created) => {
              notifications.show({
                color: 'teal',
                title: 'Campaign made',
                message: `${promoCode}: ${created.name}`,
              });
              onClose();
              void navigate({ to: '/campaigns/$id', params: { id: created.id } });
            },
            onError: failed,
          },
        );
        return;
      }
      const changes = changedFields(bodyOf(valuesOf(campaign)), body);
      if (Object.keys(changes).length === 0) return onClose();
      change.mutate(
        { campaignId: campaign.id, ...changes },
        {
          onSuccess: () => {
            notifications.show({
              color: 'teal',
              title: 'Campaign saved',
              message: `${campaign.promoCode} changed.`,
            });
            onClose();
          },
          onError: failed,
        },
      );
    },
    (errors) => focusFirstError('campaign', errors),
  );

  const dateTime = {
    valueFormat: 'MMM D, YYYY h:mm A',
    ariaLabels: { nextMonth: 'Next month', previousMonth: 'Previous month' },
    timePickerProps: { hoursInputLabel: 'Hour', minutesInputLabel: 'Minutes' },
    submitButtonProps: { 'aria-label': 'Use this date and time' },
    required: true,
  } as const;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={campaign ? `Edit ${campaign.promoCode}` : 'New campaign'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Promo code"
              description={
                campaign
                  ? 'A code never changes: plans and customers carry it.'
                  : 'What customers type, in any case; kept in capitals.'
              }
              required
              disabled={campaign !== null}
              data-autofocus={campaign ? undefined : true}
              maxLength={30}
              styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
              {...form.getInputProps('promoCode')}
            />
            <TextInput
              label="Name"
              required
              maxLength={120}
              data-autofocus={campaign ? true : undefined}
              {...form.getInputProps('name')}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('description')}
          />
          <Text size="xs" c="dimmed">
            The code works from the start to the end, in your time zone ({timeZone}).
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateTimePicker
              label="Starts"
              placeholder="Pick a date and time"
              {...dateTime}
              {...form.getInputProps('validFrom')}
            />
            <DateTimePicker
              label="Ends"
              placeholder="Pick a date and time"
              {...dateTime}
              {...form.getInputProps('validUntil')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label="Usage limit"
              description={
                campaign
                  ? `Enrollments that may use the code; empty: no limit. ${campaign.uses} used so far.`
                  : 'Enrollments that may use the code; empty: no limit.'
              }
              placeholder="No limit"
              min={campaign ? Math.max(1, campaign.uses) : 1}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('usageLimit')}
            />
            <Select
              label="Affiliate"
              description="The sales affiliate the campaign belongs to."
              placeholder="None"
              data={(affiliates.data ?? []).map((a) => ({
                value: String(a.id),
                label: a.active ? a.name : `${a.name} (inactive)`,
              }))}
              clearable
              searchable
              nothingFoundMessage="No such affiliate"
              {...form.getInputProps('affiliateId')}
            />
          </SimpleGrid>
          {!campaign && (
            <Switch
              label="Active: the code works inside its window (off: made paused)"
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          )}
          <DialogFooter
            error={splitFailure(save.error, FIELDS).rest}
            failureTitle="Not saved"
            onCancel={onClose}
            submitLabel={campaign ? 'Save campaign' : 'Make campaign'}
            pending={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
