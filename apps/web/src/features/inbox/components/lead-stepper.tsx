import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { LeadNeighbors } from '../hooks/use-lead-neighbors';

export type LeadStepperProps = {
  neighbors: LeadNeighbors;
  /** Open the lead before / after (the page does, so its keys do the same). */
  onPrevious: () => void;
  onNext: () => void;
  /** Shown in the tooltips, when the page binds keys to the moves. */
  keys?: { previous: string; next: string };
};

/**
 * 'Previous lead' / 'Next lead' in the queue the lead was opened from, and where in it this lead
 * is. A move that cannot be made says why (the control stays focusable so its reason is heard).
 */
export function LeadStepper({ neighbors, onPrevious, onNext, keys }: LeadStepperProps) {
  const { position, loaded, hasMore, previousBlockedReason, nextBlockedReason } = neighbors;

  const hint = (label: string, key?: string) => (key ? `${label} (${key})` : label);
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label="Inbox queue">
      {position !== null && (
        <Text size="sm" c="dimmed" mr={4} style={{ whiteSpace: 'nowrap' }}>
          {position} of {loaded}
          {hasMore ? '+' : ''}
        </Text>
      )}
      <StepButton
        label="Previous lead"
        tooltip={previousBlockedReason ?? hint('Previous lead', keys?.previous)}
        blockedReason={previousBlockedReason}
        icon={<IconChevronUp size={18} stroke={1.75} aria-hidden />}
        onClick={onPrevious}
      />
      <StepButton
        label="Next lead"
        tooltip={nextBlockedReason ?? hint('Next lead', keys?.next)}
        blockedReason={nextBlockedReason}
        icon={<IconChevronDown size={18} stroke={1.75} aria-hidden />}
        onClick={onNext}
      />
    </Group>
  );
}

type StepButtonProps = {
  label: string;
  tooltip: string;
  blockedReason: string | null;
  icon: ReactNode;
  onClick: () => void;
};

/** Off, it stays focusable and says why, rather than disappearing from the keyboard's path. */
function StepButton({ label, tooltip, blockedReason, icon, onClick }: StepButtonProps) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        aria-disabled={blockedReason ? true : undefined}
        aria-description={blockedReason ?? undefined}
        data-disabled={blockedReason ? true : undefined}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
