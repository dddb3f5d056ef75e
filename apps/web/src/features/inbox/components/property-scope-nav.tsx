import type { Property } from '@leasing/contract';
import { Badge, NavLink, Skeleton, Stack } from '@mantine/core';
import { IconBuilding, IconBuildingCommunity } from '@tabler/icons-react';
import { Link } from 'react-router';

export type PropertyScopeNavProps = {
  properties: Property[];
  /** null: all properties. */
  selectedPropertyId: string | null;
  /** Where picking a property (null: all) goes; the dashboard keeps its other settings. */
  getHref: (propertyId: string | null) => string;
};

function CountBadge({ count, isSelected }: { count: number; isSelected: boolean }) {
  return (
    <Badge
      variant={isSelected ? 'filled' : 'light'}
      color={isSelected ? undefined : 'gray'}
      size="sm"
      aria-label={count === 1 ? '1 lead' : `${count} leads`}
    >
      {count}
    </Badge>
  );
}

/** Which leads the dashboard shows: all the user's properties, or one. */
export function PropertyScopeNav({
  properties,
  selectedPropertyId,
  getHref,
}: PropertyScopeNavProps) {
  const total = properties.reduce((sum, property) => sum + property.leadCount, 0);
  const isAllSelected = selectedPropertyId === null;
  return (
    <Stack gap={2} component="nav" aria-label="Properties">
      <NavLink
        component={Link}
        to={getHref(null)}
        active={isAllSelected}
        aria-current={isAllSelected ? 'page' : undefined}
        label="All properties"
        leftSection={<IconBuildingCommunity size={18} stroke={1.5} />}
        rightSection={<CountBadge count={total} isSelected={isAllSelected} />}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      />
      {properties.map((property) => {
        const isSelected = property._id === selectedPropertyId;
        return (
          <NavLink
            key={property._id}
            component={Link}
            to={getHref(property._id)}
            active={isSelected}
            aria-current={isSelected ? 'page' : undefined}
            label={property.name}
            description={property.pmsPropertyId}
            leftSection={<IconBuilding size={18} stroke={1.5} />}
            rightSection={<CountBadge count={property.leadCount} isSelected={isSelected} />}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        );
      })}
    </Stack>
  );
}

/** The list's place while the properties load. */
export function PropertyScopeNavSkeleton() {
  return (
    <Stack gap="xs" role="status" aria-label="Loading properties">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} height={44} radius="sm" />
      ))}
    </Stack>
  );
}
