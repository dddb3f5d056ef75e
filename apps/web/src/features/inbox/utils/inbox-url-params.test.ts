import { describe, expect, it } from 'vitest';
import { hasInboxNarrowing, readInboxParams, writeInboxParams } from './inbox-url-params';

describe('the inbox in the URL', () => {
  it('reads the search, known filters in one order, and a known channel', () => {
    const params = readInboxParams(
      new URLSearchParams('q=ava&filter=unread,bogus,decision&channel=FAX'),
      'property-1',
    );
    expect(params).toEqual({
      propertyId: 'property-1',
      search: 'ava',
      filters: ['decision', 'unread'],
      channel: null,
      view: 'all',
    });
    expect(hasInboxNarrowing(params)).toBe(true);
    expect(hasInboxNarrowing(readInboxParams(new URLSearchParams(), null))).toBe(false);
  });

  it('writes changes, keeps the rest, and drops what is empty', () => {
    const start = new URLSearchParams('property=p1&view=tours&q=ava');
    const next = writeInboxParams(start, {
      search: '  ',
      filters: ['unread', 'awaiting'],
      channel: 'SMS',
    });
    expect(next.toString()).toBe('property=p1&view=tours&filter=awaiting%2Cunread&channel=SMS');
    expect(start.toString()).toBe('property=p1&view=tours&q=ava');
  });

  it("keeps the owner view in 'owner', and leaves 'All' (the default) out", () => {
    expect(readInboxParams(new URLSearchParams('owner=mine'), null).view).toBe('mine');
    expect(readInboxParams(new URLSearchParams('owner=everyone'), null).view).toBe('all');
    const mine = writeInboxParams(new URLSearchParams('q=ava'), { view: 'assistant' });
    expect(mine.toString()).toBe('q=ava&owner=assistant');
    expect(writeInboxParams(mine, { view: 'all' }).toString()).toBe('q=ava');
  });
});
