import { apiPaths } from '@leasing/contract';
import type { MessageTemplate } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { agentUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const companyTemplate: MessageTemplate = {
  _id: crypto.randomUUID(),
  name: 'Welcome',
  scope: 'company',
  channel: 'BOTH',
  subject: 'Welcome to {{property.name}}',
  body: 'Hi {{lead.firstName}}!',
  variants: [{ language: 'es', subject: null, body: '¡Hola {{lead.firstName}}!' }],
  attachments: [],
  usageCount: 12,
  ownerUserId: null,
  createdByUserName: 'Demo Admin',
  canEdit: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

describe('Settings → Templates', () => {
  it("shows an agent the company's templates with their use, read-only saying why, and adds a personal one", async () => {
    startSession('token');
    const created: MessageTemplate = {
      ...companyTemplate,
      _id: crypto.randomUUID(),
      name: 'My intro',
      scope: 'personal',
      channel: 'SMS',
      subject: null,
      body: 'This is {{agent.firstName}}',
      variants: [],
      usageCount: 0,
      ownerUserId: agentUser._id,
      canEdit: true,
    };
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: agentUser },
      [`GET ${apiPaths.templates}`]: { body: [companyTemplate] },
      [`POST ${apiPaths.templates}`]: { status: 201, body: created },
    });
    const { user } = renderApp('/main/settings/templates');

    const table = await screen.findByRole('table', { name: 'Templates' });
    const row = within(table).getByRole('row', { name: /Welcome/ });
    expect(within(row).getByText('12 messages')).toBeTruthy();
    expect(within(row).getByText('SMS and email')).toBeTruthy();
    expect(within(row).getByText('Default, ES')).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: 'Edit Welcome' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(
      within(row).getByText('Only managers and admins can add or change company templates.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    expect(within(dialog).getByRole('radio', { name: 'Company' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'My intro');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'This is ');
    await user.click(
      within(dialog).getByRole('button', { name: 'Insert a merge field into message' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: /agent\.firstName/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add template' }));

    await waitFor(() => expect(server.requestsTo(apiPaths.templates, 'POST')).toHaveLength(1));
    expect(server.requestsTo(apiPaths.templates, 'POST')[0]?.body).toEqual({
      name: 'My intro',
      scope: 'personal',
      channel: 'SMS',
      subject: null,
      body: 'This is {{agent.firstName}}',
      variants: [],
    });
  });
});
