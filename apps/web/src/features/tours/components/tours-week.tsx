import { tourKinds } from '@leasing/contract';
import type { Tour, TourKind, TourSlot } from '@leasing/contract';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarRepeat,
  IconChevronLeft,
  IconChevronRight,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { paths } from '../../../config/paths';
import { formatDate, formatTime, formatZoneName } from '../../../lib/format-date';
import { formatZoned } from '../../../lib/format-zoned';
import { useTours } from '../api/get-tours';
import { useTourAvailability } from '../api/get-tour-availability';
import { useTourSlots } from '../api/get-tour-slots';
import { layoutWeek, TOUR_DRAWN_MINUTES } from '../utils/layout-tours';
import type { PlacedTour } from '../utils/layout-tours';
import { tourTypeLabel } from '../utils/tour-type-label';
import {
  browserTimeZone,
  dayAsDate,
  dayToIso,
  startOfWeek,
  startOfZonedDay,
  todayIn,
  toZonedTime,
  weekFetchRange,
} from '../utils/zoned-week';
import { ScheduleTourDialog } from './schedule-tour-dialog';
import { TourCalendarButton } from './tour-calendar-dialog';
import classes from './tours-week.module.css';

/** Height of one hour segment. */
const HOUR_HEIGHT = 52;
/** Sunday first (spec §9). */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
/** A day number as its date: day numbers are UTC midnights. */
const UTC = { timeZone: 'UTC' } as const;
/** 'Nov 23': the week's title carries the year. */
const DAY_OF_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', ...UTC });

function hourLabel(hour: number): string {
  return formatTime(dayAsDate(0).getTime() + hour * 3_600_000, UTC);
}

/** A booked tour still ahead can be moved ('Reschedule'); a PMS tour is moved in the PMS. */
const canMove = (tour: Tour, now: number) =>
  tour.booking !== null && Date.parse(tour.tourDateUTC) > now;

/** Whose tour it is on the calendar: the agent giving it, else the lead's owner. */
const agentOf = (tour: Tour) =>
  tour.booking?.agent ??
  (tour.owner.kind === 'user' ? { userId: tour.owner.userId, name: tour.owner.name } : null);

type RescheduleButtonProps = {
  tour: Tour;
  onReschedule: (tour: Tour) => void;
  /** On a phone's list: a finger-sized button beside the row. */
  large?: boolean;
};

function RescheduleButton({ tour, onReschedule, large = false }: RescheduleButtonProps) {
  const label = `Reschedule ${tour.name}'s tour`;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={large ? 'default' : 'subtle'}
        color={large ? undefined : 'teal'}
        size={large ? 44 : 'sm'}
        aria-label={label}
        className={large ? undefined : classes.moveButton}
        onClick={() => onReschedule(tour)}
      >
        <IconCalendarRepeat size={large ? 20 : 14} stroke={1.75} />
      </ActionIcon>
    </Tooltip>
  );
}

type TourCardProps = {
  placed: PlacedTour;
  firstHour: number;
  showProperty: boolean;
  now: number;
  onReschedule: (tour: Tour) => void;
};

/** The tour's time is on its property's clock, naming the zone when it is not the viewer's. */
function TourCard({ placed, firstHour, showProperty, now, onReschedule }: TourCardProps) {
  const { tour, lane, lanes } = placed;
  const { time, meta } = describeTour(tour, showProperty);
  const type = tourTypeLabel(tour.tourTypeID);
  const style: CSSProperties = {
    top: ((placed.startMinute - firstHour * 60) / 60) * HOUR_HEIGHT,
    height: (TOUR_DRAWN_MINUTES / 60) * HOUR_HEIGHT,
    left: `${(lane / lanes) * 100}%`,
    width: `${100 / lanes}%`,
  };
  const agent = agentOf(tour);
  const label = [
    tour.name,
    time,
    type && `${type} tour`,
    tour.booking?.agent ? `with ${tour.booking.agent.name}` : null,
    tour.booking && !tour.booking.confirmed ? 'not confirmed yet' : null,
    showProperty ? tour.propertyName : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div
      className={classes.tour}
      style={style}
      data-unconfirmed={(tour.booking && !tour.booking.confirmed) || undefined}
      data-agent={agent?.name}
    >
      <Link
        to={paths.leadEscalation.getHref(tour.propertyID, tour.pmsLeadId)}
        className={classes.tourCard}
        title={label}
        data-tour-lead={tour.name}
        data-hour={placed.hour}
      >
        {/* Named by what it shows, so speech and sight agree. */}
        <span className={classes.tourTime}>{time}</span>{' '}
        <span className={classes.tourName}>{tour.name}</span>{' '}
        {meta && <span className={classes.tourMeta}>{meta}</span>}
      </Link>
      {canMove(tour, now) && <RescheduleButton tour={tour} onReschedule={onReschedule} />}
    </div>
  );
}

