import { Badge, Group, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useToday } from '../api/get-today';
import classes from './main-nav.module.css';

export type MainNavProps = {
  /** More places after Today (other features' links), styled like the rest. */
  extra?: (linkClassName: string) => ReactNode;
};

/** The header's places: the shared queue, and the signed-in person's Today with its count. */
export function MainNav({ extra }: MainNavProps) {
  const todayQuery = useToday();
  const count = todayQuery.data?.counts.total ?? 0;
  return (
    <nav aria-label="Main">
      <Group gap={4} wrap="nowrap">
        <NavLink to={paths.dashboard.getHref()} className={classes.link} end>
          Leads
        </NavLink>
        <NavLink to={paths.today.getHref()} className={classes.link}>
          Today
          {count > 0 && (
            <>
              <VisuallyHidden>, </VisuallyHidden>
              <Badge size="sm" circle={count < 10} color="red" variant="filled">
                {count > 99 ? '99+' : count}
              </Badge>
              <VisuallyHidden> need action</VisuallyHidden>
            </>
          )}
        </NavLink>
        {extra?.(classes.link!)}
      </Group>
    </nav>
  );
}
