import { Badge, Box, VisuallyHidden } from '@mantine/core';
import { IconMailQuestion } from '@tabler/icons-react';
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
      {/* A phone's header has no room for the word: an icon shows instead, the name stays. */}
      <Box component="span" hiddenFrom="sm" style={{ display: 'inline-flex' }}>
        <IconMailQuestion size={18} stroke={1.75} aria-hidden />
      </Box>
      <Box component="span" visibleFrom="sm">
        Unmatched
      </Box>
      <VisuallyHidden hiddenFrom="sm">Unmatched</VisuallyHidden>
      <VisuallyHidden>, </VisuallyHidden>
      <Badge size="sm" circle={count < 10} color="orange" variant="filled">
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden> waiting</VisuallyHidden>
    </NavLink>
  );
}
