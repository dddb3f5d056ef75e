import type { ReactNode } from 'react';
import classes from './reports.module.css';

export type ScrollTableProps = {
  /** The table's name, so the scrolling region is named too. */
  label: string;
  children: ReactNode;
};

/**
 * A wide table scrolls sideways inside its card on a narrow screen; the frame takes focus so a
 * keyboard can scroll it too.
 */
export function ScrollTable({ label, children }: ScrollTableProps) {
  return (
    <div className={classes.scroll} role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
