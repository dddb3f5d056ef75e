import type { Property } from '@leasing/contract';
import { NativeSelect } from '@mantine/core';
import type { ChangeEvent } from 'react';

export type PropertyScopePickerProps = {
  properties: Property[];
  /** null: all properties. */
  selectedPropertyId: string | null;
  onChange: (propertyId: string | null) => void;
};

const ALL = '';
const leads = (count: number) => (count === 1 ? '1 lead' : `${count} leads`);

/**
 * The property list as one picker, for a screen too narrow to keep it beside the inbox. The
 * phone's own picker opens: large targets, no list to scroll past before the leads.
 */
export function PropertyScopePicker({
  properties,
  selectedPropertyId,
  onChange,
}: PropertyScopePickerProps) {
  const total = properties.reduce((sum, property) => sum + property.leadCount, 0);

  function handleChange(event: ChangeEvent<HTMLSelectElement>) {
    const value = event.currentTarget.value;
    onChange(value === ALL ? null : value);
  }

  return (
    <NativeSelect
      aria-label="Property"
      size="md"
      value={selectedPropertyId ?? ALL}
      onChange={handleChange}
      data={[
        { value: ALL, label: `All properties · ${leads(total)}` },
        ...properties.map((property) => ({
          value: property._id,
          label: `${property.name} · ${leads(property.leadCount)}`,
        })),
      ]}
    />
  );
}
