import { ColorInput, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { isApiFailure } from '../../../lib/api';
import { changedFields, fieldErrorsOf } from '../../../lib/forms';
import {
  BRAND_FIELDS,
  type Brand,
  type BrandCreation,
  useChangeBrand,
  useCreateBrand,
} from '../api/company-setup';

type Values = Required<BrandCreation>;
const FIELDS = BRAND_FIELDS;

/** A new brand starts with the company file's defaults: the default look, no logo, no legal pages, English. */
const NEW_BRAND: Values = {
  system_name: '',
  name: '',
  legal_name: '',
  url: 'https://',
  my_account_url: 'https://',
  phone: '',
  email: '',
  office_hours: '',
  license_number: '',
  wizard_welcome_text: '',
  wizard_thank_you_text: '',
  logo_url: '',
  primary_color: '#1f4e79',
  accent_color: '#f2a900',
  terms_url: '',
  privacy_url: '',
  default_language: 'en',
};

const valuesOf = (brand: Brand): Values =>
  Object.fromEntries(FIELDS.map((field) => [field, brand[field]])) as Values;

/**
 * Adds a brand, or changes one (only its changed fields are sent, with the version read). The server checks every
 * field as the company file does; its problems are shown at their fields.
 */
export function BrandModal({ brand, onClose }: { brand: Brand | 'new'; onClose: () => void }) {
  const isNew = brand === 'new';
  const initial = isNew ? NEW_BRAND : valuesOf(brand);
  const form = useForm<Values>({ name: 'brand', initialValues: initial });
  const create = useCreateBrand();
  const change = useChangeBrand();
  const pending = create.isPending || change.isPending;
  const error = create.error ?? change.error;

  const failed = (failure: unknown) => {
    if (isApiFailure(failure) && failure.code === 'COMPANY_SETUP_CHANGED') {
      notifications.show({
        color: 'orange',
        title: 'Not saved: changed meanwhile',
        message: 'Someone saved this brand since you opened it. Open it again to see their change.',
      });
      onClose();
      return;
    }
    form.setErrors(fieldErrorsOf(failure, FIELDS));
  };
  const saved = (name: string) => {
    notifications.show({
      color: 'teal',
      title: 'Brand saved',
      message: `${name}: its sites show it from now.`,
    });
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (isNew) create.mutate(values, { onSuccess: (b) => saved(b.name), onError: failed });
    else {
      const { system_name: _key, ...changes } = changedFields(initial, values);
      change.mutate(
        { brandId: brand.id, version: brand.version, ...changes },
        { onSuccess: (b) => saved(b.name), onError: failed },
      );
    }
  });
  const unchanged = !isNew && Object.keys(changedFields(initial, form.values)).length === 0;
  const text = (field: (typeof FIELDS)[number], label: string, description?: string) => (
    <TextInput label={label} description={description} {...form.getInputProps(field)} />
  );

  return (
    <Modal opened onClose={onClose} title={isNew ? 'Add a brand' : `Edit ${brand.name}`} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="System name"
              description="Stable key: lowercase letters, digits, dashes. It never changes."
              disabled={!isNew}
              {...form.getInputProps('system_name')}
            />
            {text('name', 'Name', 'What customers see.')}
            {text('legal_name', 'Legal name', 'Printed on contracts.')}
            {text('license_number', 'Licence number', 'E.g. the PUCT REP certificate number.')}
            {text('url', 'Web site')}
            {text('my_account_url', 'Self-service site', 'Links in mail point there.')}
            {text('phone', 'Support phone')}
            {text('email', 'Email', 'Mail of this brand is sent from this address.')}
            {text('office_hours', 'Office hours', 'In words.')}
            <Select
              label="First language"
              description="The language the brand's sites open in."
              data={[
                { value: 'en', label: 'English' },
                { value: 'es', label: 'Spanish' },
              ]}
              allowDeselect={false}
              {...form.getInputProps('default_language')}
            />
            <ColorInput
              label="Primary colour"
              description="Headers and buttons, #rrggbb."
              format="hex"
              withEyeDropper={false}
              {...form.getInputProps('primary_color')}
            />
            <ColorInput
              label="Accent colour"
              description="Highlights and links, #rrggbb."
              format="hex"
              withEyeDropper={false}
              {...form.getInputProps('accent_color')}
            />
            {text('terms_url', 'Terms of service link', 'An http(s) URL, or empty.')}
            {text('privacy_url', 'Privacy notice link', 'An http(s) URL, or empty.')}
          </SimpleGrid>
          {text(
            'logo_url',
            'Logo',
            'An https URL, or /brand-logos/<file>.svg or .png for a file the operator placed in apps/api/brand-logos; empty for none.',
          )}
          <Textarea
            label="Wizard welcome"
            autosize
            minRows={2}
            {...form.getInputProps('wizard_welcome_text')}
          />
          <Textarea
            label="Wizard thank-you"
            autosize
            minRows={2}
            {...form.getInputProps('wizard_thank_you_text')}
          />
          <DialogFooter
            error={Object.keys(fieldErrorsOf(error, FIELDS)).length > 0 ? null : error}
            failureTitle="Not saved"
            onCancel={onClose}
            submitLabel={isNew ? 'Add brand' : 'Save brand'}
            submitDisabled={unchanged}
            pending={pending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
