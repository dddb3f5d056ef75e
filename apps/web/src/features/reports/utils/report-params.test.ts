import { describe, expect, it } from 'vitest';
import {
  daysOf,
  figureSearch,
  leadsQueryFrom,
  paramsWith,
  reportParamsFrom,
  reportSearchOf,
} from './report-params';

const PROPERTY = '0b6c1f7e-3c7a-4f3e-9d7a-2d6f1f0c9a11';
const now = new Date('2026-11-20T18:00:00Z');

describe('report params', () => {
  it('reads the report from its URL, and leaves out what the server would refuse', () => {
    const params = reportParamsFrom(
      new URLSearchParams(
        `range=last_7_days&propertyId=${PROPERTY}&view=activity&funnelGroupBy=source&speedGroupBy=nonsense`,
      ),
    );
    expect(params).toEqual({
      range: 'last_7_days',
      from: null,
      to: null,
      propertyId: PROPERTY,
      view: 'activity',
      funnelGroupBy: 'source',
      speedGroupBy: null,
    });
    // Custom without its days is the default preset.
    expect(reportParamsFrom(new URLSearchParams('range=custom&from=2026-11-01')).range).toBe(
      'last_30_days',
    );
  });

  it('keeps defaults out of the URL and custom days in it', () => {
    const params = reportParamsFrom(new URLSearchParams());
    expect(paramsWith(params, {}).toString()).toBe('');
    expect(
      paramsWith(params, { range: 'custom', from: '2026-11-01', to: '2026-11-15' }).toString(),
    ).toBe('range=custom&from=2026-11-01&to=2026-11-15');
  });

  it('carries the report, its days and the figure to the leads, and back again', () => {
    const params = reportParamsFrom(new URLSearchParams('range=this_month&funnelGroupBy=owner'));
    const days = daysOf(params, 'America/Chicago', now);
    expect(days).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    const search = new URLSearchParams(
      figureSearch(params, days, { figure: 'toured', groupBy: 'source', group: 'zillow' }),
    );
    expect(leadsQueryFrom(search)).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
      view: 'cohort',
      figure: 'toured',
      groupBy: 'source',
      group: 'zillow',
      limit: 50,
    });
    // Back: the report's own grouping, not the figure's; a preset without its days.
    expect(reportSearchOf(search)).toBe('range=this_month&funnelGroupBy=owner');
  });

  it('refuses a leads URL without a figure', () => {
    expect(leadsQueryFrom(new URLSearchParams('from=2026-11-01&to=2026-11-20'))).toBeNull();
  });
});
