import { describe, expect, it } from 'vitest';
import {
  dashboardSearchOf,
  describeInboxNarrowing,
  hasInboxNarrowing,
  inboxLinkSearch,
  readInboxParams,
  readLeadQueue,
  writeInboxParams,
} from './inbox-url-params';

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
      statuses: [],
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

describe('the queue a lead is opened in', () => {
  const filtered = readInboxParams(
    new URLSearchParams('q=ava&filter=unread&channel=SMS&owner=mine&status=TOURED'),
    null,
  );

  it('carries the inbox, naming all properties so a lead link without it means its own', () => {
    expect(inboxLinkSearch(filtered)).toBe(
      '?property=all&q=ava&filter=unread&channel=SMS&owner=mine&status=TOURED',
    );
    expect(inboxLinkSearch({ ...filtered, propertyId: 'p1', search: '' })).toBe(
      '?property=p1&filter=unread&channel=SMS&owner=mine&status=TOURED',
    );
    // Read back on the lead's page, it is the same inbox.
    const carried = new URLSearchParams(inboxLinkSearch(filtered));
    expect(readLeadQueue(carried, 'lead-property')).toEqual(filtered);
  });

  it("takes a lead opened some other way into its own property's inbox", () => {
    expect(readLeadQueue(new URLSearchParams(), 'lead-property')).toEqual(
      readInboxParams(new URLSearchParams(), 'lead-property'),
    );
    expect(readLeadQueue(new URLSearchParams('property=p2'), 'lead-property').propertyId).toBe(
      'p2',
    );
  });

  it("goes back to the dashboard with the same list, 'All properties' unnamed", () => {
    expect(dashboardSearchOf(filtered)).toBe(
      '?q=ava&filter=unread&channel=SMS&owner=mine&status=TOURED',
    );
    expect(dashboardSearchOf(readInboxParams(new URLSearchParams(), null))).toBe('');
    expect(dashboardSearchOf(readInboxParams(new URLSearchParams(), 'p1'))).toBe('?property=p1');
  });

  it('says in words what narrows the list', () => {
    expect(describeInboxNarrowing(filtered)).toBe('Unread · SMS · Toured · “ava”');
    expect(describeInboxNarrowing(readInboxParams(new URLSearchParams(), null))).toBeNull();
  });
});
