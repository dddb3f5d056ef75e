import { apiPaths, TEMPLATE_FIELD_MISSING_CODE } from '@leasing/contract';
import type { MessageTemplate, RenderedTemplate } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { conversationEvent, demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';

const theLead = leadFixture({ officeDecisionState: null });

function template(overrides: Partial<MessageTemplate>): MessageTemplate {
  return {
    _id: crypto.randomUUID(),
    name: 'Template',
    scope: 'company',
    channel: 'SMS',
    subject: null,
    body: 'Hello',
    variants: [],
    attachments: [],
    usageCount: 0,
    ownerUserId: null,
    createdByUserName: 'Demo Admin',
    canEdit: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const welcome = template({ name: 'Welcome', body: 'Hi {{lead.firstName}}!' });
const tourReminder = template({
  name: 'Tour reminder',
  body: 'See you {{tour.date}} at {{tour.time}}',
});
const tourDirections = template({
  name: 'Tour directions',
  body: 'We are at {{property.address}}',
});
const emailOnly = template({ name: 'Tour by email', channel: 'EMAIL', subject: 'Your tour' });

async function openLead(routes: Record<string, RouteAnswer>) {
  startSession('token');
  stubTimelineLayout();
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(theLead.propertyID, theLead.pmsLeadId)}`]: { body: theLead },
    [`GET ${apiPaths.templates}`]: { body: [welcome, tourReminder, tourDirections, emailOnly] },
    ...routes,
  });
  const rendered = renderApp(
    `/properties/${theLead.propertyID}/leads/${encodeURIComponent(theLead.pmsLeadId)}/escalation`,
  );
  const form = await screen.findByRole('form', { name: 'Message composer' });
  return { ...rendered, server, composer: within(form) };
}

describe('templates in the composer', () => {
  it('picks a template by keyboard: / opens, typing searches, arrows move, Enter fills and it is sent with its id', async () => {
    const rendered: RenderedTemplate = {
      templateId: tourDirections._id,
      channel: 'SMS',
      subject: null,
      body: 'We are at 12 Elm Street',
      language: null,
      attachments: [],
    };
    const renderPath = apiPaths.leadTemplateRender(theLead._id, tourDirections._id);
    const { user, server, composer } = await openLead({
      [`POST ${renderPath}`]: { body: rendered },
      [`POST ${apiPaths.leadSms(theLead._id)}`]: {
        body: conversationEvent({ body: rendered.body, senderType: 'USER' }),
      },
    });
    const message = composer.getByRole('textbox', { name: 'Message' });
    await user.click(message);
    await user.keyboard('/');

    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    const search = within(dialog).getByRole('combobox', { name: 'Search templates' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    // The email-only template is not offered in SMS mode.
    const options = await within(dialog).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Welcome'),
      expect.stringContaining('Tour reminder'),
      expect.stringContaining('Tour directions'),
    ]);

    await user.keyboard('tour');
    expect(within(dialog).getAllByRole('option')).toHaveLength(2);
    expect(within(dialog).getByRole('option', { selected: true }).textContent).toContain(
      'Tour reminder',
    );
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('option', { selected: true }).textContent).toContain(
      'Tour directions',
    );
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Templates' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(server.requestsTo(renderPath, 'POST')[0]?.body).toEqual({ channel: 'SMS' });
    expect((message as HTMLTextAreaElement).value).toBe('We are at 12 Elm Street');
    expect(composer.getByText('23 characters · 1 segment')).toBeTruthy();

    await user.click(composer.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(server.requestsTo(apiPaths.leadSms(theLead._id), 'POST')).toHaveLength(1),
    );
    const sent = server.requestsTo(apiPaths.leadSms(theLead._id), 'POST')[0]?.body as FormData;
    expect(sent.get('text')).toBe('We are at 12 Elm Street');
    expect(sent.get('templateId')).toBe(tourDirections._id);
  });

  it('puts the templates that fit the lead first, previewed with its values, and says what the rest need', async () => {
    const fitPath = apiPaths.leadTemplateFit(theLead._id);
    const renderPath = apiPaths.leadTemplateRender(theLead._id, welcome._id);
    const { user, server, composer } = await openLead({
      [`GET ${fitPath}`]: {
        body: {
          items: [
            { templateId: welcome._id, preview: 'Hi Jordan!', missing: [] },
            { templateId: tourDirections._id, preview: 'We are at 12 Elm Street', missing: [] },
            {
              templateId: tourReminder._id,
              preview: 'See you {{tour.date}} at {{tour.time}}',
              missing: [
                { field: 'tour.date', reason: 'no tour is scheduled' },
                { field: 'tour.time', reason: 'no tour is scheduled' },
              ],
            },
          ],
        },
      },
      [`POST ${renderPath}`]: {
        body: {
          templateId: welcome._id,
          channel: 'SMS',
          subject: null,
          body: 'Hi Jordan!',
          language: null,
          attachments: [],
        } satisfies RenderedTemplate,
      },
    });
    await user.click(composer.getByRole('textbox', { name: 'Message' }));
    await user.keyboard('/');
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        expect.stringContaining('Hi Jordan!'),
        expect.stringContaining('We are at 12 Elm Street'),
        expect.stringContaining('needs a tour date'),
      ]),
    );
    expect(server.requestsTo(fitPath)[0]?.url.searchParams.get('channel')).toBe('SMS');
    // The first option fits: Enter uses it, filled, with no "has no value" on the way.
    expect(within(dialog).getByRole('option', { selected: true }).textContent).toContain('Welcome');
    expect(within(dialog).getAllByText('needs a tour date')).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Templates' })).toBeNull());
    expect((composer.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      'Hi Jordan!',
    );
  });

  it('attaches the template’s files for the mode, removable before sending, and sends them', async () => {
    const file = (fileName: string, contentType: string) => ({
      id: crypto.randomUUID(),
      url: `/media/${fileName.replace(/\W/g, '')}`,
      fileName,
      contentType,
      size: 9,
    });
    const map = file('map.png', 'image/png');
    const floorPlan = file('floor-plan.png', 'image/png');
    const rendered: RenderedTemplate = {
      templateId: welcome._id,
      channel: 'SMS',
      subject: null,
      body: 'Hi Jordan!',
      language: null,
      attachments: [map, floorPlan],
    };
    const renderPath = apiPaths.leadTemplateRender(theLead._id, welcome._id);
    const { user, server, composer } = await openLead({
      [`POST ${renderPath}`]: { body: rendered },
      [`GET ${map.url}`]: { body: 'map-bytes' },
      [`GET ${floorPlan.url}`]: { body: 'plan-bytes' },
      [`POST ${apiPaths.leadSms(theLead._id)}`]: {
        body: conversationEvent({ body: rendered.body, senderType: 'USER' }),
      },
    });
    await user.click(composer.getByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    await within(dialog).findAllByRole('option');
    await user.keyboard('welcome{Enter}');

    const attached = await composer.findByRole('list', { name: 'Attached images' });
    expect(within(attached).getByRole('img', { name: 'map.png' })).toBeTruthy();
    expect(within(attached).getByRole('img', { name: 'floor-plan.png' })).toBeTruthy();
    await user.click(composer.getByRole('button', { name: 'Remove floor-plan.png' }));
    expect(composer.queryByRole('img', { name: 'floor-plan.png' })).toBeNull();

    await user.click(composer.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(server.requestsTo(apiPaths.leadSms(theLead._id), 'POST')).toHaveLength(1),
    );
    const sent = server.requestsTo(apiPaths.leadSms(theLead._id), 'POST')[0]?.body as FormData;
    const files = sent.getAll('attachments') as File[];
    expect(files.map((sentFile) => [sentFile.name, sentFile.type])).toEqual([
      ['map.png', 'image/png'],
    ]);
    expect(await files[0]!.text()).toBe('"map-bytes"');
    expect(sent.get('templateId')).toBe(welcome._id);
  });

  it('names the merge field without a value and fills nothing; Esc closes', async () => {
    const renderPath = apiPaths.leadTemplateRender(theLead._id, tourReminder._id);
    const { user, composer } = await openLead({
      [`POST ${renderPath}`]: {
        ...apiError(
          400,
          TEMPLATE_FIELD_MISSING_CODE,
          '{{tour.date}} has no value for Jordan: no tour is scheduled.',
        ),
      },
    });
    await user.click(composer.getByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    await within(dialog).findAllByRole('option');
    await user.keyboard('reminder{Enter}');

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      '{{tour.date}} has no value for Jordan: no tour is scheduled.',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Templates' })).toBeNull());
    // Back in the message, where '/' opens the picker again.
    await waitFor(() =>
      expect(document.activeElement).toBe(composer.getByRole('textbox', { name: 'Message' })),
    );
    expect((composer.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      '',
    );
  });

  it('types a / like any other character once the message has text', async () => {
    const { user, composer } = await openLead({});
    const message = composer.getByRole('textbox', { name: 'Message' });
    await user.click(message);
    await user.keyboard('Either 1/2');
    expect((message as HTMLTextAreaElement).value).toBe('Either 1/2');
    expect(screen.queryByRole('dialog', { name: 'Templates' })).toBeNull();
  });
});
