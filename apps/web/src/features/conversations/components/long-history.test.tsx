import { apiPaths } from '@leasing/contract';
import type { ConversationEvent, ConversationSearchHit, Lead } from '@leasing/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes, type RecordedRequest } from '../../../testing/fake-server';
import { conversationEvent, demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';

const HOUR = 3_600_000;
const START = Date.UTC(2025, 0, 1, 12);
/** Event `i` of a 200-event history, an hour apart; every 40th one mentions parking. */
const history: ConversationEvent[] = Array.from({ length: 200 }, (_, i) =>
  conversationEvent({
    _id: `e${i}`,
    date: new Date(START + i * HOUR).toISOString(),
    body: i % 40 === 5 ? `Question ${i}: is Parking included?` : `Message ${i}`,
  }),
);
const newestFirst = (from: number, to: number) => history.slice(from, to).reverse();
const hit = (i: number): ConversationSearchHit => ({
  eventId: `e${i}`,
  date: history[i]!.date,
  snippet: `Question ${i}: is Parking included?`,
});
/** The parking matches, newest first: e165, e125, e85, e45, e5. */
const parkingHits = [165, 125, 85, 45, 5].map(hit);

function pagePath(lead: Lead) {
  return `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`;
}

/** The index of the first event at or after `date`. */
const firstAtOrAfter = (date: string) => history.findIndex((event) => event.date >= date);

/** The server's answers over `history`: the lead brings its newest 20 events. */
function openLongHistory() {
  startSession('token');
  stubTimelineLayout();
  const lead = leadFixture({ conversations: newestFirst(180, 200), conversationsCursor: 'c180' });
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    [`GET ${apiPaths.leadConversationsAround(lead._id)}`]: ({ url }: RecordedRequest) => {
      const at = firstAtOrAfter(url.searchParams.get('date')!);
      const from = at === -1 ? history.length : at;
      return {
        body: {
          items: newestFirst(Math.max(0, from - 10), Math.min(history.length, from + 10)),
          olderCursor: from - 10 > 0 ? `c${from - 10}` : null,
          newerCursor: from + 10 < history.length ? `c${from + 10}` : null,
        },
      };
    },
    [`GET ${apiPaths.leadConversations(lead._id)}`]: ({ url }: RecordedRequest) => {
      const before = url.searchParams.get('before');
      const after = url.searchParams.get('after');
      if (after) {
        const from = Number(after.slice(1));
        const to = Math.min(history.length, from + 10);
        return {
          body: { items: newestFirst(from, to), nextCursor: to < history.length ? `c${to}` : null },
        };
      }
      const to = Number(before!.slice(1));
      const from = Math.max(0, to - 10);
      return { body: { items: newestFirst(from, to), nextCursor: from > 0 ? `c${from}` : null } };
    },
    // Two matches a page, as the server pages them: only the first page says the total.
    [`GET ${apiPaths.leadConversationsSearch(lead._id)}`]: ({ url }: RecordedRequest) => {
      const q = url.searchParams.get('q')!.toLowerCase();
      const matches = q === 'parking' ? parkingHits : [];
      const cursor = url.searchParams.get('cursor');
      const from = cursor ? Number(cursor.slice(1)) : 0;
      const next = from + 2 < matches.length ? `m${from + 2}` : null;
      const page = { items: matches.slice(from, from + 2), nextCursor: next };
      return { body: cursor ? page : { ...page, total: matches.length } };
    },
  });
  const rendered = renderApp(pagePath(lead));
  return { ...rendered, lead, server };
}

