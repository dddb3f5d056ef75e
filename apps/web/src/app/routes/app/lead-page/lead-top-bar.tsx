import { ActionIcon, Anchor, Group, Tooltip } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './lead-page.module.css';

export type LeadTopBarProps = {
  /** Where 'Back to dashboard' goes: the inbox the lead was opened from. */
  backHref: string;
  /** Next/previous lead in that inbox, beside the way back. */
  queueNavigation?: ReactNode;
};

/** The way back and next/previous lead, above the pane. */
export function LeadTopBar({ backHref, queueNavigation }: LeadTopBarProps) {
  return (
    <div className={classes.topBar}>
      <div>
        <Anchor component={Link} to={backHref} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} stroke={1.75} aria-hidden />
            Back to dashboard
          </Group>
        </Anchor>
      </div>
      {queueNavigation}
    </div>
  );
}

export type LeadBackLinkProps = {
  /** The inbox the lead was opened from. */
  backHref: string;
};

/** 'Back to dashboard' as an arrow before the lead's name: the pane's first line keeps its room. */
export function LeadBackLink({ backHref }: LeadBackLinkProps) {
  return (
    <Tooltip label="Back to dashboard" withArrow>
      <ActionIcon
        component={Link}
        to={backHref}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label="Back to dashboard"
      >
        <IconArrowLeft size={18} stroke={1.75} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
