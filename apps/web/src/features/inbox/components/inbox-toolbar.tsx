import { leadStatuses, leadStatusLabels } from '@leasing/contract';
import type { InboxChannel, InboxFilter, LeadStatus } from '@leasing/contract';
import { Chip, CloseButton, Group, MultiSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { ChangeEvent } from 'react';

/** Long enough to type a phone number without a request per digit. */
const SEARCH_DEBOUNCE_MS = 300;

const filterLabels: Record<InboxFilter, string> = {
  decision: 'Open decision',
  awaiting: 'Awaiting reply',
  unread: 'Unread',
};
const channelLabels: Record<InboxChannel, string> = { SMS: 'SMS', EMAIL: 'Email' };
const statusOptions = leadStatuses.map((status) => ({
  value: status,
  label: leadStatusLabels[status],
}));

export type InboxToolbarProps = {
  search: string;
  filters: InboxFilter[];
  channel: InboxChannel | null;
  statuses: LeadStatus[];
  onSearchChange: (search: string) => void;
  onFiltersChange: (filters: InboxFilter[]) => void;
  onChannelChange: (channel: InboxChannel | null) => void;
  onStatusesChange: (statuses: LeadStatus[]) => void;
};

/**
 * The search box (a name, an email, or a phone number typed any way), the filter chips and the
 * pipeline statuses to show. The channel chips are either/or: a lead reachable by SMS, or by email.
 */
export function InboxToolbar({
  search,
  filters,
  channel,
  statuses,
  onSearchChange,
  onFiltersChange,
  onChannelChange,
  onStatusesChange,
}: InboxToolbarProps) {
  const [text, setText] = useState(search);
  const [lastSearch, setLastSearch] = useState(search);
  const debouncedSearchChange = useDebouncedCallback(onSearchChange, SEARCH_DEBOUNCE_MS);

  // The search changed from outside (filters cleared, Back): the box shows it.
  if (search !== lastSearch) {
    setLastSearch(search);
    if (search.trim() !== text.trim()) setText(search);
  }

  function handleTextChange(event: ChangeEvent<HTMLInputElement>) {
    setText(event.currentTarget.value);
    debouncedSearchChange(event.currentTarget.value);
  }

  function handleClearText() {
    setText('');
    debouncedSearchChange.cancel();
    onSearchChange('');
  }

  function handleFiltersChange(values: string[]) {
    onFiltersChange(values as InboxFilter[]);
  }

  function handleStatusesChange(values: string[]) {
    onStatusesChange(values as LeadStatus[]);
  }

  function handleChannelToggle(value: InboxChannel) {
    onChannelChange(channel === value ? null : value);
  }

  return (
    <Group gap="sm" wrap="wrap" align="center">
      <TextInput
        value={text}
        onChange={handleTextChange}
        placeholder="Search name, email or phone"
        aria-label="Search leads"
        leftSection={<IconSearch size={16} stroke={1.75} />}
        rightSection={
          text ? (
            <CloseButton size="sm" aria-label="Clear search" onClick={handleClearText} />
          ) : null
        }
        style={{ flex: '1 1 260px' }}
        maxLength={100}
      />
      <Group gap={6} wrap="wrap" role="group" aria-label="Filters">
        <Chip.Group multiple value={filters} onChange={handleFiltersChange}>
          {(Object.keys(filterLabels) as InboxFilter[]).map((filter) => (
            <Chip key={filter} value={filter} size="sm" variant="outline">
              {filterLabels[filter]}
            </Chip>
          ))}
        </Chip.Group>
        {(Object.keys(channelLabels) as InboxChannel[]).map((value) => (
          <Chip
            key={value}
            size="sm"
            variant="outline"
            checked={channel === value}
            onChange={() => handleChannelToggle(value)}
          >
            {channelLabels[value]}
          </Chip>
        ))}
        <MultiSelect
          data={statusOptions}
          value={statuses}
          onChange={handleStatusesChange}
          aria-label="Status"
          placeholder={statuses.length === 0 ? 'Any status' : undefined}
          size="xs"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear status filter' }}
          comboboxProps={{ withinPortal: true }}
          style={{ minWidth: 150, maxWidth: 320 }}
        />
      </Group>
    </Group>
  );
}
