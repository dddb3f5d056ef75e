import { apiPaths } from '@leasing/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inboxItem } from '../../../features/inbox/testing/inbox-fixtures';
import { stubInboxLayout } from '../../../features/inbox/testing/stub-inbox-layout';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const leads = ['Jordan Prospect', 'Casey Renter', 'Riley Mover'].map((name, index) =>
  inboxItem({ _id: `l-${index}`, pmsLeadId: `L-${index}`, name }),
);

async function openDashboard() {
  startSession('token');
  stubInboxLayout();
  stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.inbox}`]: { body: { items: leads, nextCursor: null } },
    [`GET ${apiPaths.notifications}`]: { body: { items: [], nextCursor: null, unreadCount: 0 } },
  });
  const rendered = renderApp('/main/dashboard');
  await screen.findByRole('link', { name: /^Jordan Prospect\b/ });
  return rendered;
}

/** The lead row that has the keyboard's selection (and the focus, once moved). */
const selectedRow = () =>
  within(screen.getByRole('list', { name: 'Leads' }))
    .getAllByRole('link')
    .find((row) => row.hasAttribute('data-active'))
    ?.getAttribute('data-lead-name');

describe('keyboard shortcuts', () => {
  it('moves through the inbox with j and k', async () => {
    const { user } = await openDashboard();
    await user.keyboard('j');
    expect(document.activeElement?.getAttribute('data-lead-name')).toBe('Jordan Prospect');
    await user.keyboard('j');
    await waitFor(() => expect(selectedRow()).toBe('Casey Renter'));
    expect(document.activeElement?.getAttribute('data-lead-name')).toBe('Casey Renter');
    await user.keyboard('j');
    await waitFor(() => expect(selectedRow()).toBe('Riley Mover'));
    await user.keyboard('k');
    await waitFor(() => expect(selectedRow()).toBe('Casey Renter'));
  });

  it('fires nothing while typing in a field, nor with a modifier held', async () => {
    const { user } = await openDashboard();
    // Positive control: / focuses the search box (and is not typed into it).
    await user.keyboard('/');
    const search = screen.getByRole('textbox', { name: 'Search leads' });
    expect(document.activeElement).toBe(search);
    expect((search as HTMLInputElement).value).toBe('');
    await user.keyboard('jk?');
    expect((search as HTMLInputElement).value).toBe('jk?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(selectedRow()).toBe('Jordan Prospect');
    expect(document.activeElement).toBe(search);

    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.documentElement, { key: 'j', ctrlKey: true });
    fireEvent.keyDown(document.documentElement, { key: 'j', metaKey: true });
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.documentElement, { key: 'j' });
    expect(document.activeElement?.getAttribute('data-lead-name')).toBe('Jordan Prospect');
  });

  it('lists the shortcuts with ?, the ones this page has no use for dimmed', async () => {
    const { user } = await openDashboard();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const terms = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual([
      'Next lead',
      'Previous lead',
      'Reply to the lead (not on this page)',
      'Add a note (not on this page)',
      'Assign the lead to me (not on this page)',
      'Set a follow-up',
      'Complete the decision (not on this page)',
      'Call the lead (not on this page)',
      'Search leads',
      'Show keyboard shortcuts',
    ]);
  });
});
