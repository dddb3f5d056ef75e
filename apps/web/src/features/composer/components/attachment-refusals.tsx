import { Text } from '@mantine/core';
import type { FileRefusal } from '../../../lib/attachments';
import classes from './composer.module.css';

export type AttachmentRefusalsProps = { refusals: FileRefusal[] };

/** One message naming each picked file that was not attached, and why. */
export function AttachmentRefusals({ refusals }: AttachmentRefusalsProps) {
  if (refusals.length === 0) return null;
  return (
    <div role="alert" aria-label="Files not attached">
      <Text size="xs" c="red" className={classes.problem}>
        Not attached:
      </Text>
      <ul className={classes.refusals}>
        {refusals.map((refusal, index) => (
          <Text component="li" size="xs" c="red" key={`${refusal.fileName}-${index}`}>
            {refusal.fileName}: {refusal.reason}
          </Text>
        ))}
      </ul>
    </div>
  );
}
