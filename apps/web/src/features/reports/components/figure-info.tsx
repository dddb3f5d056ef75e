import { ActionIcon, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

export type FigureInfoProps = {
  /** The figure's name: the button is 'About <name>'. */
  name: string;
  /** What the figure counts (definitions.ts). */
  definition: string;
};

/**
 * An (i) beside a figure's name: what it counts, on which clock and in which time zone. The
 * tooltip opens on hover, on keyboard focus and on a tap.
 */
export function FigureInfo({ name, definition }: FigureInfoProps) {
  return (
    <Tooltip
      label={definition}
      multiline
      w={300}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`About ${name}`}>
        <IconInfoCircle size={16} stroke={1.75} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
