import type { Property } from '@leasing/contract';
import { Badge, NavLink, Stack } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export type PropertyListProps = {
  properties: Property[];
  selectedPropertyId: string | null;
};

export function PropertyList({ properties, selectedPropertyId }: PropertyListProps) {
  return (
    <Stack gap={2} component="nav" aria-label="Properties">
      {properties.map((property) => {
        const isSelected = property._id === selectedPropertyId;
        return (
          <NavLink
            key={property._id}
            component={Link}
            to={paths.dashboard.getHref(property._id)}
            active={isSelected}
            aria-current={isSelected ? 'page' : undefined}
            label={property.name}
            description={property.pmsPropertyId}
            leftSection={<IconBuilding size={18} stroke={1.5} />}
            rightSection={
              <Badge
                variant={isSelected ? 'filled' : 'light'}
                color={isSelected ? undefined : 'gray'}
                size="sm"
                aria-label={`${property.leadCount} leads`}
              >
                {property.leadCount}
              </Badge>
            }
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        );
      })}
    </Stack>
  );
}
