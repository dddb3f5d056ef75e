import { Anchor, Group } from '@mantine/core';
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
