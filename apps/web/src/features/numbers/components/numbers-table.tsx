import type { CompanyNumber, LeadSourceRef, Property } from '@leasing/contract';
import { Badge, Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhone } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { listState } from '../../../components/ui/list-state';
import { RowActions } from '../../../components/ui/row-actions';
import { SourceSelect } from '../../../components/ui/source-select';
import { StackedTable } from '../../../components/ui/stacked-table';
import { formatDate } from '../../../lib/format-date';
import { formatPhone } from '../../../lib/format-phone';
import { useNumbers } from '../api/get-numbers';
import { useUpdateNumber } from '../api/update-number';
import {
  FALLBACK_USAGE,
  UNUSED_USAGE,
  fallbackNumberId,
  removalBlockedReason,
  sortNumbers,
} from '../utils/number-usage';
import { RemoveNumberDialog } from './remove-number-dialog';
import classes from './numbers-table.module.css';

const COLUMNS = { number: 'Number', usedBy: 'Used by', source: 'Source', added: 'Added' } as const;

type UsedByProps = {
  number: CompanyNumber;
  isFallback: boolean;
  properties: readonly Pick<Property, '_id' | 'name'>[] | undefined;
};

/**
 * A number no property has as its own may be a tracking number of one property: texts and calls
 * to it are that property's leads' (saved at once). The shared number stays the deployment's.
 */
function TrackingProperty({ number, isFallback, properties }: UsedByProps) {
  const update = useUpdateNumber();
  const none = isFallback ? FALLBACK_USAGE : UNUSED_USAGE;
  const options = [
    { value: '', label: none },
    ...(properties ?? []).map((property) => ({
      value: property._id,
      label: `Tracks for ${property.name}`,
    })),
  ];
  // Until the properties load, the number's own property stays listed.
  if (number.trackingProperty && !properties?.some((p) => p._id === number.trackingProperty?._id))
    options.push({
      value: number.trackingProperty._id,
      label: `Tracks for ${number.trackingProperty.name}`,
    });

  function handleChange(trackingPropertyId: string) {
    update.mutate(
      { numberId: number._id, change: { trackingPropertyId: trackingPropertyId || null } },
      { onError: (error) => notifications.show({ color: 'red', message: error.message }) },
    );
  }

  return (
    <NativeSelect
      aria-label={`Property of ${formatPhone(number.number)}`}
      data={options}
      value={number.trackingProperty?._id ?? ''}
      onChange={(event) => handleChange(event.currentTarget.value)}
      disabled={update.isPending}
      size="xs"
      maw={300}
    />
  );
}

function UsedBy({ number, isFallback, properties }: UsedByProps) {
  if (number.properties.length === 0) {
    if (number.isSharedNumber)
      return (
        <Text size="sm" c="dimmed">
          {isFallback ? FALLBACK_USAGE : UNUSED_USAGE}
        </Text>
      );
    return <TrackingProperty number={number} isFallback={isFallback} properties={properties} />;
  }
  return (
    <ul className={classes.usedBy}>
      {number.properties.map((property) => (
        <li key={property._id}>
          <Text size="sm" span>
            {property.name}
          </Text>{' '}
          <Text size="xs" c="dimmed" span>
            {property.pmsPropertyId}
          </Text>
        </li>
      ))}
    </ul>
  );
}

type RemoveControlProps = {
  number: CompanyNumber;
  onRemove: (number: CompanyNumber) => void;
};

/**
 * The row's Remove, or why not. A blocked Remove stays focusable (aria-disabled), so a keyboard
 * user lands on it and hears the reason the row also shows.
 */
function RemoveControl({ number, onRemove }: RemoveControlProps) {
  const reasonId = useId();
  const blockedReason = removalBlockedReason(number);
  const blocked = blockedReason !== null;

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (blocked) event.preventDefault();
    else onRemove(number);
  }

  return (
    <RowActions blockedReason={blockedReason} blockedReasonId={reasonId}>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        aria-label={`Remove ${formatPhone(number.number)}`}
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? reasonId : undefined}
        data-disabled={blocked || undefined}
        onClick={handleClick}
      >
        Remove
      </Button>
    </RowActions>
  );
}

