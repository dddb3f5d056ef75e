import { Badge, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useUnmatchedCount } from '../api/get-unmatched-count';

/**
 * The header's link to unmatched messages, with how many wait for someone. Shown only while some
 * do: otherwise the page is reached from the dashboard and the account menu.
 */
export function UnmatchedNavLink({ className }: { className?: string }) {
  const count = useUnmatchedCount().data?.open ?? 0;
  if (count === 0) return null;
  return (
    <NavLink to={paths.unmatched.getHref()} className={className}>
      Unmatched
      <VisuallyHidden>, </VisuallyHidden>
      <Badge size="sm" circle={count < 10} color="orange" variant="filled">
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden> waiting</VisuallyHidden>
    </NavLink>
  );
}
