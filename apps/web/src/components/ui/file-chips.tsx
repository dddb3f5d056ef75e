import { fileTypeLabel } from '@leasing/contract';
import type { FileAttachment } from '@leasing/contract';
import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { formatFileSize } from '../../lib/format-file-size';

/**
 * Files that are no image shown ('lease.pdf · PDF · 240 KB'), each a download named by what it
 * shows ('Download lease.pdf · PDF · 240 KB'; axe: label-content-name-mismatch).
 */
export function FileChips({ files, className }: { files: FileAttachment[]; className?: string }) {
  if (files.length === 0) return null;
  return (
    <Group gap={6} className={className}>
      {files.map((file, index) => (
        <Badge
          key={`${file.url}-${index}`}
          component="a"
          href={file.url}
          download={file.fileName}
          variant="outline"
          color="gray"
          radius="sm"
          tt="none"
          // A long name wraps instead of hiding the type and size on a phone.
          styles={{
            root: { height: 'auto', maxWidth: '100%' },
            label: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
          }}
          leftSection={<IconPaperclip size={12} aria-hidden />}
        >
          <VisuallyHidden>Download</VisuallyHidden> {file.fileName} ·{' '}
          {fileTypeLabel(file.contentType)} · {formatFileSize(file.size)}
        </Badge>
      ))}
    </Group>
  );
}
