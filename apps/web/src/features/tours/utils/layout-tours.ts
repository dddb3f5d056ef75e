import type { Tour } from '@leasing/contract';
import { toZonedTime } from './zoned-week';

/**
 * How long a tour is drawn: the PMS sends only its start. An hour is what most tours take, and
 * tall enough for a time and a name.
 */
export const TOUR_DRAWN_MINUTES = 60;
/** Hours the calendar always shows (8 AM to 8 PM): a leasing office's day. */
export const DEFAULT_FIRST_HOUR = 8;
export const DEFAULT_LAST_HOUR = 20;

export type PlacedTour = {
  tour: Tour;
  /** 0 = Sunday … 6 = Saturday of the week shown. */
  dayIndex: number;
  hour: number;
  /** Minutes from the day's midnight in the office's zone. */
  startMinute: number;
  /** Side-by-side tours that overlap share the column: this one's lane, of `lanes`. */
  lane: number;
  lanes: number;
};

export type WeekLayout = {
  tours: PlacedTour[];
  /** The hour rows to draw: the office day, stretched to any tour outside it. */
  firstHour: number;
  /** Exclusive. */
  lastHour: number;
};

/** Gives overlapping tours of one day their own lanes, so none hides another. */
function assignLanes(dayTours: PlacedTour[]): PlacedTour[] {
  const sorted = [...dayTours].sort((a, b) => a.startMinute - b.startMinute);
  const result: PlacedTour[] = [];
  let cluster: PlacedTour[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -Infinity;

  const closeCluster = () => {
    for (const placed of cluster) result.push({ ...placed, lanes: laneEnds.length });
    cluster = [];
    laneEnds = [];
  };

  for (const placed of sorted) {
    if (placed.startMinute >= clusterEnd) closeCluster();
    const end = placed.startMinute + TOUR_DRAWN_MINUTES;
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= placed.startMinute);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = end;
    clusterEnd = Math.max(clusterEnd, end);
    cluster.push({ ...placed, lane });
  }
  closeCluster();
  return result;
}

/** The tours of the week starting on `weekStart`, placed by day and minute in the zone. */
export function layoutWeek(tours: Tour[], weekStart: number, timeZone: string): WeekLayout {
  const placed: PlacedTour[] = [];
  for (const tour of tours) {
    const time = toZonedTime(tour.tourDateUTC, timeZone);
    const dayIndex = time.day - weekStart;
    if (dayIndex < 0 || dayIndex > 6) continue;
    placed.push({
      tour,
      dayIndex,
      hour: time.hour,
      startMinute: time.hour * 60 + time.minute,
      lane: 0,
      lanes: 1,
    });
  }
  const byDay = Array.from({ length: 7 }, (_, dayIndex) =>
    assignLanes(placed.filter((item) => item.dayIndex === dayIndex)),
  );
  const hours = placed.map((item) => item.hour);
  return {
    tours: byDay.flat(),
    firstHour: Math.min(DEFAULT_FIRST_HOUR, ...hours),
    lastHour: Math.max(
      DEFAULT_LAST_HOUR,
      ...placed.map((item) =>
        Math.min(24, Math.ceil((item.startMinute + TOUR_DRAWN_MINUTES) / 60)),
      ),
    ),
  };
}
