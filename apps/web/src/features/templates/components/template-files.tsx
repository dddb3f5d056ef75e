import type { TemplateAttachment, TemplateChannel } from '@leasing/contract';
import { ActionIcon, Button, Group, Input, Text, Tooltip } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import type { ChangeEvent } from 'react';
import { ATTACHMENT_ACCEPT, EMAIL_ATTACHMENT_ACCEPT } from '../../../lib/attachments';
import type { FileRefusal } from '../../../lib/attachments';
import { formatFileSize } from '../../../lib/format-file-size';

/** A file of the template: one it has (`attachment`) or one picked to add when it is saved. */
export type TemplateFile =
  | { key: string; kind: 'stored'; attachment: TemplateAttachment }
  | { key: string; kind: 'picked'; file: File };

const nameOf = (file: TemplateFile) =>
  file.kind === 'stored' ? file.attachment.fileName : file.file.name;
const sizeOf = (file: TemplateFile) =>
  file.kind === 'stored' ? file.attachment.size : file.file.size;

export type TemplateFilesProps = {
  channel: TemplateChannel;
  files: TemplateFile[];
  /** The files of the last selection (or the last save) that were not taken, and why. */
  refusals: FileRefusal[];
  onPick: (files: File[]) => void;
  onRemove: (key: string) => void;
};

/**
 * The template's attachments on its edit dialog: images for a text-only template (sent as MMS),
 * an email's files otherwise (images among them also go with its texts).
 */
export function TemplateFiles({ channel, files, refusals, onPick, onRemove }: TemplateFilesProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const imagesOnly = channel === 'SMS';

  function handleChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = [...(input.files ?? [])];
    // Cleared every time: choosing the same file again must fire a change too.
    input.value = '';
    if (picked.length > 0) onPick(picked);
  }

  return (
    <Input.Wrapper
      label="Attachments"
      description={
        imagesOnly
          ? 'Images (PNG, JPEG, GIF, WebP) sent with the text as MMS.'
          : channel === 'EMAIL'
            ? 'Files attached to the email: PDF, images, office documents, text.'
            : 'Files attached to the email; its images also go with the text as MMS.'
      }
    >
      <Group gap="xs" mt={6} wrap="wrap">
        <ul aria-label="Template attachments" style={{ display: 'contents' }}>
          {files.map((file) => (
            <Group
              component="li"
              key={file.key}
              gap={4}
              wrap="nowrap"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
              px={8}
              py={2}
            >
              <Text size="sm">
                {nameOf(file)} · {formatFileSize(sizeOf(file))}
                {file.kind === 'picked' && ' · added when saved'}
              </Text>
              <Tooltip label="Remove" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Remove ${nameOf(file)}`}
                  onClick={() => onRemove(file.key)}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </ul>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPaperclip size={14} />}
          onClick={() => inputRef.current?.click()}
        >
          {imagesOnly ? 'Add images' : 'Add files'}
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          accept={imagesOnly ? ATTACHMENT_ACCEPT : EMAIL_ATTACHMENT_ACCEPT}
          onChange={handleChosen}
        />
      </Group>
      {refusals.length > 0 && (
        <div role="alert" aria-label="Files not attached">
          <Text size="xs" c="red.7" mt={6}>
            Not attached:
          </Text>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {refusals.map((refusal, index) => (
              <Text component="li" size="xs" c="red.7" key={`${refusal.fileName}-${index}`}>
                {refusal.fileName}: {refusal.reason}
              </Text>
            ))}
          </ul>
        </div>
      )}
    </Input.Wrapper>
  );
}
