import { apiPaths, DEFAULT_TOUR_AVAILABILITY } from '@leasing/contract';
import type { PropertyTourAvailability, TourAvailability, User } from '@leasing/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const maple = properties[0]!;
const harbor = properties[1]!;
const manager: User = { ...demoUser, role: 'manager' };

/** Maple Court: in-person tours only, its own hours, closed on Thanksgiving. */
const mapleAvailability: TourAvailability = {
  ...DEFAULT_TOUR_AVAILABILITY,
  hours: {
    mon: { open: '10:00', close: '17:00' },
    tue: { open: '10:00', close: '17:00' },
    wed: { open: '10:00', close: '17:00' },
    thu: { open: '10:00', close: '17:00' },
    fri: { open: '10:00', close: '17:00' },
    sat: null,
    sun: null,
  },
  exceptions: [{ from: '2026-11-26', to: '2026-11-26', hours: null, label: 'Thanksgiving' }],
};

const answerOf = (
  propertyId: string,
  availability: TourAvailability,
): PropertyTourAvailability => ({ propertyId, timeZone: 'America/Chicago', availability });

function openPage({
  user = manager,
  path = '/main/settings/tour-availability',
  save = (request) => ({ body: answerOf(maple._id, request.body as TourAvailability) }),
  availability = { status: 200, body: answerOf(maple._id, mapleAvailability) },
}: {
  user?: User;
  path?: string;
  save?: RouteAnswer;
  availability?: RouteAnswer;
} = {}) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: user },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.propertyTourAvailability(maple._id)}`]: availability,
    [`GET ${apiPaths.propertyTourAvailability(harbor._id)}`]: {
      body: answerOf(harbor._id, DEFAULT_TOUR_AVAILABILITY),
    },
    [`PUT ${apiPaths.propertyTourAvailability(maple._id)}`]: save,
  });
  return { ...renderApp(path), server };
}

/** The text an element's aria-describedby points at. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('Settings → Tour availability', () => {
  it("shows the first property's tour types, hours, closed days and booking window", async () => {
    openPage();
    expect(await screen.findByRole('heading', { name: 'Tour availability' })).toBeTruthy();
    expect(await screen.findByText('Times are in Central Time (America/Chicago).')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Property' }) as HTMLSelectElement).value).toBe(
      maple._id,
    );

    const inPerson = screen.getByRole('group', { name: 'In person with an agent' });
    expect(
      within(inPerson).getByRole('switch', { name: 'In person with an agent' }),
    ).toHaveProperty('checked', true);
    expect(within(inPerson).getByRole('textbox', { name: 'Length (minutes)' })).toHaveProperty(
      'value',
      '30',
    );
    expect(
      within(inPerson).getByRole('textbox', { name: 'Buffer after (minutes)' }),
    ).toHaveProperty('value', '15');
    expect(
      within(inPerson).getByRole('textbox', { name: 'Agents giving tours at once' }),
    ).toHaveProperty('value', '2');
    const selfGuided = screen.getByRole('group', { name: 'Self-guided' });
    expect(within(selfGuided).getByRole('switch', { name: 'Self-guided' })).toHaveProperty(
      'checked',
      false,
    );
    expect(within(selfGuided).getByRole('textbox', { name: 'Tours at once' })).toHaveProperty(
      'value',
      '1',
    );

    expect(screen.getByRole('radio', { name: 'Hours of their own' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByLabelText('Monday opens')).toHaveProperty('value', '10:00');
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).toHaveProperty('checked', false);

    const thanksgiving = screen.getByRole('group', { name: 'Thanksgiving' });
    expect(within(thanksgiving).getByLabelText('From')).toHaveProperty('value', '2026-11-26');
    expect(within(thanksgiving).getByRole('checkbox', { name: 'Closed' })).toHaveProperty(
      'checked',
      true,
    );

    expect(screen.getByRole('textbox', { name: 'Earliest booking' })).toHaveProperty('value', '2');
    expect(screen.getByRole('textbox', { name: 'How far ahead' })).toHaveProperty('value', '21');

    // Nothing to save yet, and the button says why.
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(descriptionOf(save)).toBe('Nothing has changed yet');
  });

  it('opens the property the URL names', async () => {
    openPage({ path: `/main/settings/tour-availability?property=${harbor._id}` });
    expect(await screen.findByRole('radio', { name: 'Same as the office hours' })).toHaveProperty(
      'checked',
      true,
    );
    expect((screen.getByRole('combobox', { name: 'Property' }) as HTMLSelectElement).value).toBe(
      harbor._id,
    );
    expect(screen.queryByRole('group', { name: 'Thanksgiving' })).toBeNull();
  });

  it('turns on self-guided tours and saves them with the rest unchanged', async () => {
    const { user, server } = openPage();
    const selfGuided = await screen.findByRole('group', { name: 'Self-guided' });
    await user.click(within(selfGuided).getByRole('switch', { name: 'Self-guided' }));
    const length = within(selfGuided).getByRole('textbox', { name: 'Length (minutes)' });
    await user.clear(length);
    await user.type(length, '45');
    await user.clear(screen.getByRole('textbox', { name: 'Earliest booking' }));
    await user.type(screen.getByRole('textbox', { name: 'Earliest booking' }), '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tour availability saved')).toBeTruthy();
    expect(server.requestsTo(apiPaths.propertyTourAvailability(maple._id), 'PUT')[0]?.body).toEqual(
      {
        ...mapleAvailability,
        kinds: {
          ...mapleAvailability.kinds,
          SELF_GUIDED: { enabled: true, lengthMinutes: 45, bufferMinutes: 0, capacity: 1 },
        },
        minNoticeMinutes: 240,
      },
    );
    // Saved: nothing is left to save.
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('adds a day with other hours and holds Save while it ends before it starts', async () => {
    const { user, server } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Add closed days or other hours' }));
    const row = screen.getByRole('group', { name: 'Row 2' });
    await user.type(within(row).getByRole('textbox', { name: 'Label' }), 'Open house');
    const named = screen.getByRole('group', { name: 'Open house' });
    await user.click(within(named).getByRole('checkbox', { name: 'Closed' }));
    const from = within(named).getByLabelText('From');
    const to = within(named).getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-12-12');
    await user.clear(to);
    await user.type(to, '2026-12-11');

    expect(within(named).getByText('Must not end before it starts')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(descriptionOf(save)).toBe('Correct the fields marked in red first');

    await user.clear(to);
    await user.type(to, '2026-12-12');
    await user.clear(within(named).getByLabelText('Opens'));
    await user.type(within(named).getByLabelText('Opens'), '12:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Tour availability saved');
    expect(
      (
        server.requestsTo(apiPaths.propertyTourAvailability(maple._id), 'PUT')[0]
          ?.body as TourAvailability
      ).exceptions,
    ).toEqual([
      ...mapleAvailability.exceptions,
      {
        from: '2026-12-12',
        to: '2026-12-12',
        hours: { open: '12:00', close: '17:00' },
        label: 'Open house',
      },
    ]);
  });

  it("shows a 400's message beside the field it names", async () => {
    const { user } = openPage({
      save: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'body.kinds.VIDEO.capacity: Too big: expected number to be <=50',
            details: [
              {
                path: 'body.kinds.VIDEO.capacity',
                message: 'Too big: expected number to be <=50',
              },
            ],
          },
        },
      },
    });
    const video = await screen.findByRole('group', { name: 'Video tour' });
    await user.click(within(video).getByRole('switch', { name: 'Video tour' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const capacity = within(video).getByRole('textbox', { name: 'Tours at once' });
    expect(await within(video).findByText('Too big: expected number to be <=50')).toBeTruthy();
    expect(capacity.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(capacity)).toContain('Too big: expected number to be <=50');
    expect(screen.getByRole('alert').textContent).toBe(
      'Not saved: correct the fields marked in red.',
    );
    // The choice is kept, to correct and save again.
    expect(within(video).getByRole('switch', { name: 'Video tour' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('offers Retry when the availability cannot be loaded', async () => {
    const { user, server } = openPage({
      availability: apiError(404, 'NOT_FOUND', 'Property not found'),
    });
    expect(await screen.findByText('Could not load the tour availability')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(server.requestsTo(apiPaths.propertyTourAvailability(maple._id)).length).toBeGreaterThan(
      1,
    );
  });

  it('is closed to an agent, whose account menu does not offer it', async () => {
    const { user } = openPage({ user: agentUser });
    expect(await screen.findByText(/Only managers and admins of your company/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).queryByText('Tour availability')).toBeNull();
    expect(within(menu).getByText('Templates')).toBeTruthy();
  });
});
