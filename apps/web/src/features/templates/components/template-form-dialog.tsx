import { TEMPLATE_MAX_VARIANTS } from '@leasing/contract';
import type {
  MessageTemplate,
  TemplateChannel,
  TemplateScope,
  TemplateVariant,
} from '@leasing/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Input,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useCreateTemplate, useUpdateTemplate } from '../api/save-template';
import { MergeFieldText } from './merge-field-text';

export const COMPANY_TEMPLATES_ONLY_MANAGERS =
  'Only managers and admins can add or change company templates.';

const CHANNELS: { value: TemplateChannel; label: string }[] = [
  { value: 'SMS', label: 'SMS' },
  { value: 'EMAIL', label: 'Email' },
  { value: 'BOTH', label: 'Both' },
];

/** 'unknown merge field …' → 'Unknown merge field ….' */
function sentence(text: string): string {
  const capitalized = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

type VariantDraft = { key: number; language: string; subject: string; body: string };

let variantKey = 0;
const toDraft = (variant: TemplateVariant): VariantDraft => ({
  key: ++variantKey,
  language: variant.language,
  subject: variant.subject ?? '',
  body: variant.body,
});

export type TemplateFormDialogProps = {
  /** The template to edit; none to add one. */
  template?: MessageTemplate;
  /** Whether the user may keep company templates (managers and admins). */
  canManageCompany: boolean;
  onClose: () => void;
};

/**
 * Adds or edits a template: name, whose it is, channel, subject (email), message with merge
 * fields, and the same message in other languages.
 */
export function TemplateFormDialog({
  template,
  canManageCompany,
  onClose,
}: TemplateFormDialogProps) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [name, setName] = useState(template?.name ?? '');
  const [scope, setScope] = useState<TemplateScope>(
    template?.scope ?? (canManageCompany ? 'company' : 'personal'),
  );
  const [channel, setChannel] = useState<TemplateChannel>(template?.channel ?? 'SMS');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [variants, setVariants] = useState<VariantDraft[]>(
    () => template?.variants.map(toDraft) ?? [],
  );
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const mutation = template ? update : create;
  const fieldErrors = toServerFieldErrors(mutation.error);
  const fieldError = (field: string) =>
    fieldErrors[field] === undefined ? undefined : sentence(fieldErrors[field]);
  const otherError =
    mutation.isError && Object.keys(fieldErrors).length === 0 ? mutation.error.message : null;
  const usesEmail = channel !== 'SMS';

  function changeVariant(key: number, change: Partial<VariantDraft>) {
    setVariants((current) =>
      current.map((variant) => (variant.key === key ? { ...variant, ...change } : variant)),
    );
  }

  function handleAddVariant() {
    setVariants((current) => [...current, toDraft({ language: '', subject: null, body: '' })]);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const input = {
      name,
      channel,
      subject: usesEmail ? subject : null,
      body,
      variants: variants.map((variant) => ({
        language: variant.language,
        subject: usesEmail && variant.subject.trim() ? variant.subject : null,
        body: variant.body,
      })),
    };
    const onSuccess = () => {
      notifications.show({ color: 'teal', message: 'The template was saved.' });
      onClose();
    };
    if (template) update.mutate({ templateId: template._id, ...input }, { onSuccess });
    else create.mutate({ ...input, scope }, { onSuccess });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={template ? 'Edit template' : 'New template'}
      size="xl"
      fullScreen={isPhone}
      centered
    >
      <form
        onSubmit={handleSubmit}
        aria-label={template ? 'Edit template' : 'New template'}
        noValidate
        onChange={() => mutation.isError && mutation.reset()}
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            description="What you search for in the composer's picker."
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError('name')}
            data-autofocus
          />
          <Group gap="lg" align="flex-start" wrap="wrap">
            {!template && (
              <Input.Wrapper
                label="Who can use it"
                description={canManageCompany ? undefined : COMPANY_TEMPLATES_ONLY_MANAGERS}
              >
                <SegmentedControl
                  mt={4}
                  value={scope}
                  onChange={(value) => setScope(value as TemplateScope)}
                  data={[
                    { value: 'company', label: 'Company', disabled: !canManageCompany },
                    { value: 'personal', label: 'Only me' },
                  ]}
                  aria-label="Who can use it"
                />
              </Input.Wrapper>
            )}
            <Input.Wrapper label="Channel">
              <SegmentedControl
                mt={4}
                value={channel}
                onChange={(value) => setChannel(value as TemplateChannel)}
                data={CHANNELS}
                aria-label="Channel"
              />
            </Input.Wrapper>
          </Group>
          {usesEmail && (
            <MergeFieldText
              label="Subject"
              singleLine
              required
              value={subject}
              onChange={setSubject}
              error={fieldError('subject')}
            />
          )}
          <MergeFieldText
            label="Message"
            required
            value={body}
            onChange={setBody}
            error={fieldError('body')}
          />
          <Stack gap="xs">
            <div>
              <Text size="sm" fw={500}>
                Languages
              </Text>
              <Text size="xs" c="dimmed">
                A lead whose preferred language has a version gets that version; everyone else gets
                the message above.
              </Text>
            </div>
            {variants.map((variant, index) => (
              <Paper key={variant.key} withBorder radius="md" p="sm">
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-end" wrap="nowrap">
                    <TextInput
                      label="Language code"
                      placeholder="es"
                      maxLength={2}
                      w={140}
                      required
                      value={variant.language}
                      onChange={(event) =>
                        changeVariant(variant.key, { language: event.currentTarget.value })
                      }
                      error={fieldError(`variants.${index}.language`)}
                    />
                    <Tooltip label="Remove this language" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove language ${variant.language || index + 1}`}
                        onClick={() =>
                          setVariants((current) => current.filter((v) => v.key !== variant.key))
                        }
                      >
                        <IconTrash size={18} stroke={1.75} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                  {usesEmail && (
                    <MergeFieldText
                      label={`Subject (${variant.language || 'new language'})`}
                      singleLine
                      value={variant.subject}
                      onChange={(value) => changeVariant(variant.key, { subject: value })}
                      error={fieldError(`variants.${index}.subject`)}
                    />
                  )}
                  <MergeFieldText
                    label={`Message (${variant.language || 'new language'})`}
                    required
                    value={variant.body}
                    onChange={(value) => changeVariant(variant.key, { body: value })}
                    error={fieldError(`variants.${index}.body`)}
                  />
                </Stack>
              </Paper>
            ))}
            {variants.length < TEMPLATE_MAX_VARIANTS && (
              <Group>
                <Button
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} />}
                  onClick={handleAddVariant}
                >
                  Add language
                </Button>
              </Group>
            )}
          </Stack>
          {otherError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {otherError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {template ? 'Save template' : 'Add template'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
