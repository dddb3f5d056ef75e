import type { Property } from '@leasing/contract';
import { Text, Title } from '@mantine/core';

export type PropertyScopeHeaderProps = {
  /** null: all properties. */
  property: Property | null;
  properties: Property[];
};

/** What the inbox shows: one property (its address and PMS id), or all of them with their leads. */
export function PropertyScopeHeader({ property, properties }: PropertyScopeHeaderProps) {
  if (!property) {
    const leadCount = properties.reduce((sum, item) => sum + item.leadCount, 0);
    return (
      <div>
        <Title order={2} size="h4">
          All properties
        </Title>
        <Text size="sm" c="dimmed">
          {properties.length === 1 ? '1 property' : `${properties.length} properties`} ·{' '}
          {leadCount === 1 ? '1 lead' : `${leadCount} leads`}
        </Text>
      </div>
    );
  }
  return (
    <div>
      <Title order={2} size="h4">
        {property.name}
      </Title>
      <Text size="sm" c="dimmed">
        {property.address && <>{property.address} · </>}
        <span style={{ whiteSpace: 'nowrap' }}>PMS {property.pmsPropertyId}</span>
      </Text>
    </div>
  );
}
