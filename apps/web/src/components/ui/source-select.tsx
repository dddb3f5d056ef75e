import type { LeadSourceRef } from '@leasing/contract';
import { Select } from '@mantine/core';
import type { SelectProps } from '@mantine/core';

/** The option that clears the source (a Select's value cannot be null and still be chosen). */
const NO_SOURCE = 'none';

export type SourceSelectProps = {
  /** The accessible name: 'Source of (512) 555-0100', 'Source'. */
  'aria-label': string;
  /** The company's sources; undefined while they load. */
  sources: readonly LeadSourceRef[] | undefined;
  value: LeadSourceRef | null;
  onChange: (sourceId: string | null) => void;
  disabled?: boolean;
} & Pick<SelectProps, 'size' | 'w' | 'maw' | 'miw'>;

/**
 * One of the company's lead sources, or 'No source'. The current one is offered even before the
 * list has loaded (or once it was merged away), so the field never shows blank.
 */
export function SourceSelect({ sources, value, onChange, disabled, ...props }: SourceSelectProps) {
  const known = sources ?? [];
  const options = [
    { value: NO_SOURCE, label: 'No source' },
    ...known.map((source) => ({ value: source._id, label: source.name })),
    ...(value && !known.some((source) => source._id === value._id)
      ? [{ value: value._id, label: value.name }]
      : []),
  ];

  function handleChange(next: string | null) {
    const sourceId = next === NO_SOURCE ? null : next;
    if (next === null || sourceId === (value?._id ?? null)) return;
    onChange(sourceId);
  }

  return (
    <Select
      {...props}
      data={options}
      value={value?._id ?? NO_SOURCE}
      onChange={handleChange}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No such source"
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
