import { apiPaths, DEFAULT_COMPANY_TOUR_SETTINGS } from '@leasing/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { demoUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

function openPage(save: RouteAnswer) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.tourSettings}`]: { body: DEFAULT_COMPANY_TOUR_SETTINGS },
    [`PUT ${apiPaths.tourSettings}`]: save,
  });
  return { ...renderApp('/main/settings/tours'), server };
}

describe('Settings → Tours', () => {
  it('saves the reminder times and both switches', async () => {
    const { user, server } = openPage((request) => ({ body: request.body }));
    expect(await screen.findByRole('heading', { name: 'Tour settings' })).toBeTruthy();
    // The defaults: a day and two hours before.
    expect(
      await screen.findByText('Leads are reminded 1 day and 2 hours before the tour.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: '2 hours before' }));
    await user.click(screen.getByRole('checkbox', { name: '1 hour before' }));
    await user.click(screen.getByRole('checkbox', { name: '2 days before' }));
    expect(
      screen.getByText(/^Leads are reminded 2 days, 1 day and 1 hour before the tour\./),
    ).toBeTruthy();
    // Three are the most: the others say why they cannot be picked.
    const fourth = screen.getByRole('checkbox', { name: '4 hours before' });
    expect(fourth).toHaveProperty('disabled', true);
    expect(
      document.getElementById(fourth.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toMatch(/At most 3: unselect one to pick another\./);
    await user.click(screen.getByRole('switch', { name: /Text a no-show a link/ }));
    await user.click(
      screen.getByRole('switch', { name: /Release tours nobody confirmed 2 hours before/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Save tour settings' }));

    await screen.findByText('Saved.');
    expect(server.requestsTo(apiPaths.tourSettings, 'PUT')[0]?.body).toEqual({
      reminderHours: [48, 24, 1],
      noShowText: true,
      releaseUnconfirmed: true,
    });
  });

  it("shows the server's reason when a save is refused, and keeps the choices", async () => {
    const { user } = openPage({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'reminderHours: each reminder at a different time',
          details: [{ path: 'body.reminderHours', message: 'each reminder at a different time' }],
        },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: '1 hour before' }));
    await user.click(screen.getByRole('button', { name: 'Save tour settings' }));
    expect(await screen.findByText('each reminder at a different time')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not save the tour settings. Try again.',
    );
    expect(screen.getByRole('checkbox', { name: '1 hour before' })).toHaveProperty('checked', true);
  });
});
