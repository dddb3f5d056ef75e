import { apiPaths } from '@leasing/contract';
import type { Lead } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { demoUser, lead as leadFixture, leadSummary } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

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

const phoneRefused = {
  status: 400,
  body: {
    error: {
      code: 'VALIDATION',
      message: 'Phone: is not a phone number',
      details: [
        { path: 'body.phone', message: 'is not a phone number; write it like (512) 555-0100' },
      ],
    },
  },
};

describe('editing contact details', () => {
  it('sends only what changed, shows the field the server refuses, and reloads the lead when saved', async () => {
    const walkIn = leadFixture({ name: 'Walk In', phone: null, email: null });
    let attempts = 0;
    const { user, server } = openLead(walkIn, {
      [`PATCH ${apiPaths.leadDetails(walkIn._id)}`]: () => {
        attempts += 1;
        return attempts === 1
          ? phoneRefused
          : {
              body: {
                lead: leadSummary({ _id: walkIn._id, name: 'Walk In', phone: '+15125550199' }),
                eventId: 'contact-change-1',
              },
            };
      },
    });
    const contact = within(await screen.findByRole('region', { name: 'Contact' }));
    await user.click(contact.getByRole('button', { name: 'Edit contact details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit contact details' }));
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    // The disabled button says why, to a screen reader as to the eye.
    const reason = document.getElementById(save.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Nothing has changed yet');

    await user.type(dialog.getByRole('textbox', { name: 'Phone' }), '12');
    await user.click(save);
    expect(await dialog.findByText(/is not a phone number/)).toBeTruthy();

    const phone = dialog.getByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await user.type(phone, '(512) 555-0199');
    await user.click(save);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit contact details' })).toBeNull(),
    );
    expect(server.requestsTo(apiPaths.leadDetails(walkIn._id), 'PATCH').map((r) => r.body)).toEqual(
      [{ phone: '12' }, { phone: '(512) 555-0199' }],
    );
    // The pane asks for the lead again to show the new details and the timeline row.
    await waitFor(() =>
      expect(
        server.requestsTo(apiPaths.lead(walkIn.propertyID, walkIn.pmsLeadId)).length,
      ).toBeGreaterThan(1),
    );
  });

  it('says a name is needed and keeps Save off while it is empty', async () => {
    const lead = leadFixture({ name: 'Ava Thompson' });
    const { user } = openLead(lead);
    const contact = within(await screen.findByRole('region', { name: 'Contact' }));
    await user.click(contact.getByRole('button', { name: 'Edit contact details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit contact details' }));
    await user.clear(dialog.getByRole('textbox', { name: 'Name' }));
    expect(dialog.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(dialog.getAllByText('Enter a name').length).toBeGreaterThan(0);
  });
});
