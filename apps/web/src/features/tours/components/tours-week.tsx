import type { Tour } from '@leasing/contract';
import { ActionIcon, Button, Group, Loader, Text, Title, Tooltip } from '@mantine/core';
import { IconCalendarEvent, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { paths } from '../../../config/paths';
import { formatDate, formatTime, formatZoneName } from '../../../lib/format-date';
import { formatZoned } from '../../../lib/format-zoned';
import { useTours } from '../api/get-tours';
import { layoutWeek, TOUR_DRAWN_MINUTES } from '../utils/layout-tours';
import type { PlacedTour } from '../utils/layout-tours';
import { tourTypeLabel } from '../utils/tour-type-label';
import {
  browserTimeZone,
  dayAsDate,
  dayToIso,
  startOfWeek,
  todayIn,
  toZonedTime,
  weekFetchRange,
} from '../utils/zoned-week';
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

type TourCardProps = {
  placed: PlacedTour;
  firstHour: number;
  showProperty: boolean;
};

/** The tour's time is on its property's clock, naming the zone when it is not the viewer's. */
function TourCard({ placed, firstHour, showProperty }: TourCardProps) {
  const { tour, lane, lanes } = placed;
  const { time, meta } = describeTour(tour, showProperty);
  const type = tourTypeLabel(tour.tourTypeID);
  const style: CSSProperties = {
    top: ((placed.startMinute - firstHour * 60) / 60) * HOUR_HEIGHT,
    height: (TOUR_DRAWN_MINUTES / 60) * HOUR_HEIGHT,
    left: `${(lane / lanes) * 100}%`,
    width: `${100 / lanes}%`,
  };
  const label = [tour.name, time, type && `${type} tour`, showProperty ? tour.propertyName : null]
    .filter(Boolean)
    .join(', ');
  return (
    <div className={classes.tour} style={style}>
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
    </div>
  );
}

/** What a tour says of itself: its time (zone named when not the viewer's), type and property. */
function describeTour(tour: Tour, showProperty: boolean) {
  const time = formatZoned(tour.tourDateUTC, tour.propertyTimeZone, { layout: formatTime });
  const type = tourTypeLabel(tour.tourTypeID);
  const meta = [type, showProperty ? tour.propertyName : null].filter(Boolean).join(' · ');
  return { time, meta };
}

type DayListProps = {
  week: number;
  today: number;
  tours: PlacedTour[];
  showProperty: boolean;
};

/** A phone's week: each day a heading and its tours in time order, a tap opening the lead. */
function ToursDayList({ week, today, tours, showProperty }: DayListProps) {
  return (
    <ol className={classes.dayList} data-week={dayToIso(week)}>
      {WEEKDAY_NAMES.map((weekday, index) => {
        const day = week + index;
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
              <p className={classes.listEmpty}>No tours</p>
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
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
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
  // The office's zone comes with the first answer; until then the viewer's stands in.
  const guessWeek = weekStart ?? startOfWeek(todayIn(browserTimeZone()));
  const toursQuery = useTours({ propertyId, ...weekFetchRange(guessWeek) });
  const timeZone = toursQuery.data?.timeZone ?? browserTimeZone();
  const today = todayIn(timeZone);
  const week = weekStart ?? startOfWeek(today);
  const isThisWeek = week === startOfWeek(today);
  const tours: Tour[] = toursQuery.data?.items ?? [];
  const layout = layoutWeek(tours, week, timeZone);
  const hourCount = layout.lastHour - layout.firstHour;
  const showProperty = propertyId === null;
  const now = toZonedTime(new Date(), timeZone);
  const nowTop = ((now.hour * 60 + now.minute - layout.firstHour * 60) / 60) * HOUR_HEIGHT;
  const showNow = isThisWeek && nowTop >= 0 && nowTop <= hourCount * HOUR_HEIGHT;
  // A phone lists the week's days one under another instead of cutting the grid.
  const isDayList = useMediaQuery('(max-width: 48em)') ?? false;

  function handlePrevious() {
    onWeekChange(week - 7);
  }
  function handleNext() {
    onWeekChange(week + 7);
  }
  function handleToday() {
    onWeekChange(null);
  }
  function handleRetry() {
    void toursQuery.refetch();
  }

  const weekTitle = `${formatDate(dayAsDate(week), UTC)} – ${formatDate(dayAsDate(week + 6), UTC)}`;
  const isEmpty = toursQuery.isSuccess && layout.tours.length === 0;

  return (
    <section aria-label={`Tours, week of ${formatDate(dayAsDate(week), UTC)}`}>
      <Group justify="space-between" p="md" pb="sm" gap="sm">
        <Group gap="sm">
          <Group gap={4}>
            <Tooltip label="Previous week">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Previous week"
                onClick={handlePrevious}
              >
                <IconChevronLeft size={18} stroke={1.75} />
              </ActionIcon>
            </Tooltip>
            <Button
              variant="default"
              onClick={handleToday}
              disabled={isThisWeek && weekStart === null}
            >
              Today
            </Button>
            <Tooltip label="Next week">
              <ActionIcon variant="default" size="lg" aria-label="Next week" onClick={handleNext}>
                <IconChevronRight size={18} stroke={1.75} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Title order={3} size="h5">
            {weekTitle}
          </Title>
          {toursQuery.isFetching && <Loader size={14} role="status" aria-label="Loading tours" />}
          {isEmpty && !toursQuery.isFetching && (
            <Group gap={6} c="dimmed">
              <IconCalendarEvent size={16} stroke={1.75} aria-hidden />
              <Text size="sm" c="dimmed">
                No tours scheduled this week.
              </Text>
            </Group>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Office time: {formatZoneName(timeZone)}
        </Text>
      </Group>
      {toursQuery.isError && !toursQuery.data ? (
        <ErrorState
          title="Could not load tours"
          message={toursQuery.error.message}
          onRetry={handleRetry}
        />
      ) : isDayList ? (
        <ToursDayList week={week} today={today} tours={layout.tours} showProperty={showProperty} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <div
            className={classes.calendar}
            style={{ '--hour-height': `${HOUR_HEIGHT}px` } as CSSProperties}
            data-week={dayToIso(week)}
          >
            <div className={classes.corner} />
            {WEEKDAYS.map((weekday, index) => {
              const day = week + index;
              return (
                <div
                  key={weekday}
                  className={classes.dayHeader}
                  data-today={day === today || undefined}
                  data-testid="tours-day-header"
                >
                  <span className={classes.weekday}>{weekday}</span>
                  <span className={classes.dayNumber}>{dayAsDate(day).getUTCDate()}</span>
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
            {WEEKDAYS.map((weekday, index) => {
              const day = week + index;
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
                      />
                    ))}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}