/** What a tour says of itself: its time (zone named when not the viewer's), type and property. */
function describeTour(tour: Tour, showProperty: boolean) {
  const time = formatZoned(tour.tourDateUTC, tour.propertyTimeZone, { layout: formatTime });
  const type = tourTypeLabel(tour.booking?.type ?? tour.tourTypeID);
  const meta = [
    type,
    tour.booking?.agent?.name,
    tour.booking && !tour.booking.confirmed ? 'Not confirmed' : null,
    showProperty ? tour.propertyName : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return { time, meta };
}

/** A free slot placed on its day: minutes from the day's midnight in the office's zone. */
type PlacedSlot = { slot: TourSlot; dayIndex: number; startMinute: number; minutes: number };

function placeSlots(slots: TourSlot[], week: number, timeZone: string): PlacedSlot[] {
  return slots.flatMap((slot) => {
    const time = toZonedTime(slot.start, timeZone);
    const dayIndex = time.day - week;
    if (dayIndex < 0 || dayIndex > 6) return [];
    const minutes = (Date.parse(slot.end) - Date.parse(slot.start)) / 60_000;
    return [{ slot, dayIndex, startMinute: time.hour * 60 + time.minute, minutes }];
  });
}

function FreeSlot({ placed, firstHour }: { placed: PlacedSlot; firstHour: number }) {
  const places = placed.slot.placesLeft;
  return (
    <div
      className={classes.freeSlot}
      data-free-slot={placed.slot.start}
      style={{
        top: ((placed.startMinute - firstHour * 60) / 60) * HOUR_HEIGHT,
        height: Math.max(14, (placed.minutes / 60) * HOUR_HEIGHT - 2),
      }}
    >
      Free{places > 1 ? ` · ${places}` : ''}
    </div>
  );
}

type DayListProps = {
  week: number;
  /** The week's days to list (0 = Sunday): all seven, or the one day shown. */
  dayIndexes: number[];
  today: number;
  tours: PlacedTour[];
  freeSlots: PlacedSlot[] | null;
  showProperty: boolean;
  now: number;
  onReschedule: (tour: Tour) => void;
};

/** A phone's week: each day a heading and its tours in time order, a tap opening the lead. */
function ToursDayList({
  week,
  dayIndexes,
  today,
  tours,
  freeSlots,
  showProperty,
  now,
  onReschedule,
}: DayListProps) {
  return (
    <ol className={classes.dayList} data-week={dayToIso(week)}>
      {dayIndexes.map((index) => {
        const weekday = WEEKDAY_NAMES[index]!;
        const day = week + index;
        const free = freeSlots?.filter((placed) => placed.dayIndex === index).length;
        const dayTours = tours
          .filter((placed) => placed.dayIndex === index)
          .sort((a, b) => a.startMinute - b.startMinute);
        const heading = `${weekday}, ${DAY_OF_MONTH.format(dayAsDate(day))}`;
        return (
          <li
            key={weekday}
            className={classes.listDay}
            data-today={day === today || undefined}
            data-date={dayToIso(day)}
          >
            <h4 className={classes.listDayHeading}>
              {heading}
              {day === today && <span className={classes.todayTag}> Today</span>}
            </h4>
            {dayTours.length === 0 ? (
              <p className={classes.listEmpty}>
                No tours{free ? ` · ${free} free ${free === 1 ? 'time' : 'times'}` : ''}
              </p>
            ) : (
              <ul className={classes.listTours} aria-label={`Tours on ${heading}`}>
                {dayTours.map(({ tour }) => {
                  const { time, meta } = describeTour(tour, showProperty);
                  return (
                    <li key={tour._id}>
                      <Link
                        to={paths.leadEscalation.getHref(tour.propertyID, tour.pmsLeadId)}
                        className={classes.listTour}
                        data-tour-lead={tour.name}
                      >
                        <span className={classes.listTime}>{time}</span>{' '}
                        <span className={classes.listBody}>
                          <span className={classes.tourName}>{tour.name}</span>{' '}
                          {meta && <span className={classes.tourMeta}>{meta}</span>}
                        </span>
                      </Link>
                      {canMove(tour, now) && (
                        <RescheduleButton tour={tour} onReschedule={onReschedule} large />
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {dayTours.length > 0 && free ? (
              <p className={classes.listFree}>
                {free} free {free === 1 ? 'time' : 'times'}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** Free slots of the first tour type the property offers, from now to the end of what is shown. */
function useFreeSlots(propertyId: string | null, from: number, to: number, now: number) {
  const availability = useTourAvailability(propertyId ?? '', { enabled: propertyId !== null });
  const kinds = availability.data?.availability.kinds;
  const type: TourKind | undefined = kinds && tourKinds.find((kind) => kinds[kind].enabled);
  const start = Math.max(from, now);
  const slots = useTourSlots(
    {
      propertyId: propertyId ?? '',
      type: type ?? 'IN_PERSON',
      from: new Date(start).toISOString(),
      to: new Date(Math.max(to, start + 60_000)).toISOString(),
    },
    { enabled: propertyId !== null && type !== undefined && to > start },
  );
  return { type, slots: slots.data?.items ?? null };
}

export type ToursWeekProps = {
  /** One property's tours, or every property's (null), each then naming its property. */
  propertyId: string | null;
  /** The Sunday of the week shown; null: this week. */
  weekStart: number | null;
  onWeekChange: (weekStart: number | null) => void;
};

/**
 * The week's tours on an hour grid, Sunday first, in the office's time zone (12-hour, en-US).
 * Cancelled tours are not there; a click on a tour opens its lead.
 */
export function ToursWeek({ propertyId, weekStart, onWeekChange }: ToursWeekProps) {
  const [view, setView] = useState<'week' | 'day'>('week');
  /** The day shown in the day view, as its index in the week; null: today's (or Sunday). */
  const [dayChoice, setDayChoice] = useState<number | null>(null);
  const [agentId, setAgentId] = useState('');
  const [moving, setMoving] = useState<Tour | null>(null);
  // When the screen opened, to the minute: free times start there (a stable query key), and a
  // tour before it is not moved any more.
  const [openedAt] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  // The office's zone comes with the first answer; until then the viewer's stands in.
  const guessWeek = weekStart ?? startOfWeek(todayIn(browserTimeZone()));
  const toursQuery = useTours({ propertyId, ...weekFetchRange(guessWeek) });
  const timeZone = toursQuery.data?.timeZone ?? browserTimeZone();
  const today = todayIn(timeZone);
  const week = weekStart ?? startOfWeek(today);
  const isThisWeek = week === startOfWeek(today);
  const dayIndex = dayChoice ?? (isThisWeek ? today - week : 0);
  const dayIndexes = view === 'day' ? [dayIndex] : [0, 1, 2, 3, 4, 5, 6];
  const allTours: Tour[] = toursQuery.data?.items ?? [];
  const agents = [
    ...new Map(
      allTours.flatMap((tour) => {
        const agent = agentOf(tour);
        return agent ? [[agent.userId, agent.name] as const] : [];
      }),
    ),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  const tours = agentId ? allTours.filter((tour) => agentOf(tour)?.userId === agentId) : allTours;
  const layout = layoutWeek(tours, week, timeZone);
  const shownFrom = startOfZonedDay(week + dayIndexes[0]!, timeZone).getTime();
  const shownTo = startOfZonedDay(week + dayIndexes.at(-1)! + 1, timeZone).getTime();
  const free = useFreeSlots(propertyId, shownFrom, shownTo, openedAt);
  const freeSlots = free.slots && placeSlots(free.slots, week, timeZone);
  const hourCount = layout.lastHour - layout.firstHour;
  const showProperty = propertyId === null;
  const nowMs = openedAt;
  const now = toZonedTime(new Date(), timeZone);
  const nowTop = ((now.hour * 60 + now.minute - layout.firstHour * 60) / 60) * HOUR_HEIGHT;
  const showNow = isThisWeek && nowTop >= 0 && nowTop <= hourCount * HOUR_HEIGHT;
  // A phone lists the week's days one under another instead of cutting the grid.
  const isDayList = useMediaQuery('(max-width: 48em)') ?? false;

  function handlePrevious() {
    if (view === 'week') return onWeekChange(week - 7);
    if (dayIndex > 0) return setDayChoice(dayIndex - 1);
    setDayChoice(6);
    onWeekChange(week - 7);
  }
  function handleNext() {
    if (view === 'week') return onWeekChange(week + 7);
    if (dayIndex < 6) return setDayChoice(dayIndex + 1);
    setDayChoice(0);
    onWeekChange(week + 7);
  }
  function handleToday() {
    setDayChoice(null);
    onWeekChange(null);
  }
  function handleRetry() {
    void toursQuery.refetch();
  }
  function handleOpenDay(index: number) {
    setDayChoice(index);
    setView('day');
  }

  const unit = view === 'week' ? 'week' : 'day';
  const title =
    view === 'week'
      ? `${formatDate(dayAsDate(week), UTC)} – ${formatDate(dayAsDate(week + 6), UTC)}`
      : `${WEEKDAY_NAMES[dayIndex]}, ${formatDate(dayAsDate(week + dayIndex), UTC)}`;
  const shownTours = layout.tours.filter((placed) => dayIndexes.includes(placed.dayIndex));
  const isEmpty = toursQuery.isSuccess && shownTours.length === 0;
  const isAtToday = view === 'week' ? isThisWeek : isThisWeek && dayIndex === today - week;

  return (
    <section
      aria-label={
        view === 'week' ? `Tours, week of ${formatDate(dayAsDate(week), UTC)}` : `Tours, ${title}`
      }
    >
      <Group justify="space-between" p="md" pb="sm" gap="sm">
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            aria-label="Calendar view"
            value={view}
            onChange={(value) => setView(value as 'week' | 'day')}
            data={[
              { value: 'week', label: 'Week' },
              { value: 'day', label: 'Day' },
            ]}
          />
          <Group gap={4}>
            <Tooltip label={`Previous ${unit}`}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Previous ${unit}`}
                onClick={handlePrevious}
              >
                <IconChevronLeft size={18} stroke={1.75} />
              </ActionIcon>
            </Tooltip>
            <Button
              variant="default"
              onClick={handleToday}
              disabled={isAtToday && weekStart === null && dayChoice === null}
            >
              Today
            </Button>
            <Tooltip label={`Next ${unit}`}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Next ${unit}`}
                onClick={handleNext}
              >
                <IconChevronRight size={18} stroke={1.75} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Title order={3} size="h5">
            {title}
          </Title>
          {toursQuery.isFetching && <Loader size={14} role="status" aria-label="Loading tours" />}
          {isEmpty && !toursQuery.isFetching && (
            <Group gap={6} c="dimmed">
              <IconCalendarEvent size={16} stroke={1.75} aria-hidden />
              <Text size="sm" c="dimmed">
                {view === 'week' ? 'No tours scheduled this week.' : 'No tours scheduled this day.'}
              </Text>
            </Group>
          )}
        </Group>
        <Group gap="sm">
          {agents.length > 0 && (
            <NativeSelect
              size="xs"
              aria-label="Agent"
              value={agentId}
              onChange={(event) => setAgentId(event.currentTarget.value)}
              data={[
                { value: '', label: 'All agents' },
                ...agents.map(([userId, name]) => ({ value: userId, label: name })),
              ]}
            />
          )}
          <Text size="xs" c="dimmed">
            Office time: {formatZoneName(timeZone)}
          </Text>
          <TourCalendarButton />
        </Group>
      </Group>
      {toursQuery.isError && !toursQuery.data ? (
        <ErrorState
          title="Could not load tours"
          message={toursQuery.error.message}
          onRetry={handleRetry}
        />
      ) : isDayList ? (
        <ToursDayList
          week={week}
          dayIndexes={dayIndexes}
          today={today}
          tours={layout.tours}
          freeSlots={freeSlots}
          showProperty={showProperty}
          now={nowMs}
          onReschedule={setMoving}
        />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <div
            className={classes.calendar}
            style={{ '--hour-height': `${HOUR_HEIGHT}px` } as CSSProperties}
            data-week={dayToIso(week)}
            data-view={view}
          >
            <div className={classes.corner} />
            {dayIndexes.map((index) => {
              const day = week + index;
              const weekday = WEEKDAYS[index]!;
              return (
                <div
                  key={weekday}
                  className={classes.dayHeader}
                  data-today={day === today || undefined}
                  data-testid="tours-day-header"
                >
                  {/* Named by what it shows ('Tue 24'); the day's column names the full date. */}
                  <button
                    type="button"
                    className={classes.dayButton}
                    title={view === 'week' ? 'Show this day' : undefined}
                    aria-pressed={view === 'day'}
                    onClick={() => handleOpenDay(index)}
                  >
                    <span className={classes.weekday}>{weekday}</span>{' '}
                    <span className={classes.dayNumber}>{dayAsDate(day).getUTCDate()}</span>
                  </button>
                </div>
              );
            })}
            <div className={classes.hours} style={{ height: hourCount * HOUR_HEIGHT }} aria-hidden>
              {Array.from({ length: hourCount }, (_, index) => (
                <span
                  key={index}
                  className={classes.hourLabel}
                  data-hour-label={layout.firstHour + index}
                  style={{ top: index * HOUR_HEIGHT + 2 }}
                >
                  {hourLabel(layout.firstHour + index)}
                </span>
              ))}
            </div>
            {dayIndexes.map((index) => {
              const day = week + index;
              const weekday = WEEKDAYS[index]!;
              return (
                <div
                  key={weekday}
                  className={classes.day}
                  role="group"
                  aria-label={`${WEEKDAY_NAMES[index]}, ${formatDate(dayAsDate(day), UTC)}`}
                  data-today={day === today || undefined}
                  data-date={dayToIso(day)}
                  style={{ height: hourCount * HOUR_HEIGHT }}
                >
                  {freeSlots
                    ?.filter(
                      (placed) =>
                        placed.dayIndex === index &&
                        placed.startMinute >= layout.firstHour * 60 &&
                        placed.startMinute < layout.lastHour * 60,
                    )
                    .map((placed) => (
                      <FreeSlot
                        key={placed.slot.start}
                        placed={placed}
                        firstHour={layout.firstHour}
                      />
                    ))}
                  {day === today && showNow && (
                    <div className={classes.now} style={{ top: nowTop }} />
                  )}
                  {layout.tours
                    .filter((placed) => placed.dayIndex === index)
                    .map((placed) => (
                      <TourCard
                        key={placed.tour._id}
                        placed={placed}
                        firstHour={layout.firstHour}
                        showProperty={showProperty}
                        now={nowMs}
                        onReschedule={setMoving}
                      />
                    ))}
                </div>
              );
            })}
          </div>
        </div>
      )}
      {freeSlots && free.type && (
        <Text size="xs" c="dimmed" px="md" pb="sm">
          Free times shown: {tourTypeLabel(free.type)} tours.
        </Text>
      )}
      {moving?.booking && (
        <ScheduleTourDialog
          opened
          lead={moving}
          move={{
            tourId: moving.booking.tourId,
            type: moving.booking.type,
            start: moving.tourDateUTC,
          }}
          onClose={() => setMoving(null)}
        />
      )}
    </section>
  );
}