type NumberSourceProps = {
  number: CompanyNumber;
  sources: readonly LeadSourceRef[] | undefined;
};

/** The source new leads texting this number get (a tracking number's 'Zillow'), saved at once. */
function NumberSource({ number, sources }: NumberSourceProps) {
  const setSource = useUpdateNumber();

  function handleChange(sourceId: string | null) {
    setSource.mutate(
      { numberId: number._id, change: { sourceId } },
      { onError: (error) => notifications.show({ color: 'red', message: error.message }) },
    );
  }

  return (
    <SourceSelect
      aria-label={`Source of ${formatPhone(number.number)}`}
      sources={sources}
      value={number.source}
      onChange={handleChange}
      disabled={setSource.isPending}
      size="xs"
      w={170}
    />
  );
}

type NumberRowProps = {
  number: CompanyNumber;
  isFallback: boolean;
  sources: readonly LeadSourceRef[] | undefined;
  properties: readonly Pick<Property, '_id' | 'name'>[] | undefined;
  onRemove: (number: CompanyNumber) => void;
};

function NumberRow({ number, isFallback, sources, properties, onRemove }: NumberRowProps) {
  return (
    <Table.Tr>
      <Table.Td data-label={COLUMNS.number}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatPhone(number.number)}
          </Text>
          {number.isSharedNumber && (
            // A badge hides its overflow, so a table would squeeze it to nothing: keep it whole.
            <Badge color="indigo" variant="light" size="sm" miw="max-content">
              Shared number
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td data-label={COLUMNS.usedBy}>
        <UsedBy number={number} isFallback={isFallback} properties={properties} />
      </Table.Td>
      <Table.Td data-label={COLUMNS.source}>
        <NumberSource number={number} sources={sources} />
      </Table.Td>
      <Table.Td data-label={COLUMNS.added}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(number.createdAt)}
        </Text>
      </Table.Td>
      <RemoveControl number={number} onRemove={onRemove} />
    </Table.Tr>
  );
}

export type NumbersTableProps = {
  /** The company's lead sources a number may give its new leads (the page loads them). */
  sources: readonly LeadSourceRef[] | undefined;
  /** The company's properties a number may be a tracking number of (the page loads them). */
  properties: readonly Pick<Property, '_id' | 'name'>[] | undefined;
};

/**
 * The company's SMS numbers: who texts from each, the source its new leads get, and removing the
 * ones nobody needs.
 */
export function NumbersTable({ sources, properties }: NumbersTableProps) {
  const numbersQuery = useNumbers();
  const [removing, setRemoving] = useState<CompanyNumber | null>(null);

  function handleCloseRemove() {
    setRemoving(null);
  }

  if (!numbersQuery.isSuccess || numbersQuery.data.length === 0) {
    return listState(numbersQuery, {
      loadingLabel: 'Loading numbers',
      errorTitle: 'Could not load the numbers',
      empty: {
        icon: <IconPhone size={22} stroke={1.5} />,
        title: 'No numbers yet',
        description:
          'Add the SMS number your texting provider gave you. Until your company has one, texts to leads cannot be sent.',
      },
    });
  }

  const fallbackId = fallbackNumberId(numbersQuery.data);
  return (
    <>
      <StackedTable label="Numbers" columns={Object.values(COLUMNS)} withActions>
        {sortNumbers(numbersQuery.data).map((number) => (
          <NumberRow
            key={number._id}
            number={number}
            isFallback={number._id === fallbackId}
            sources={sources}
            properties={properties}
            onRemove={setRemoving}
          />
        ))}
      </StackedTable>
      {removing && (
        <RemoveNumberDialog key={removing._id} number={removing} onClose={handleCloseRemove} />
      )}
    </>
  );
}
