import { describe, expect, it } from 'vitest';
import { leadSummary } from '../../../testing/fixtures';
import { upsertLeadSummary } from './merge-live-updates';
import type { LeadPages } from './merge-live-updates';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 15, minute)).toISOString();
const ids = (events: { _id: string }[]) => events.map((event) => event._id);

describe('updating a property lead list', () => {
  const summaryAt = (id: string, minute: number) =>
    leadSummary({ _id: id, pmsLeadId: id, lastActivityAt: at(minute) });
  const pages = (...lists: [string, number][][]): LeadPages => ({
    pages: lists.map((items, index) => ({
      items: items.map(([id, minute]) => summaryAt(id, minute)),
      nextCursor: index < lists.length - 1 ? `cursor-${index}` : null,
    })),
    pageParams: lists.map((_, index) => (index === 0 ? null : `cursor-${index - 1}`)),
  });
  const names = (data: LeadPages) => data.pages.map((page) => ids(page.items));

  it('moves a lead with new activity to the top, from any loaded page', () => {
    const data = pages(
      [
        ['a', 50],
        ['b', 40],
      ],
      [
        ['c', 30],
        ['d', 20],
      ],
    );
    expect(names(upsertLeadSummary(data, summaryAt('d', 60)))).toEqual([['d', 'a', 'b'], ['c']]);
  });

  it('puts a new lead at the top and keeps the others', () => {
    const data = pages([
      ['a', 50],
      ['b', 40],
    ]);
    const updated = upsertLeadSummary(data, summaryAt('new', 55));
    expect(names(updated)).toEqual([['new', 'a', 'b']]);
    expect(updated.pageParams).toBe(data.pageParams);
  });

  it('updates a lead in place when its place does not change', () => {
    const data = pages([
      ['a', 50],
      ['b', 40],
    ]);
    const optedOut = { ...summaryAt('b', 40), phoneOptStatus: 'OPT_OUT' as const };
    const updated = upsertLeadSummary(data, optedOut);
    expect(names(updated)).toEqual([['a', 'b']]);
    expect(updated.pages[0]?.items[1]?.phoneOptStatus).toBe('OPT_OUT');
  });

  it('leaves a lead whose place is past the loaded pages to a later page', () => {
    const data = pages(
      [
        ['a', 50],
        ['b', 40],
      ],
      [['c', 30]],
    );
    data.pages[1]!.nextCursor = 'more';
    expect(names(upsertLeadSummary(data, summaryAt('z', 10)))).toEqual([['a', 'b'], ['c']]);
    data.pages[1]!.nextCursor = null;
    expect(names(upsertLeadSummary(data, summaryAt('z', 10)))).toEqual([
      ['a', 'b'],
      ['c', 'z'],
    ]);
  });
});
