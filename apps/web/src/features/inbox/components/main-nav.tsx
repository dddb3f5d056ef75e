import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useToday } from '../api/get-today';
import classes from './main-nav.module.css';

/** The header's two places: the shared queue, and the signed-in person's Today with its count. */
export function MainNav() {
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
      </Group>
    </nav>
  );
}
