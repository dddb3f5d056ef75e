import { Button } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import classes from './timeline.module.css';

export type NewEventsPillProps = {
  count: number;
  onClick: () => void;
};

/** Floats at the newest end of the timeline: events arrived below the reader's place. */
export function NewEventsPill({ count, onClick }: NewEventsPillProps) {
  return (
    <div className={classes.newEvents}>
      <Button
        size="compact-sm"
        radius="xl"
        leftSection={<IconArrowDown size={14} stroke={2} aria-hidden />}
        onClick={onClick}
        className={classes.newEventsButton}
      >
        {count === 1 ? '1 new event' : `${count} new events`}
      </Button>
    </div>
  );
}
