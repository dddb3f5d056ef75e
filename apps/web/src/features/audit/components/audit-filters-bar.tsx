import { auditActionLabels, auditActions } from '@leasing/contract';
import type { AuditAction } from '@leasing/contract';
import { Button, CloseButton, Group, Pill, Select, Stack, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { hasFilters, isBackwardRange } from '../utils/audit-filters';
import type { AuditFilters } from '../utils/audit-filters';
import classes from './audit.module.css';

export type PersonOption = { value: string; label: string };

export type AuditFiltersBarProps = {
  filters: AuditFilters;
  /** Colleagues to choose from: there is no staff list yet, so those seen on the loaded entries. */
  people: PersonOption[];
  /** The name of the lead filtered on, when the loaded entries name it. */
  leadName: string | null;
  onChange: (changes: Partial<AuditFilters>) => void;
};

const ACTION_OPTIONS = auditActions.map((action) => ({
  value: action,
  label: auditActionLabels[action],
}));

export const BACKWARD_RANGE_MESSAGE = 'Choose a day on or after the start';

/** Person, action, lead and days: each change goes into the URL, so back and reload keep it. */
export function AuditFiltersBar({ filters, people, leadName, onChange }: AuditFiltersBarProps) {
  function handlePerson(value: string | null) {
    onChange({ userId: value });
  }

  function handleAction(value: string | null) {
    onChange({ action: value as AuditAction | null });
  }

  function handleFrom(event: ChangeEvent<HTMLInputElement>) {
    onChange({ from: event.currentTarget.value || null });
  }

  function handleTo(event: ChangeEvent<HTMLInputElement>) {
    onChange({ to: event.currentTarget.value || null });
  }

  function handleClearLead() {
    onChange({ leadId: null });
  }

  function handleClearAll() {
    onChange({ userId: null, action: null, leadId: null, from: null, to: null });
  }

  return (
    <Stack gap="xs" role="search" aria-label="Filter the audit trail">
      <div className={classes.filters}>
        <Select
          label="Person"
          placeholder="Anyone"
          data={people}
          value={filters.userId}
          onChange={handlePerson}
          clearable
          searchable
          nothingFoundMessage="Nobody on the entries shown"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Action"
          placeholder="Any action"
          data={ACTION_OPTIONS}
          value={filters.action}
          onChange={handleAction}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput type="date" label="From" value={filters.from ?? ''} onChange={handleFrom} />
        <TextInput
          type="date"
          label="To"
          value={filters.to ?? ''}
          onChange={handleTo}
          error={isBackwardRange(filters) ? BACKWARD_RANGE_MESSAGE : undefined}
        />
      </div>
      {hasFilters(filters) && (
        <Group gap="xs" wrap="wrap">
          {filters.leadId && (
            <Pill size="md" className={classes.leadPill}>
              <Group gap={4} wrap="nowrap">
                Lead: {leadName ?? 'the chosen lead'}
                <CloseButton
                  size="xs"
                  aria-label="Remove the lead filter"
                  onClick={handleClearLead}
                />
              </Group>
            </Pill>
          )}
          <Button variant="subtle" size="compact-sm" onClick={handleClearAll}>
            Clear filters
          </Button>
        </Group>
      )}
    </Stack>
  );
}
