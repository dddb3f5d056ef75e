import { apiPaths } from '@leasing/contract';
import type { QuietHoursPolicy } from '@leasing/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { demoUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const policy: QuietHoursPolicy = {
  start: '08:00',
  end: '21:00',
  stateRules: true,
  allowSendNow: true,
};

function openPage(save: RouteAnswer) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.quietHours}`]: { body: policy },
    [`PUT ${apiPaths.quietHours}`]: save,
  });
  return { ...renderApp('/main/settings/quiet-hours'), server };
}

describe('Settings → Quiet hours', () => {
  it('saves the allowed hours and both switches; midnight as the end means the end of the day', async () => {
    const { user, server } = openPage((request) => ({ body: request.body }));
    expect(await screen.findByRole('heading', { name: 'Quiet hours' })).toBeTruthy();
    const until = await screen.findByLabelText('Until');
    expect(until).toHaveProperty('value', '21:00');
    fireEvent.change(screen.getByLabelText('Texts allowed from'), { target: { value: '09:30' } });
    fireEvent.change(until, { target: { value: '00:00' } });
    await user.click(screen.getByRole('switch', { name: /Apply stricter state rules/ }));
    await user.click(screen.getByRole('switch', { name: /Allow 'Send now'/ }));
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));

    await screen.findByText('Saved.');
    expect(server.requestsTo(apiPaths.quietHours, 'PUT')[0]?.body).toEqual({
      start: '09:30',
      end: '24:00',
      stateRules: false,
      allowSendNow: false,
    });
  });

  it('will not save hours that end before they start, and says why', async () => {
    const { user, server } = openPage({ body: policy });
    fireEvent.change(await screen.findByLabelText('Until'), { target: { value: '07:00' } });
    const save = screen.getByRole('button', { name: 'Save quiet hours' });
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    const reason = document.getElementById(save.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('The allowed hours must end after they start');
    await user.click(save);
    expect(server.requestsTo(apiPaths.quietHours, 'PUT')).toEqual([]);
  });
});
