import type { SpeedHeatCell } from '@leasing/contract';
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { reportDefinitions } from '../definitions';
import { WEEKDAYS, formatHour, formatLeads, formatMinutes } from '../utils/format-report';
import type { FigureFilter } from '../utils/report-params';
import { FigureInfo } from './figure-info';
import { ScrollTable } from './scroll-table';
import classes from './reports.module.css';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const LEVELS = 5;

export type SpeedHeatMapProps = {
  cells: SpeedHeatCell[];
  figureHref: (filter: FigureFilter) => string;
};

/** 'Tuesday 9 AM: 4 leads, median 12 min'. */
export function heatCellLabel(cell: SpeedHeatCell): string {
  const when = `${WEEKDAYS[cell.weekday - 1]} ${formatHour(cell.hour)}`;
  const wait =
    cell.medianMinutes === null
      ? 'none answered yet'
      : `median ${formatMinutes(cell.medianMinutes)}`;
  return `${when}: ${formatLeads(cell.arrived)}, ${wait}`;
}

/**
 * When first messages arrived, Monday to Sunday by hour (the company's time zone), shaded by how
 * many. A real table: each cell with arrivals is a link to those leads, named with its weekday,
 * hour, count and median wait, so a keyboard and a screen reader get what the shading shows.
 */
export function SpeedHeatMap({ cells, figureHref }: SpeedHeatMapProps) {
  const byKey = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]));
  const most = Math.max(1, ...cells.map((cell) => cell.arrived));
  return (
    <div>
      <Group gap={4} wrap="nowrap">
        <Text fw={600} id="speed-heat-map">
          First messages by weekday and hour
        </Text>
        <FigureInfo name="the heat map" definition={reportDefinitions.heatMap} />
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        Darker cells: more leads. Each number is how many leads wrote first then; hover or focus it
        for their median wait.
      </Text>
      <ScrollTable label="First messages by weekday and hour">
        <table className={classes.heatMap} aria-labelledby="speed-heat-map">
          <thead>
            <tr>
              <th scope="col">
                <VisuallyHidden>Weekday</VisuallyHidden>
              </th>
              {HOURS.map((hour) => (
                <th key={hour} scope="col">
                  <span aria-hidden>
                    {formatHour(hour).replace(' AM', 'a').replace(' PM', 'p')}
                  </span>
                  <VisuallyHidden>{formatHour(hour)}</VisuallyHidden>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((weekdayName, index) => {
              const weekday = index + 1;
              return (
                <tr key={weekday}>
                  <th scope="row">
                    <span aria-hidden>{weekdayName.slice(0, 3)}</span>
                    <VisuallyHidden>{weekdayName}</VisuallyHidden>
                  </th>
                  {HOURS.map((hour) => {
                    const cell = byKey.get(`${weekday}-${hour}`);
                    if (!cell || cell.arrived === 0) {
                      return (
                        <td
                          key={hour}
                          className={classes.heatCell}
                          aria-label={`${weekdayName} ${formatHour(hour)}: no leads`}
                        />
                      );
                    }
                    const label = heatCellLabel(cell);
                    return (
                      <td
                        key={hour}
                        className={classes.heatCell}
                        data-level={Math.ceil((cell.arrived / most) * LEVELS)}
                      >
                        <Link
                          className={classes.heatLink}
                          to={figureHref({ figure: 'arrived', weekday, hour })}
                          aria-label={label}
                          title={label}
                        >
                          {cell.arrived}
                        </Link>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}
