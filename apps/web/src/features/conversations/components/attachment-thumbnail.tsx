import type { Attachment } from '@leasing/contract';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import classes from './timeline.module.css';

/** Spec §9: attachment thumbnails retry up to this many times on load error. */
export const THUMBNAIL_RETRY_LIMIT = 3;
/** Wait before retry n: n × this, so a briefly unavailable image gets time to appear. */
export const THUMBNAIL_RETRY_DELAY_MS = 300;

/** A new URL for the same image, so the browser asks again instead of reusing the failure. */
function retryUrl(url: string, attempt: number): string {
  if (attempt === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
}

type LoadState = 'loading' | 'waiting' | 'failed';

export type AttachmentThumbnailProps = {
  attachment: Attachment;
};

/** The thumbnail of an image attachment; opens the full image in a new tab. */
export function AttachmentThumbnail({ attachment }: AttachmentThumbnailProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>('loading');

  // The retry timer must not outlive the row (rows unmount as the timeline scrolls).
  useEffect(() => {
    if (state !== 'waiting') return;
    const timer = window.setTimeout(
      () => {
        setAttempt((current) => current + 1);
        setState('loading');
      },
      THUMBNAIL_RETRY_DELAY_MS * (attempt + 1),
    );
    return () => window.clearTimeout(timer);
  }, [state, attempt]);

  function handleError() {
    setState(attempt < THUMBNAIL_RETRY_LIMIT ? 'waiting' : 'failed');
  }

  return (
    <a
      className={classes.thumbnail}
      href={attachment.url}
      target="_blank"
      rel="noopener noreferrer"
      title={attachment.fileName}
      aria-label={`Open ${attachment.fileName}`}
    >
      {state === 'failed' ? (
        <span className={classes.thumbnailFallback}>
          <IconPhotoOff size={22} stroke={1.5} aria-hidden />
          <span>{attachment.fileName}</span>
        </span>
      ) : (
        <img
          key={attempt}
          src={retryUrl(attachment.thumbnailUrl, attempt)}
          alt={attachment.fileName}
          loading="lazy"
          decoding="async"
          onError={handleError}
          style={{ visibility: state === 'waiting' ? 'hidden' : undefined }}
        />
      )}
    </a>
  );
}
