import { CloseButton, Tooltip } from '@mantine/core';
import { IconFileText, IconPhotoOff } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import type { DraftAttachment } from '../hooks/use-composer';
import { formatFileSize, formatMegabytes } from '../../../lib/format-file-size';
import { isAttachableImage, pickedFileLabel } from '../../../lib/attachments';
import classes from './composer.module.css';

/**
 * The picked file drawn from an object URL. The URL keeps the file in memory until revoked, so it
 * lives exactly as long as the <img> (a ref with a cleanup: no state, no effect).
 */
function FilePreviewImage({ file }: { file: File }) {
  // The browser could not draw it (the server will say what is wrong with it on sending).
  const [isUnreadable, setIsUnreadable] = useState(false);
  const showFile = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  if (isUnreadable) {
    return (
      <span className={classes.previewFallback} role="img" aria-label={file.name}>
        <IconPhotoOff size={22} stroke={1.5} />
      </span>
    );
  }
  return <img ref={showFile} alt={file.name} onError={() => setIsUnreadable(true)} />;
}

type AttachmentPreviewProps = {
  attachment: DraftAttachment;
  disabled: boolean;
  onRemove: (id: string) => void;
};

/** A file that is no image, as its chip: 'lease.pdf · PDF · 240 KB'. */
function FileChip({ file }: { file: File }) {
  const label = `${file.name} · ${pickedFileLabel(file)} · ${formatFileSize(file.size)}`;
  return (
    <div className={classes.previewFile} role="img" aria-label={label}>
      <IconFileText size={18} stroke={1.5} aria-hidden />
      <span className={classes.previewFileName}>{label}</span>
    </div>
  );
}

function AttachmentPreview({ attachment, disabled, onRemove }: AttachmentPreviewProps) {
  const { file } = attachment;
  return (
    <li className={classes.preview}>
      {isAttachableImage(file) ? (
        <Tooltip label={`${file.name} · ${formatMegabytes(file.size)}`} withArrow>
          <div className={classes.previewImage}>
            <FilePreviewImage file={file} />
          </div>
        </Tooltip>
      ) : (
        <FileChip file={file} />
      )}
      <CloseButton
        size="xs"
        radius="xl"
        variant="filled"
        iconSize={12}
        className={classes.previewRemove}
        aria-label={`Remove ${file.name}`}
        disabled={disabled}
        onClick={() => onRemove(attachment.id)}
      />
    </li>
  );
}

export type AttachmentPreviewsProps = {
  attachments: DraftAttachment[];
  disabled: boolean;
  onRemove: (id: string) => void;
};

/** The files about to be sent (images as thumbnails, other files as chips), each removable. */
export function AttachmentPreviews({ attachments, disabled, onRemove }: AttachmentPreviewsProps) {
  if (attachments.length === 0) return null;
  const onlyImages = attachments.every((attachment) => isAttachableImage(attachment.file));
  return (
    <ul className={classes.previews} aria-label={onlyImages ? 'Attached images' : 'Attached files'}>
      {attachments.map((attachment) => (
        <AttachmentPreview
          key={attachment.id}
          attachment={attachment}
          disabled={disabled}
          onRemove={onRemove}
        />
      ))}
    </ul>
  );
}
