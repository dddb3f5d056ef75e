import { apiPaths } from '@leasing/contract';
import type { Lead, Note } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const note = (overrides: Partial<Note>): Note => ({
  _id: 'note-1',
  text: 'Has two cats.',
  createdAt: '2026-11-21T14:45:00.000Z',
  createdByUserName: 'Marcus Lee',
  modifiedByUserName: null,
  ...overrides,
});

const olderNote = note({ _id: 'note-1', text: 'Has two cats.', modifiedByUserName: 'Priya Shah' });
const newerNote = note({
  _id: 'note-2',
  text: 'Manager is checking the pet deposit.',
  createdAt: '2026-11-22T13:45:00.000Z',
  createdByUserName: 'Priya Shah',
});

function openLead(lead: Lead, routes: Record<string, RouteAnswer> = {}) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    ...routes,
  });
  const rendered = renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  return { ...rendered, server };
}

const notesPanel = async () => within(await screen.findByRole('region', { name: 'Notes' }));

describe('lead notes', () => {
  it('saves a note only when it is valid, then shows it as the latest', async () => {
    const lead = leadFixture();
    const saved = note({
      _id: 'note-9',
      text: 'Prefers texts after 5 PM.',
      createdByUserName: 'Dana Agent',
    });
    const { user, server } = openLead(lead, {
      [`POST ${apiPaths.leadNotes(lead._id)}`]: { body: [saved] },
    });
    const notes = await notesPanel();
    const box = notes.getByRole('textbox', { name: 'Add notes' });
    const save = notes.getByRole('button', { name: 'Save note' });
    expect(box.getAttribute('placeholder')).toBe('Add notes');
    expect(save).toHaveProperty('disabled', true);

    await user.type(box, '   ');
    expect(save).toHaveProperty('disabled', true);

    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(5001));
    expect(save).toHaveProperty('disabled', true);
    expect(notes.getByText(/A note can be at most 5,000 characters/)).toBeTruthy();

    await user.clear(box);
    await user.type(box, '  Prefers texts after 5 PM.  ');
    expect(save).toHaveProperty('disabled', false);
    await user.click(save);

    await waitFor(() => expect(notes.getByText('Prefers texts after 5 PM.')).toBeTruthy());
    expect(notes.getByText(/^Dana Agent · Nov 21, 2026, \d{1,2}:45 (AM|PM)$/)).toBeTruthy();
    expect(notes.getByRole('button', { name: 'All notes (1)' })).toBeTruthy();
    expect(notes.queryByRole('textbox', { name: 'Add notes' })).toBeNull();
    expect(server.requestsTo(apiPaths.leadNotes(lead._id), 'POST')[0]?.body).toEqual({
      leadID: lead._id,
      companyID: lead.companyID,
      text: 'Prefers texts after 5 PM.',
    });
  });

  it('counts characters near the limit', async () => {
    const { user } = openLead(leadFixture());
    const notes = await notesPanel();
    await user.click(notes.getByRole('textbox', { name: 'Add notes' }));
    await user.paste('y'.repeat(4600));
    expect(notes.getByText('4,600 / 5,000')).toBeTruthy();
    expect(notes.getByRole('button', { name: 'Save note' })).toHaveProperty('disabled', false);
  });

  it('shows the latest note and every note, newest first, in the notes dialog', async () => {
    const lead = leadFixture({ notes: [newerNote, olderNote] });
    const added = note({
      _id: 'note-3',
      text: 'Approved: one pet deposit waived.',
      createdByUserName: 'Dana Agent',
      createdAt: '2026-11-22T16:00:00.000Z',
    });
    const { user } = openLead(lead, {
      [`GET ${apiPaths.leadNotes(lead._id)}`]: { body: [newerNote, olderNote] },
      [`POST ${apiPaths.leadNotes(lead._id)}`]: { body: [added, newerNote, olderNote] },
    });
    const notes = await notesPanel();
    expect(notes.getByText('Manager is checking the pet deposit.')).toBeTruthy();
    expect(notes.getByText(/^Priya Shah · Nov 22, 2026, \d{1,2}:45 (AM|PM)$/)).toBeTruthy();
    expect(notes.queryByText('Has two cats.')).toBeNull();

    await user.click(notes.getByRole('button', { name: 'All notes (2)' }));
    const dialog = within(await screen.findByRole('dialog', { name: `Notes · ${lead.name}` }));
    const items = () =>
      within(dialog.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(items().map((item) => item.textContent)).toEqual([
      expect.stringContaining('Manager is checking the pet deposit.'),
      expect.stringContaining('Has two cats.'),
    ]);
    expect(dialog.getByText(/Marcus Lee · .* · edited by Priya Shah/)).toBeTruthy();

    await user.type(
      dialog.getByRole('textbox', { name: 'Add notes' }),
      'Approved: one pet deposit waived.',
    );
    // The dialog has room for a labelled button, not only the pane's icon.
    expect(dialog.getByRole('button', { name: 'Save note' }).textContent).toBe('Save note');
    await user.click(dialog.getByRole('button', { name: 'Save note' }));

    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items()[0]?.textContent).toContain('Approved: one pet deposit waived.');
    expect(notes.getByText('Approved: one pet deposit waived.')).toBeTruthy();
    expect(notes.getByRole('button', { name: 'All notes (3)' })).toBeTruthy();
  });

  it("says 'Oops' with the server's message when saving fails, and keeps the draft", async () => {
    const lead = leadFixture();
    const { user } = openLead(lead, {
      [`POST ${apiPaths.leadNotes(lead._id)}`]: apiError(
        400,
        'VALIDATION',
        'body.text: Write a note before saving',
      ),
    });
    const notes = await notesPanel();
    const box = notes.getByRole('textbox', { name: 'Add notes' });
    await user.type(box, 'Call back on Monday');
    await user.click(notes.getByRole('button', { name: 'Save note' }));

    const alert = within(await screen.findByRole('dialog', { name: 'Oops' }));
    expect(alert.getByText('body.text: Write a note before saving')).toBeTruthy();
    await user.click(alert.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Oops' })).toBeNull());
    expect(box).toHaveProperty('value', 'Call back on Monday');
  });
});
