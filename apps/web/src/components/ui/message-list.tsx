import { Skeleton, Stack, ThemeIcon } from '@mantine/core';
import { IconMail, IconMessage } from '@tabler/icons-react';
import type { FileAttachment } from '@leasing/contract';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format-date';
import { formatPhone } from '../../lib/format-phone';
import { FileChips } from './file-chips';
import classes from './message-list.module.css';

export type MessageMedia = { url: string; thumbnailUrl: string; name: string };

export type MessageListItemProps = {
  channel: 'SMS' | 'EMAIL';
  /**
   * In the order shown: `To` first for what we sent, `From` first for what we received. A text's
   * numbers are written as agents write them, '(512) 555-0101'.
   */
  addresses: { label: string; value: string }[];
  /** When it was sent or received (ISO 8601). */
  time: string;
  subject?: string | null;
  body?: string | null;
  media?: MessageMedia[];
  /** Files that are no image: download chips. */
  files?: FileAttachment[];
  /** Below the message: why it is here, what can be done with it. */
  footer?: ReactNode;
};

/** One message of a plain list (the sandbox outbox, unmatched messages): not a conversation. */
export function MessageListItem({
  channel,
  addresses,
  time,
  subject,
  body,
  media = [],
  files = [],
  footer,
}: MessageListItemProps) {
  const isEmail = channel === 'EMAIL';
  const channelLabel = isEmail ? 'Email' : 'SMS';
  return (
    <li className={classes.item}>
      <ThemeIcon
        size={34}
        radius="xl"
        variant="light"
        color={isEmail ? 'grape' : 'indigo'}
        aria-label={channelLabel}
        role="img"
      >
        {isEmail ? <IconMail size={18} stroke={1.75} /> : <IconMessage size={18} stroke={1.75} />}
      </ThemeIcon>
      <div className={classes.itemBody}>
        <div className={classes.header}>
          <dl className={classes.addresses}>
            {addresses.map(({ label, value }) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{isEmail ? value : formatPhone(value)}</dd>
              </div>
            ))}
          </dl>
          <time className={classes.time} dateTime={time}>
            {formatDateTime(time)}
          </time>
        </div>
        {isEmail && subject && <div className={classes.subject}>{subject}</div>}
        {body && <div className={classes.body}>{body}</div>}
        {media.length > 0 && (
          <div className={classes.media}>
            {media.map(({ url, thumbnailUrl, name }, index) => (
              <a
                key={`${url}-${index}`}
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.mediaLink}
                aria-label={`Open ${name}`}
              >
                <img src={thumbnailUrl} alt={name} loading="lazy" decoding="async" />
              </a>
            ))}
          </div>
        )}
        <FileChips files={files} className={classes.media} />
        {footer && <div className={classes.footer}>{footer}</div>}
      </div>
    </li>
  );
}

export type MessageListProps = {
  label: string;
  children: ReactNode;
};

export function MessageList({ label, children }: MessageListProps) {
  return (
    <ul className={classes.list} aria-label={label}>
      {children}
    </ul>
  );
}

export function MessageListSkeleton({ label }: { label: string }) {
  return (
    <Stack gap={0} role="status" aria-label={label}>
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className={classes.item}>
          <Skeleton circle height={34} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={12} width="45%" />
            <Skeleton height={12} width="85%" />
            <Skeleton height={12} width="60%" />
          </Stack>
        </div>
      ))}
    </Stack>
  );
}
