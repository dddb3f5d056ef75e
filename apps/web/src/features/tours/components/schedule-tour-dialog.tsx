import { tourKindLabels, tourKinds } from '@leasing/contract';
import type { Lead, TourKind, TourSlot } from '@leasing/contract';
import {
  Alert,
  Anchor,
  Button,
  Chip,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCalendarPlus,
  IconCalendarRepeat,
  IconInfoCircle,
} from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { FormEvent } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiRequestError } from '../../../lib/api-client';
import { formatDate, formatTime, formatZoneName } from '../../../lib/format-date';
import { formatZoned } from '../../../lib/format-zoned';
import { useBookTour } from '../api/book-tour';
import { useRescheduleTour } from '../api/reschedule-tour';
import { useTourAvailability } from '../api/get-tour-availability';
import { useTourSlots } from '../api/get-tour-slots';

/** How far ahead the dialog lists free times. */
const DAYS_SHOWN = 14;
const DAY_MS = 86_400_000;

type DialogLead = Pick<Lead, '_id' | 'name' | 'propertyID' | 'pmsLeadId' | 'tourDateUTC'>;

/** The booked tour 'Reschedule' moves: its id, type and start. */
export type TourToMove = { tourId: string; type: TourKind; start: string };

/** The free slots grouped by their day on the property's clock, in order. */
const byDay = (slots: TourSlot[], timeZone: string) => {
  const days = new Map<string, TourSlot[]>();
  for (const slot of slots) {
    const day = formatDate(slot.start, { timeZone });
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.entries()].map(([day, daySlots]) => ({ day, slots: daySlots }));
};

function SlotsSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading free times">
      <Skeleton height={36} />
      <Group gap="xs">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={30} width={80} radius="xl" />
        ))}
      </Group>
    </Stack>
  );
}

type FormProps = {
  lead: DialogLead;
  kinds: TourKind[];
  move: TourToMove | undefined;
  onClose: () => void;
};

