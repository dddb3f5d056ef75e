import { apiPaths } from '@leasing/contract';
import type { MessageTemplate } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { agentUser, demoUser } from '../../../testing/fixtures';
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
    await user.click(within(dialog).getByRole('button', { name: 'Insert field into message' }));
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

  it('keeps a text-only template’s images: a non-image is refused by name with the toast; files go on save', async () => {
    startSession('token');
    const map = {
      id: crypto.randomUUID(),
      url: '/media/map.png',
      fileName: 'map.png',
      contentType: 'image/png',
      size: 2048,
    };
    const smsTemplate: MessageTemplate = {
      ...companyTemplate,
      channel: 'SMS',
      subject: null,
      variants: [],
      canEdit: true,
      attachments: [map],
    };
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.templates}`]: { body: [smsTemplate] },
      [`DELETE ${apiPaths.templateAttachment(smsTemplate._id, map.id)}`]: {
        body: { ...smsTemplate, attachments: [] },
      },
      [`PUT ${apiPaths.template(smsTemplate._id)}`]: { body: { ...smsTemplate, attachments: [] } },
      [`POST ${apiPaths.templateAttachments(smsTemplate._id)}`]: { body: smsTemplate },
    });
    renderApp('/main/settings/templates');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Edit Welcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    const files = within(dialog).getByRole('list', { name: 'Template attachments' });
    expect(within(files).getByText(/map\.png · 2 KB/)).toBeTruthy();

    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, [
      new File(['%PDF-1.7'], 'lease.pdf', { type: 'application/pdf' }),
      new File(['png'], 'unit 4B.png', { type: 'image/png' }),
    ]);
    expect(await screen.findByText('Only images are allowed as attachments')).toBeTruthy();
    expect(
      within(within(dialog).getByRole('alert', { name: 'Files not attached' })).getByText(
        'lease.pdf: only images can be texted',
      ),
    ).toBeTruthy();
    expect(within(files).getByText(/unit 4B\.png/)).toBeTruthy();
    expect(within(files).queryByText(/lease\.pdf/)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Remove map.png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));

    await waitFor(() =>
      expect(server.requestsTo(apiPaths.templateAttachments(smsTemplate._id), 'POST')).toHaveLength(
        1,
      ),
    );
    expect(
      server.requestsTo(apiPaths.templateAttachment(smsTemplate._id, map.id), 'DELETE'),
    ).toHaveLength(1);
    expect(server.requestsTo(apiPaths.template(smsTemplate._id), 'PUT')).toHaveLength(1);
    const sent = server.requestsTo(apiPaths.templateAttachments(smsTemplate._id), 'POST')[0]
      ?.body as FormData;
    expect((sent.getAll('attachments') as File[]).map((file) => file.name)).toEqual([
      'unit 4B.png',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit template' })).toBeNull());
  });

  it('names each file the server refused when a new template is added; the template is kept', async () => {
    startSession('token');
    const created: MessageTemplate = {
      ...companyTemplate,
      _id: crypto.randomUUID(),
      name: 'Lease',
      channel: 'EMAIL',
      subject: 'Your lease',
      body: 'Attached',
      variants: [],
      canEdit: true,
    };
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.templates}`]: { body: [] },
      [`POST ${apiPaths.templates}`]: { status: 201, body: created },
      [`POST ${apiPaths.templateAttachments(created._id)}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'attachments: lease.pdf: a damaged PDF',
            details: [{ path: 'body.attachments', message: 'lease.pdf: over 20 MB in all' }],
          },
        },
      },
    });
    renderApp('/main/settings/templates');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lease');
    await user.click(within(dialog).getByRole('radio', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Your lease');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Attached');
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['%PDF-1.7'], 'lease.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add template' }));

    expect(await within(dialog).findByText('lease.pdf: over 20 MB in all')).toBeTruthy();
    expect(server.requestsTo(apiPaths.templates, 'POST')).toHaveLength(1);
    // Saved once: the next save changes that template rather than adding another.
    expect(within(dialog).getByRole('button', { name: 'Save template' })).toBeTruthy();
  });
});
