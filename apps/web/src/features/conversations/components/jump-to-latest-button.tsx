import { Button } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import classes from './timeline.module.css';

export type JumpToLatestButtonProps = { onClick: () => void };

/** Floats at the newest end of the timeline while the reader is away from the newest events. */
export function JumpToLatestButton({ onClick }: JumpToLatestButtonProps) {
  return (
    <div className={classes.newEvents}>
      <Button
        size="compact-sm"
        radius="xl"
        variant="default"
        leftSection={<IconArrowDown size={14} stroke={2} aria-hidden />}
        onClick={onClick}
        className={classes.newEventsButton}
      >
        Jump to latest
      </Button>
    </div>
  );
}
