import { leadStatuses, leadStatusLabels } from '@leasing/contract';
import type { InboxChannel, InboxFilter, LeadStatus } from '@leasing/contract';
import {
  Button,
  Chip,
  CloseButton,
  Collapse,
  Group,
  MultiSelect,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { inboxChannelLabels, inboxFilterLabels } from '../utils/inbox-labels';
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';

/** Long enough to type a phone number without a request per digit. */
const SEARCH_DEBOUNCE_MS = 300;

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
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const [areFiltersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  const filtersId = useId();
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

  const searchInput = (
    <TextInput
      value={text}
      onChange={handleTextChange}
      placeholder="Search name, email or phone"
      aria-label="Search leads"
      leftSection={<IconSearch size={16} stroke={1.75} />}
      rightSection={
        text ? <CloseButton size="sm" aria-label="Clear search" onClick={handleClearText} /> : null
      }
      style={{ flex: isPhone ? '1 1 auto' : '1 1 260px', minWidth: 0 }}
      maxLength={100}
    />
  );
  const filterGroup = (
    <Group gap={6} wrap="wrap" role="group" aria-label="Filters">
      <Chip.Group multiple value={filters} onChange={handleFiltersChange}>
        {(Object.keys(inboxFilterLabels) as InboxFilter[]).map((filter) => (
          <Chip key={filter} value={filter} size="sm" variant="outline">
            {inboxFilterLabels[filter]}
          </Chip>
        ))}
      </Chip.Group>
      {(Object.keys(inboxChannelLabels) as InboxChannel[]).map((value) => (
        <Chip
          key={value}
          size="sm"
          variant="outline"
          checked={channel === value}
          onChange={() => handleChannelToggle(value)}
        >
          {inboxChannelLabels[value]}
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
  );
  const activeCount = filters.length + (channel ? 1 : 0) + statuses.length;

  // A phone keeps the list near the top: the chips open under a 'Filters' button.
  if (isPhone) {
    return (
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="center">
          {searchInput}
          <Button
            variant={activeCount > 0 ? 'light' : 'default'}
            leftSection={<IconFilter size={16} stroke={1.75} aria-hidden />}
            onClick={toggleFilters}
            aria-expanded={areFiltersOpen}
            aria-controls={filtersId}
            style={{ flex: 'none' }}
          >
            {activeCount > 0 ? `Filters · ${activeCount}` : 'Filters'}
          </Button>
        </Group>
        <Collapse expanded={areFiltersOpen} id={filtersId}>
          {filterGroup}
        </Collapse>
      </Stack>
    );
  }

  return (
    <Group gap="sm" wrap="wrap" align="center">
      {searchInput}
      {filterGroup}
    </Group>
  );
}
