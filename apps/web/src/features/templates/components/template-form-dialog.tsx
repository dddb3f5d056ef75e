import { TEMPLATE_MAX_VARIANTS } from '@leasing/contract';
import type {
  MessageTemplate,
  TemplateChannel,
  TemplateScope,
  TemplateVariant,
  UpdateTemplateRequest,
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
import { ApiRequestError } from '../../../lib/api-client';
import { NOT_AN_IMAGE_MESSAGE, sortPickedFiles } from '../../../lib/attachments';
import type { FileRefusal } from '../../../lib/attachments';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useCreateTemplate, useUpdateTemplate } from '../api/save-template';
import {
  useAddTemplateAttachments,
  useRemoveTemplateAttachment,
} from '../api/template-attachments';
import { MergeFieldText } from './merge-field-text';
import { TemplateFiles } from './template-files';
import type { TemplateFile } from './template-files';

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

/** The files a 400 refused, each named ('lease.pdf: only images can be texted'). */
function refusalsOf(error: unknown): FileRefusal[] {
  if (!(error instanceof ApiRequestError)) return [];
  return error.details
    .filter((detail) => detail.path === 'body.attachments')
    .map(({ message }) => {
      const at = message.indexOf(': ');
      return at < 0
        ? { fileName: 'attachments', reason: message }
        : { fileName: message.slice(0, at), reason: message.slice(at + 2) };
    });
}

let fileKey = 0;
const storedFiles = (template: MessageTemplate | undefined): TemplateFile[] =>
  template?.attachments.map((attachment) => ({
    key: attachment.id,
    kind: 'stored',
    attachment,
  })) ?? [];

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
 * fields, the same message in other languages, and its files. Files are taken off, the template
 * saved, then new files added: a save whose new files are refused keeps the template and names
 * each refused file.
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
  const [files, setFiles] = useState<TemplateFile[]>(() => storedFiles(template));
  const [refusals, setRefusals] = useState<FileRefusal[]>([]);
  /** The template as stored: the one edited, or the one this dialog added. */
  const [saved, setSaved] = useState(template);
  const [isSaving, setIsSaving] = useState(false);
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const addFiles = useAddTemplateAttachments();
  const removeFile = useRemoveTemplateAttachment();
  const mutation = saved ? update : create;
  const fieldErrors = toServerFieldErrors(mutation.error);
  const fieldError = (field: string) =>
    fieldErrors[field] === undefined ? undefined : sentence(fieldErrors[field]);
  const fileError = [addFiles.error, removeFile.error].find(
    (error) => error !== null && refusalsOf(error).length === 0,
  );
  const otherError =
    mutation.isError && Object.keys(fieldErrors).length === 0
      ? mutation.error.message
      : (fileError?.message ?? null);
  const usesEmail = channel !== 'SMS';

  function changeVariant(key: number, change: Partial<VariantDraft>) {
    setVariants((current) =>
      current.map((variant) => (variant.key === key ? { ...variant, ...change } : variant)),
    );
  }

  function handleAddVariant() {
    setVariants((current) => [...current, toDraft({ language: '', subject: null, body: '' })]);
  }

  /** Keeps what the template's channel may carry; a text-only one says the spec's toast too. */
  function handlePickFiles(picked: File[]) {
    const mode = channel === 'SMS' ? 'SMS' : 'EMAIL';
    const current = files.map((file) => ({
      size: file.kind === 'stored' ? file.attachment.size : file.file.size,
    }));
    const sorted = sortPickedFiles(mode, current, picked);
    if (mode === 'SMS' && sorted.refused.length > 0) {
      notifications.show({ color: 'red', message: NOT_AN_IMAGE_MESSAGE });
    }
    setRefusals(sorted.refused);
    setFiles((existing) => [
      ...existing,
      ...sorted.kept.map((file): TemplateFile => ({
        key: `picked-${++fileKey}`,
        kind: 'picked',
        file,
      })),
    ]);
  }

  function handleRemoveFile(key: string) {
    setFiles((existing) => existing.filter((file) => file.key !== key));
  }

  async function saveAll(input: UpdateTemplateRequest) {
    // Files taken off first: a template turned text-only may not keep its PDF past the save.
    if (saved) {
      for (const attachment of saved.attachments) {
        const kept = files.some((file) => file.key === attachment.id);
        if (!kept)
          await removeFile.mutateAsync({ templateId: saved._id, attachmentId: attachment.id });
      }
    }
    const stored = saved
      ? await update.mutateAsync({ templateId: saved._id, ...input })
      : await create.mutateAsync({ ...input, scope });
    setSaved(stored);
    const picked = files.flatMap((file) => (file.kind === 'picked' ? [file.file] : []));
    if (picked.length === 0) return true;
    try {
      await addFiles.mutateAsync({ templateId: stored._id, files: picked });
      return true;
    } catch (error) {
      // The template is saved; its new files are not. They stay listed to take out or retry.
      setFiles([...storedFiles(stored), ...files.filter((file) => file.kind === 'picked')]);
      setRefusals(refusalsOf(error));
      return false;
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
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
    setIsSaving(true);
    setRefusals([]);
    try {
      if (await saveAll(input)) {
        notifications.show({ color: 'teal', message: 'The template was saved.' });
        onClose();
      }
    } catch (error) {
      // Shown from the mutation's error; a refused file is named beside the files.
      setRefusals(refusalsOf(error));
    } finally {
      setIsSaving(false);
    }
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
          <TemplateFiles
            channel={channel}
            files={files}
            refusals={refusals}
            onPick={handlePickFiles}
            onRemove={handleRemoveFile}
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
            <Button type="submit" loading={isSaving}>
              {saved ? 'Save template' : 'Add template'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