const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-event-id="${id}"]`);

describe('a long conversation history', () => {
  it('searches the conversation, shows each match in place with the words marked, and closes with Escape', async () => {
    const { user, server, lead } = openLongHistory();
    await screen.findByRole('region', { name: 'Conversation timeline' });
    await user.click(screen.getByRole('button', { name: 'Search this conversation' }));
    const field = screen.getByRole('textbox', { name: 'Search this conversation' });
    expect(document.activeElement).toBe(field);

    await user.type(field, 'parking{Enter}');
    expect(await screen.findByText('1 of 5')).toBeTruthy();
    expect(
      server.requestsTo(apiPaths.leadConversationsSearch(lead._id))[0]?.url.searchParams.get('q'),
    ).toBe('parking');
    // e165 is older than the lead's own events: the timeline opens around it.
    await waitFor(() => expect(rowOf('e165')).toBeTruthy());
    const around = server.requestsTo(apiPaths.leadConversationsAround(lead._id));
    expect(around.map((request) => request.url.searchParams.get('date'))).toEqual([
      history[165]!.date,
    ]);
    expect(rowOf('e165')!.dataset.currentMatch).toBe('true');
    expect(within(rowOf('e165')!).getByText('Parking', { selector: 'mark' })).toBeTruthy();
    expect(rowOf('e199')).toBeNull();
    expect(screen.getByRole('button', { name: 'Newer match' }).getAttribute('aria-disabled')).toBe(
      'true',
    );

    await user.keyboard('{Enter}');
    expect(await screen.findByText('2 of 5')).toBeTruthy();
    await waitFor(() => expect(rowOf('e125')?.dataset.currentMatch).toBe('true'));
    // The third match is on the second page, which carries no total: the counter keeps the first's.
    await user.keyboard('{Enter}');
    expect(await screen.findByText('3 of 5')).toBeTruthy();
    await waitFor(() => expect(rowOf('e85')?.dataset.currentMatch).toBe('true'));
    expect(
      server
        .requestsTo(apiPaths.leadConversationsSearch(lead._id))
        .map((request) => request.url.searchParams.get('cursor')),
    ).toEqual([null, 'm2']);
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(await screen.findByText('1 of 5')).toBeTruthy();
    await waitFor(() => expect(rowOf('e165')?.dataset.currentMatch).toBe('true'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Search this conversation' })).toBeNull();
    expect(document.querySelector('mark')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Search this conversation' }),
      ),
    );
  });

  it('says when nothing matches', async () => {
    const { user } = openLongHistory();
    await screen.findByRole('region', { name: 'Conversation timeline' });
    await user.click(screen.getByRole('button', { name: 'Search this conversation' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Search this conversation' }),
      'pool{Enter}',
    );
    expect(await screen.findByText('No matches')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Older match' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('opens search with Ctrl+F inside the timeline only', async () => {
    const { user } = openLongHistory();
    const timeline = await screen.findByRole('region', { name: 'Conversation timeline' });
    fireEvent.keyDown(document.body, { key: 'f', ctrlKey: true });
    expect(screen.queryByRole('textbox', { name: 'Search this conversation' })).toBeNull();
    timeline.focus();
    await user.keyboard('{Control>}f{/Control}');
    expect(screen.getByRole('textbox', { name: 'Search this conversation' })).toBeTruthy();
  });

  it('jumps to a date, pages both ways from there, and Jump to latest brings the newest events back', async () => {
    const { user, server, lead } = openLongHistory();
    await screen.findByRole('region', { name: 'Conversation timeline' });
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();

    // Day 3 of the history starts with event 60 (12:00 UTC + 60 h is Jan 4, 00:00 UTC).
    const day = new Date(START + 60 * HOUR);
    const value = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    fireEvent.change(screen.getByLabelText('Jump to date'), { target: { value } });
    const expected = new Date(day.getFullYear(), day.getMonth(), day.getDate()).toISOString();
    const first = firstAtOrAfter(expected);
    await waitFor(() => expect(rowOf(`e${first}`)).toBeTruthy());
    expect(
      server
        .requestsTo(apiPaths.leadConversationsAround(lead._id))
        .map((request) => request.url.searchParams.get('date')),
    ).toEqual([expected]);
    expect(rowOf('e199')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load newer events' }));
    await waitFor(() => expect(rowOf(`e${first + 19}`)).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Load older events' }));
    await waitFor(() => expect(rowOf(`e${first - 20}`)).toBeTruthy());
    const pages = server.requestsTo(apiPaths.leadConversations(lead._id));
    expect(pages.map((request) => request.url.search)).toEqual([
      `?after=c${first + 10}&limit=50`,
      `?before=c${first - 10}&limit=50`,
    ]);
    const shown = [...document.querySelectorAll<HTMLElement>('[data-event-id]')].map(
      (row) => row.dataset.eventId,
    );
    expect(new Set(shown).size).toBe(shown.length);

    await user.click(screen.getByRole('button', { name: 'Jump to latest' }));
    await waitFor(() => expect(rowOf('e199')).toBeTruthy());
    expect(rowOf(`e${first}`)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
  });
});
