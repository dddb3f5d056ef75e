import { apiPaths, DEFAULT_TOUR_AVAILABILITY } from '@leasing/contract';
import type {
  BookedTour,
  Lead,
  PropertyTourAvailability,
  TourAvailability,
  TourSlotList,
} from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';

const zone = 'America/Chicago';
// Monday 7 January 2030, 9:00 and 9:45 AM Central; Tuesday 9:00 AM.
const slots: TourSlotList = {
  timeZone: zone,
  items: [
    {
      start: '2030-01-07T15:00:00.000Z',
      end: '2030-01-07T15:30:00.000Z',
      type: 'IN_PERSON',
      placesLeft: 2,
    },
    {
      start: '2030-01-07T15:45:00.000Z',
      end: '2030-01-07T16:15:00.000Z',
      type: 'IN_PERSON',
      placesLeft: 1,
    },
    {
      start: '2030-01-08T15:00:00.000Z',
      end: '2030-01-08T15:30:00.000Z',
      type: 'IN_PERSON',
      placesLeft: 2,
    },
  ],
};

const availabilityOf = (lead: Lead, availability: TourAvailability): PropertyTourAvailability => ({
  propertyId: lead.propertyID,
  timeZone: zone,
  availability,
});

/** Opens the lead's pane and 'Schedule a tour' from the more-menu. */
async function openDialog({
  availability = DEFAULT_TOUR_AVAILABILITY,
  book,
}: { availability?: TourAvailability; book?: RouteAnswer } = {}) {
  const lead = leadFixture({ tourDateUTC: null });
  startSession('token');
  stubTimelineLayout();
  const slotsPath = apiPaths.propertyTourSlots(lead.propertyID);
  const bookPath = apiPaths.leadTours(lead._id);
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    [`POST /api/leads/${lead._id}/read`]: { status: 204 },
    [`GET ${apiPaths.propertyTourAvailability(lead.propertyID)}`]: {
      body: availabilityOf(lead, availability),
    },
    [`GET ${slotsPath}`]: { body: slots },
    ...(book ? { [`POST ${bookPath}`]: book } : {}),
  });
  const { user } = renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  await screen.findByRole('heading', { name: lead.name });
  await user.click(screen.getByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Schedule tour' }));
  const dialog = await screen.findByRole('dialog', { name: `Schedule a tour · ${lead.name}` });
  return { user, server, dialog, lead, slotsPath, bookPath };
}

const booked = (lead: Lead, start: string): BookedTour => ({
  _id: 'tour-1',
  leadId: lead._id,
  propertyId: lead.propertyID,
  type: 'IN_PERSON',
  start,
  end: start,
  agentId: null,
  status: 'SCHEDULED',
  confirmedAt: null,
  source: 'STAFF',
  timeZone: zone,
});

describe('Schedule a tour', () => {
  it("books the time picked on the property's clock and says when", async () => {
    const { user, server, dialog, bookPath } = await openDialog({
      book: (request) => ({
        status: 201,
        body: booked(leadFixture(), (request.body as { start: string }).start),
      }),
    });
    const day = await within(dialog).findByRole('combobox', { name: 'Day' });
    expect(
      within(day)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Jan 7, 2030 · 2 free', 'Jan 8, 2030 · 1 free']);
    within(dialog).getByText('Time (Central time)');
    const submit = within(dialog).getByRole('button', { name: 'Schedule tour' });
    expect(submit).toHaveProperty('disabled', true);
    const hint = document.getElementById(submit.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Pick a time first.');

    await user.click(within(dialog).getByRole('radio', { name: '9:45 AM' }));
    await user.click(submit);

    await waitFor(() => expect(server.requestsTo(bookPath, 'POST')).toHaveLength(1));
    expect(server.requestsTo(bookPath, 'POST')[0]?.body).toEqual({
      start: '2030-01-07T15:45:00.000Z',
      type: 'IN_PERSON',
    });
    await screen.findByText(/^Tour scheduled for Jan 7, 2030,? 9:45 AM Central$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says a time taken meanwhile is gone, and asks for the free times again', async () => {
    const { user, server, dialog, slotsPath } = await openDialog({
      book: apiError(409, 'SLOT_TAKEN', 'That time was just taken. Pick another time.'),
    });
    await user.click(await within(dialog).findByRole('radio', { name: '9:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule tour' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'That time was just taken. Pick another time.',
    );
    await waitFor(() => expect(server.requestsTo(slotsPath)).toHaveLength(2));
    expect(within(dialog).getByRole('button', { name: 'Schedule tour' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('offers only the types the property gives', async () => {
    const video = {
      ...DEFAULT_TOUR_AVAILABILITY,
      kinds: {
        ...DEFAULT_TOUR_AVAILABILITY.kinds,
        VIDEO: { ...DEFAULT_TOUR_AVAILABILITY.kinds.VIDEO, enabled: true },
      },
    };
    const { dialog } = await openDialog({ availability: video });
    const type = await within(dialog).findByRole('radiogroup', { name: 'Tour type' });
    expect(
      within(type)
        .getAllByRole('radio')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['IN_PERSON', 'VIDEO']);
    within(type).getByRole('radio', { name: 'Video tour' });
  });

  it('says who can turn a tour type on when the property offers none', async () => {
    const none = {
      ...DEFAULT_TOUR_AVAILABILITY,
      kinds: {
        ...DEFAULT_TOUR_AVAILABILITY.kinds,
        IN_PERSON: { ...DEFAULT_TOUR_AVAILABILITY.kinds.IN_PERSON, enabled: false },
      },
    };
    const { dialog, server, slotsPath } = await openDialog({ availability: none });
    await within(dialog).findByText(
      /^This property offers no tours yet\. A manager or an admin can turn a tour type on\./,
    );
    // The admin may: the link opens this property's tour availability.
    expect(
      within(dialog).getByRole('link', { name: 'Tour availability' }).getAttribute('href'),
    ).toMatch(/^\/main\/settings\/tour-availability\?property=/);
    expect(server.requestsTo(slotsPath)).toEqual([]);
  });
});
