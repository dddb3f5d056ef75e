import { Badge, Group } from '@mantine/core';
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
        <NavLink
          to={paths.today.getHref()}
          className={classes.link}
          aria-label={count > 0 ? `Today, ${count} need action` : 'Today'}
        >
          Today
          {count > 0 && (
            <Badge size="sm" circle={count < 10} color="red" variant="filled" aria-hidden>
              {count > 99 ? '99+' : count}
            </Badge>
          )}
        </NavLink>
      </Group>
    </nav>
  );
}
