import { apiPaths } from '@leasing/contract';
import type { Today } from '@leasing/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { demoUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { inboxItem } from '../testing/inbox-fixtures';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';

// The viewer is in New York; the fixtures' property is in Chicago.
beforeEach(() => pinViewerTimeZone('America/New_York'));

const today: Today = {
  items: [
    {
      ...inboxItem({ _id: 'a', name: 'Ava Thompson', officeDecisionStatus: 'PENDING' }),
      reasons: ['decision', 'needs_reply'],
    },
    {
      ...inboxItem({ _id: 'd', name: 'Leo Park', tourDateUTC: '2026-11-25T17:30:00.000Z' }),
      reasons: ['tour_unconfirmed', 'tour_today'],
    },
    {
      ...inboxItem({ _id: 'b', name: 'Noah Kim', followUpAt: '2026-11-25T14:00:00.000Z' }),
      reasons: ['follow_up_due'],
    },
    {
      ...inboxItem({ _id: 'c', name: 'Mia Davis', lastMessagePreview: 'Is parking included?' }),
      reasons: ['needs_reply'],
    },
  ],
  counts: {
    total: 4,
    decision: 1,
    tour_unconfirmed: 1,
    follow_up_due: 1,
    needs_reply: 2,
    tour_today: 1,
  },
  limit: 200,
};

function open(answer: Today) {
  startSession('token');
  stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.today}`]: { body: answer },
    [`GET ${apiPaths.properties}`]: { body: [] },
  });
  return renderApp('/main/today');
}

describe('Today', () => {
  it('puts each lead under its most urgent reason, with every reason as a badge', async () => {
    open(today);
    const decisions = await screen.findByRole('region', { name: 'Decisions waiting' });
    expect(within(decisions).getByRole('link', { name: /Ava Thompson/ })).toBeTruthy();
    expect(within(decisions).getByText('Needs reply')).toBeTruthy();
    // A booked tour soon that the lead has not confirmed comes right after the decisions.
    const unconfirmed = screen.getByRole('region', { name: 'Tours not confirmed' });
    expect(within(unconfirmed).getByRole('link', { name: /Leo Park/ })).toBeTruthy();
    expect(within(unconfirmed).getByText('Tour at 11:30 AM Central')).toBeTruthy();
    expect(within(unconfirmed).getByText('Tour not confirmed')).toBeTruthy();
    const followUps = screen.getByRole('region', { name: 'Follow-ups due' });
    // On the property's clock, as it was set, with its zone.
    expect(within(followUps).getByText('Due Nov 25, 2026, 8:00 AM Central')).toBeTruthy();
    const replies = screen.getByRole('region', { name: 'Needs reply' });
    expect(
      within(replies)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining('Mia Davis')]);
    expect(screen.queryByRole('region', { name: 'Tours today' })).toBeNull();
    // The header counts them.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Today, 4 need action' })).toBeTruthy();
  });

  it('says when nothing needs the person', async () => {
    open({
      ...today,
      items: [],
      counts: {
        total: 0,
        decision: 0,
        tour_unconfirmed: 0,
        follow_up_due: 0,
        needs_reply: 0,
        tour_today: 0,
      },
    });
    expect(await screen.findByText('Nothing needs you right now')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Today' })).toBeTruthy();
  });
});
