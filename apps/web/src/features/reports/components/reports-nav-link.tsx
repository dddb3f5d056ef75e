import { Box } from '@mantine/core';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * The header's link to Reports, for every staff role (an agent's figures are their own). A phone's
 * header has no room left for it: there Reports is in the account menu.
 */
export function ReportsNavLink({ className }: { className?: string }) {
  return (
    <Box component="span" visibleFrom="sm" style={{ display: 'contents' }}>
      <NavLink to={paths.reports.getHref()} className={className}>
        Reports
      </NavLink>
    </Box>
  );
}