function ScheduleTourForm({ lead, kinds, move, onClose }: FormProps) {
  const [type, setType] = useState<TourKind>(move?.type ?? kinds[0]!);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [from] = useState(() => new Date());
  const hintId = useId();
  const slotsQuery = useTourSlots({
    propertyId: lead.propertyID,
    type,
    from: from.toISOString(),
    to: new Date(from.getTime() + DAYS_SHOWN * DAY_MS).toISOString(),
  });
  const booking = useBookTour(lead);
  const rescheduling = useRescheduleTour(move?.tourId ?? '', lead);
  const mutation = move ? rescheduling : booking;
  const timeZone = slotsQuery.data?.timeZone;
  const days = useMemo(
    () =>
      slotsQuery.data
        ? byDay(
            // Moving a tour to the time it already has is no move.
            slotsQuery.data.items.filter(
              (slot) => !(move && slot.start === move.start && slot.type === move.type),
            ),
            slotsQuery.data.timeZone,
          )
        : [],
    [slotsQuery.data, move],
  );
  const day = days.find((candidate) => candidate.day === chosenDay) ?? days[0];
  const chosen = day?.slots.find((slot) => slot.start === start);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || !timeZone) return;
    mutation.mutate(
      { start: chosen.start, type },
      {
        onSuccess: (tour) => {
          const when = formatZoned(tour.start, tour.timeZone, { alwaysNameZone: true });
          notifications.show({
            color: 'green',
            message: move ? `Tour moved to ${when}` : `Tour scheduled for ${when}`,
          });
          onClose();
        },
        onError: () => setStart(null),
      },
    );
  }

  const error = mutation.error;
  const hasTourAhead = lead.tourDateUTC !== null && new Date(lead.tourDateUTC) > from;

  return (
    <form onSubmit={handleSubmit} aria-label={move ? 'Reschedule the tour' : 'Schedule a tour'}>
      <Stack gap="md">
        {move && timeZone && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            Now: {formatZoned(move.start, timeZone, { alwaysNameZone: true })}. {lead.name} gets a
            text with the new time, and an email when we have their address.
          </Alert>
        )}
        {!move && hasTourAhead && timeZone && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {lead.name} has a tour on{' '}
            {formatZoned(lead.tourDateUTC!, timeZone, { alwaysNameZone: true })}.
          </Alert>
        )}
        {kinds.length > 1 && (
          <SegmentedControl
            aria-label="Tour type"
            value={type}
            onChange={(value) => {
              setType(value as TourKind);
              setStart(null);
              setChosenDay(null);
            }}
            data={kinds.map((kind) => ({ value: kind, label: tourKindLabels[kind] }))}
          />
        )}
        {kinds.length === 1 && (
          <Text size="sm">
            <Text span fw={600}>
              Type:
            </Text>{' '}
            {tourKindLabels[type]}
          </Text>
        )}
        {slotsQuery.isPending && <SlotsSkeleton />}
        {slotsQuery.isError && (
          <ErrorState
            title="Could not load free times"
            message={slotsQuery.error.message}
            onRetry={() => void slotsQuery.refetch()}
          />
        )}
        {slotsQuery.isSuccess && days.length === 0 && (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
            No free times in the next {DAYS_SHOWN} days.
          </Alert>
        )}
        {slotsQuery.isSuccess && day && timeZone && (
          <>
            <NativeSelect
              label="Day"
              value={day.day}
              onChange={(event) => {
                setChosenDay(event.currentTarget.value);
                setStart(null);
              }}
              data={days.map((option) => ({
                value: option.day,
                label: `${option.day} · ${option.slots.length} free`,
              }))}
            />
            <Stack gap={6}>
              <Text size="sm" fw={500} id={`${hintId}-times`}>
                Time ({formatZoneName(timeZone, day.slots[0]!.start)} time)
              </Text>
              <Chip.Group multiple={false} value={start ?? ''} onChange={setStart}>
                <Group gap="xs" role="radiogroup" aria-labelledby={`${hintId}-times`}>
                  {day.slots.map((slot) => (
                    <Chip key={slot.start} value={slot.start} variant="outline">
                      {formatTime(slot.start, { timeZone })}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
          </>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {error instanceof ApiRequestError
              ? error.message
              : 'Something went wrong. Please try again.'}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            leftSection={move ? <IconCalendarRepeat size={16} /> : <IconCalendarPlus size={16} />}
            loading={mutation.isPending}
            disabled={!chosen}
            aria-describedby={chosen ? undefined : hintId}
          >
            {move ? 'Move tour' : 'Schedule tour'}
          </Button>
        </Group>
        {!chosen && (
          <Text size="xs" c="dimmed" id={hintId} ta="right">
            Pick a time first.
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** Mounted only while the dialog is open: the availability and the slots are asked for then. */
function DialogBody({
  lead,
  move,
  availabilityHref,
  onClose,
}: Omit<ScheduleTourDialogProps, 'opened'>) {
  const availabilityQuery = useTourAvailability(lead.propertyID);
  if (availabilityQuery.isPending) return <SlotsSkeleton />;
  if (availabilityQuery.isError) {
    return (
      <ErrorState
        title="Could not load tour times"
        message={availabilityQuery.error.message}
        onRetry={() => void availabilityQuery.refetch()}
      />
    );
  }
  const { availability } = availabilityQuery.data;
  const kinds = tourKinds.filter((kind) => availability.kinds[kind].enabled || kind === move?.type);
  if (kinds.length === 0) {
    return (
      <Stack gap="md">
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          This property offers no tours yet. A manager or an admin can turn a tour type on.
          {availabilityHref && (
            <>
              {' '}
              <Anchor component={Link} to={availabilityHref} inherit>
                Tour availability
              </Anchor>
            </>
          )}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  return <ScheduleTourForm lead={lead} kinds={kinds} move={move} onClose={onClose} />;
}

export type ScheduleTourDialogProps = {
  lead: DialogLead;
  /** The booked tour to move ('Reschedule'); unset: a new tour ('Schedule tour'). */
  move?: TourToMove;
  /** Where a manager or admin turns tour types on (unset: the viewer may not). */
  availabilityHref?: string;
  opened: boolean;
  onClose: () => void;
};

/**
 * 'Schedule tour': staff pick a type, a day and a free time of the lead's property (its clock,
 * named) and book it; a time taken meanwhile says so and the times are asked for again. With
 * `move`, the same dialog moves a booked tour ('Reschedule'): the lead is told the new time.
 */
export function ScheduleTourDialog({
  lead,
  move,
  availabilityHref,
  opened,
  onClose,
}: ScheduleTourDialogProps) {
  const title = move ? `Reschedule the tour · ${lead.name}` : `Schedule a tour · ${lead.name}`;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      {opened && (
        <DialogBody lead={lead} move={move} availabilityHref={availabilityHref} onClose={onClose} />
      )}
    </Modal>
  );
}
