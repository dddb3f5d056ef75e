import { apiPaths } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { conversationEvent, demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';

const MB = 1024 * 1024;

/** A lead reachable both ways, with no decision waiting; `overrides` make the case. */
function reachableLead(overrides: Partial<Lead> = {}): Lead {
  return leadFixture({
    phone: '+15125550101',
    email: 'jordan@example.com',
    phoneOptStatus: 'OPT_IN',
    emailOptStatus: 'NO_INDICATION',
    companyRegisteredLeasingEmail: 'leasing@riverside.test',
    officeDecisionState: null,
    ...overrides,
  });
}

async function openComposer(lead: Lead, routes: Record<string, RouteAnswer> = {}) {
  startSession('token');
  stubTimelineLayout();
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    ...routes,
  });
  const path = `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`;
  const rendered = renderApp(path);
  const form = await screen.findByRole('form', { name: 'Message composer' });
  return { ...rendered, server, form, composer: within(form) };
}

function image(name: string, size = 1000, type = 'image/png') {
  return new File([new Uint8Array(size)], name, { type });
}

function fileInput(form: HTMLElement): HTMLInputElement {
  const input = form.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  return input;
}

function modeButton(composer: ReturnType<typeof within>, name: 'SMS' | 'Email') {
  return composer.getByRole('button', { name });
}

function eventRow(id: string): HTMLElement {
  const row = document.querySelector<HTMLElement>(`[data-event-id="${id}"]`);
  if (!row) throw new Error(`No row for event ${id}`);
  return row;
}

describe('composer: mode at start', () => {
  it.each([
    ['phone only', 'SMS', { email: null }],
    ['email only', 'Email', { phone: null }],
    ['phone and email', 'SMS', {}],
    ['phone opted out', 'Email', { phoneOptStatus: 'OPT_OUT' }],
    ['email opted out', 'SMS', { emailOptStatus: 'OPT_OUT' }],
  ] as const)('%s: opens in %s mode', async (_kind, mode, overrides) => {
    const { composer } = await openComposer(reachableLead(overrides));

    expect(modeButton(composer, mode).getAttribute('aria-pressed')).toBe('true');
    const other = mode === 'SMS' ? 'Email' : 'SMS';
    expect(modeButton(composer, other).getAttribute('aria-pressed')).toBe('false');
    expect(composer.getByPlaceholderText('Send a message to the lead')).toHaveProperty(
      'disabled',
      false,
    );
    expect(composer.queryByRole('textbox', { name: 'Subject' }) !== null).toBe(mode === 'Email');
  });

  it.each([
    ['no contact', "Can't send message - prospect phone is missing", { phone: null, email: null }],
    [
      'company without leasing email',
      "Can't send message - email service is not enabled",
      { phone: null, companyRegisteredLeasingEmail: null },
    ],
    [
      'phone opted out, no email',
      "Can't send message - prospect is opted-out",
      { email: null, phoneOptStatus: 'OPT_OUT' },
    ],
    [
      'both opted out',
      "Can't send message - prospect is opted-out",
      { phoneOptStatus: 'OPT_OUT', emailOptStatus: 'OPT_OUT' },
    ],
  ] as const)('%s: read-only, saying "%s"', async (_kind, reason, overrides) => {
    const { composer } = await openComposer(reachableLead(overrides));

    expect(composer.getByText(reason)).toBeTruthy();
    for (const text of [
      "Can't send message - prospect phone is missing",
      "Can't send message - email service is not enabled",
      "Can't send message - prospect is opted-out",
    ]) {
      if (text !== reason) expect(composer.queryByText(text)).toBeNull();
    }
    expect(composer.getByPlaceholderText('Send a message to the lead')).toHaveProperty(
      'disabled',
      true,
    );
    expect(modeButton(composer, 'SMS').getAttribute('aria-disabled')).toBe('true');
    expect(modeButton(composer, 'Email').getAttribute('aria-disabled')).toBe('true');
    expect(
      composer.getByRole('button', { name: 'Attach images' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(composer.getByRole('button', { name: 'Insert emoji' })).toHaveProperty('disabled', true);
    expect(composer.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
});

describe('composer: switching modes', () => {
  it('email mode requires a subject and clears attachments; SMS mode drops the subject', async () => {
    const { user, form, composer } = await openComposer(reachableLead());
    const send = composer.getByRole('button', { name: 'Send' });
    const message = composer.getByPlaceholderText('Send a message to the lead');

    await user.upload(fileInput(form), image('unit-3b.png'));
    expect(composer.getByRole('img', { name: 'unit-3b.png' })).toBeTruthy();
    expect(send.getAttribute('aria-disabled')).toBeNull();
    await user.type(message, 'See the photo');

    await user.click(modeButton(composer, 'Email'));
    expect(modeButton(composer, 'Email').getAttribute('aria-pressed')).toBe('true');
    expect(composer.queryByRole('img', { name: 'unit-3b.png' })).toBeNull();
    // An email carries files too: attaching stays open, under its own name.
    expect(
      composer.getByRole('button', { name: 'Attach files' }).getAttribute('aria-disabled'),
    ).toBeNull();
    const subject = composer.getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveProperty('required', true);
    expect(message).toHaveProperty('value', 'See the photo');
    expect(send.getAttribute('aria-disabled')).toBe('true');

    await user.type(subject, 'Unit 3B');
    expect(send.getAttribute('aria-disabled')).toBeNull();

    await user.clear(message);
    expect(send.getAttribute('aria-disabled')).toBe('true');
    await user.type(message, 'Hello');

    await user.click(modeButton(composer, 'SMS'));
    expect(composer.queryByRole('textbox', { name: 'Subject' })).toBeNull();
    expect(send.getAttribute('aria-disabled')).toBeNull();
    // The images went with the switch to email.
    expect(composer.queryByRole('img', { name: 'unit-3b.png' })).toBeNull();
  });

  it('keeps an unusable mode disabled, with a tooltip saying why', async () => {
    const { user, composer } = await openComposer(reachableLead({ emailOptStatus: 'OPT_OUT' }));
    const email = modeButton(composer, 'Email');

    expect(email.getAttribute('aria-disabled')).toBe('true');
    await user.click(email);
    expect(email.getAttribute('aria-pressed')).toBe('false');
    expect(modeButton(composer, 'SMS').getAttribute('aria-pressed')).toBe('true');

    await user.hover(email);
    expect(await screen.findByText('The prospect opted out of email')).toBeTruthy();
  });

  it("switches with the more-menu's 'By SMS' and 'By Email'; an unusable one is disabled", async () => {
    const { user, composer } = await openComposer(reachableLead());

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'By Email' }));
    expect(modeButton(composer, 'Email').getAttribute('aria-pressed')).toBe('true');
    expect(composer.getByRole('textbox', { name: 'Subject' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'By SMS' }));
    expect(modeButton(composer, 'SMS').getAttribute('aria-pressed')).toBe('true');
  });

  it("disables 'By SMS' for a lead who opted out of SMS", async () => {
    const { user } = await openComposer(reachableLead({ phoneOptStatus: 'OPT_OUT' }));

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(
      (await screen.findByRole('menuitem', { name: 'By SMS' })).hasAttribute('data-disabled'),
    ).toBe(true);
    expect(screen.getByRole('menuitem', { name: 'By Email' }).hasAttribute('data-disabled')).toBe(
      false,
    );
  });
});

describe('composer: replying to an email', () => {
  const leadEmail = (overrides: Partial<ConversationEvent> = {}) =>
    conversationEvent({
      _id: 'lead-email',
      eventType: 'EMAIL',
      senderType: 'LEAD',
      subject: 'Parking',
      body: 'Is parking included?',
      ...overrides,
    });

  it('selects the email clicked in the timeline, and a second click deselects it and resets the form', async () => {
    const later = conversationEvent({ _id: 'later-sms', body: 'Also, do you allow cats?' });
    const { user, composer } = await openComposer(
      reachableLead({ conversations: [later, leadEmail()] }),
    );
    // An SMS came after the email: the pane opens in SMS mode, answering nothing.
    expect(modeButton(composer, 'SMS').getAttribute('aria-pressed')).toBe('true');
    expect(composer.queryByText(/Replying to/)).toBeNull();

    await user.click(within(eventRow('lead-email')).getByText('Is parking included?'));

    expect(modeButton(composer, 'Email').getAttribute('aria-pressed')).toBe('true');
    expect(composer.getByText('Replying to: Parking')).toBeTruthy();
    expect(composer.getByRole('textbox', { name: 'Subject' })).toHaveProperty(
      'value',
      'Re: Parking',
    );
    const bubble = within(eventRow('lead-email')).getByText('Is parking included?');
    expect(bubble.closest('[data-reply-selected]')).toBeTruthy();
    expect(
      within(eventRow('lead-email'))
        .getByRole('button', { name: 'Replying' })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await user.type(composer.getByPlaceholderText('Send a message to the lead'), 'Yes, one spot.');
    await user.click(within(eventRow('lead-email')).getByText('Is parking included?'));

    expect(composer.queryByText(/Replying to/)).toBeNull();
    expect(composer.getByRole('textbox', { name: 'Subject' })).toHaveProperty('value', '');
    expect(composer.getByPlaceholderText('Send a message to the lead')).toHaveProperty('value', '');
    expect(document.querySelector('[data-reply-selected]')).toBeNull();
  });

  it('opens in email mode answering the lead’s email when it is the newest event', async () => {
    const decision = conversationEvent({
      _id: 'decision',
      eventType: 'OFFICE_DECISION',
      senderType: 'ASSISTANT',
      senderName: 'Leasing Assistant',
      body: 'Parking question',
    });
    const { composer } = await openComposer(
      reachableLead({ conversations: [decision, leadEmail({ subject: 'Re: Your tour' })] }),
    );

    expect(modeButton(composer, 'Email').getAttribute('aria-pressed')).toBe('true');
    expect(composer.getByText('Replying to: Re: Your tour')).toBeTruthy();
    expect(composer.getByRole('textbox', { name: 'Subject' })).toHaveProperty(
      'value',
      'Re: Your tour',
    );
    await waitFor(() => expect(document.querySelector('[data-reply-selected]')).toBeTruthy());
  });

  it('the clear button ends the reply', async () => {
    const { user, composer } = await openComposer(reachableLead({ conversations: [leadEmail()] }));
    expect(composer.getByText('Replying to: Parking')).toBeTruthy();

    await user.click(composer.getByRole('button', { name: 'Cancel reply' }));

    expect(composer.queryByText(/Replying to/)).toBeNull();
    expect(composer.getByRole('textbox', { name: 'Subject' })).toHaveProperty('value', '');
  });
});

describe('composer: attachments', () => {
  it('refuses a file that is not an image: the toast, and the input cleared', async () => {
    const { form, composer } = await openComposer(reachableLead());
    const user = userEvent.setup({ applyAccept: false });
    const input = fileInput(form);

    await user.upload(input, new File(['%PDF-1.7'], 'lease.pdf', { type: 'application/pdf' }));

    expect(await screen.findByText('Only images are allowed as attachments')).toBeTruthy();
    expect(input.value).toBe('');
    expect(input.files).toHaveLength(0);
    expect(composer.queryByRole('list', { name: 'Attached images' })).toBeNull();
  });

  it('keeps the images of a mixed selection for a text and names the file it refused', async () => {
    const { form, composer } = await openComposer(reachableLead());
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(fileInput(form), [
      new File(['Parking is in the back'], 'notes.txt', { type: 'text/plain' }),
      image('plan.png'),
    ]);

    expect(await screen.findByText('Only images are allowed as attachments')).toBeTruthy();
    const previews = composer.getByRole('list', { name: 'Attached images' });
    expect(within(previews).getAllByRole('listitem')).toHaveLength(1);
    expect(composer.getByRole('img', { name: 'plan.png' })).toBeTruthy();
    const refused = composer.getByRole('alert', { name: 'Files not attached' });
    expect(within(refused).getByText('notes.txt: only images can be texted')).toBeTruthy();
    expect(refused.textContent).not.toContain('plan.png');
  });

  it('attaches a PDF to an email as a chip and sends it as multipart', async () => {
    const lead = reachableLead();
    const emailPath = apiPaths.leadEmail(lead._id);
    const { form, composer, server } = await openComposer(lead, {
      [`POST ${emailPath}`]: {
        body: conversationEvent({ _id: 'sent-email', eventType: 'EMAIL', senderType: 'USER' }),
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    await user.click(modeButton(composer, 'Email'));
    await user.type(composer.getByRole('textbox', { name: 'Subject' }), 'Your lease');
    await user.type(composer.getByPlaceholderText('Send a message to the lead'), 'Attached.');

    await user.upload(fileInput(form), [
      new File([new Uint8Array(240 * 1024)], 'lease.pdf', { type: 'application/pdf' }),
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
    ]);

    const previews = composer.getByRole('list', { name: 'Attached files' });
    expect(within(previews).getByRole('img', { name: 'lease.pdf · PDF · 240 KB' })).toBeTruthy();
    expect(
      within(composer.getByRole('alert', { name: 'Files not attached' })).getByText(
        'setup.exe: only PDF, images, office documents and text files can be emailed',
      ),
    ).toBeTruthy();
    // An email keeps no toast about images.
    expect(screen.queryByText('Only images are allowed as attachments')).toBeNull();

    await user.click(composer.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.requestsTo(emailPath, 'POST')).toHaveLength(1));
    const body = server.requestsTo(emailPath, 'POST')[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('subject')).toBe('Your lease');
    expect(body.get('text')).toBe('Attached.');
    expect((body.getAll('attachments') as File[]).map((file) => file.name)).toEqual(['lease.pdf']);
    await waitFor(() =>
      expect(composer.queryByRole('list', { name: 'Attached files' })).toBeNull(),
    );
  });

  it('refuses the files of an email past 20 MB in all, by name', async () => {
    const { user, form, composer } = await openComposer(reachableLead());
    await user.click(modeButton(composer, 'Email'));

    await user.upload(fileInput(form), [
      new File([new Uint8Array(15 * MB)], 'scan.pdf', { type: 'application/pdf' }),
      new File([new Uint8Array(6 * MB)], 'big.pdf', { type: 'application/pdf' }),
    ]);

    expect(composer.getByRole('img', { name: 'scan.pdf · PDF · 15.0 MB' })).toBeTruthy();
    expect(
      within(composer.getByRole('alert', { name: 'Files not attached' })).getByText(
        'big.pdf: over 20 MB in all',
      ),
    ).toBeTruthy();
  });

  it('previews each image with a remove button', async () => {
    const { user, form, composer } = await openComposer(reachableLead());

    await user.upload(fileInput(form), [image('one.png'), image('two.jpg', 1000, 'image/jpeg')]);
    const previews = composer.getByRole('list', { name: 'Attached images' });
    expect(within(previews).getAllByRole('listitem')).toHaveLength(2);

    await user.click(composer.getByRole('button', { name: 'Remove one.png' }));
    expect(within(previews).getAllByRole('listitem')).toHaveLength(1);
    expect(composer.getByRole('img', { name: 'two.jpg' })).toBeTruthy();
  });

  it('says so when more than 10 images are attached, and sends none until one goes', async () => {
    const { user, form, composer } = await openComposer(reachableLead());
    const send = composer.getByRole('button', { name: 'Send' });

    await user.upload(
      fileInput(form),
      Array.from({ length: 11 }, (_, index) => image(`photo-${index + 1}.png`)),
    );
    expect(composer.getByRole('alert').textContent).toBe(
      'Too many images: 11 attached, at most 10 per message.',
    );
    expect(send.getAttribute('aria-disabled')).toBe('true');

    await user.click(composer.getByRole('button', { name: 'Remove photo-11.png' }));
    expect(composer.queryByRole('alert')).toBeNull();
    expect(send.getAttribute('aria-disabled')).toBeNull();
  });

  it('says the total when the images come to more than 5 MB', async () => {
    const { user, form, composer } = await openComposer(reachableLead());

    await user.upload(fileInput(form), [image('big-1.png', 3 * MB), image('big-2.png', 3 * MB)]);

    expect(composer.getByRole('alert').textContent).toBe(
      'Images too large: 6.0 MB in all, at most 5 MB per message.',
    );
    expect(composer.getByRole('button', { name: 'Send' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });
});

describe('composer: the message box', () => {
  it('counts characters and segments as the SMS is written', async () => {
    const { user, composer } = await openComposer(reachableLead());
    const message = composer.getByPlaceholderText('Send a message to the lead');

    await user.click(message);
    await user.paste('a'.repeat(160));
    expect(composer.getByText('160 characters · 1 segment')).toBeTruthy();
    await user.type(message, 'b');
    expect(composer.getByText('161 characters · 2 segments')).toBeTruthy();

    await user.clear(message);
    await user.type(message, 'Hi 😀');
    expect(composer.getByText('5 characters · 1 segment')).toBeTruthy();
    await user.paste('a'.repeat(66));
    expect(composer.getByText('71 characters · 2 segments')).toBeTruthy();
  });

  it('Enter starts a new line; Ctrl+Enter sends', async () => {
    const sent = conversationEvent({ senderType: 'USER', sendingStatus: 'PENDING' });
    const lead = reachableLead();
    const { user, server, composer } = await openComposer(lead, {
      [`POST /api/leads/lead-1/sms`]: { body: sent },
    });
    const message = composer.getByPlaceholderText('Send a message to the lead');

    await user.type(message, 'Line one{Enter}Line two');
    expect(message).toHaveProperty('value', 'Line one\nLine two');
    expect(server.requestsTo(apiPaths.leadSms(lead._id), 'POST')).toHaveLength(0);

    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(server.requestsTo(apiPaths.leadSms(lead._id), 'POST')).toHaveLength(1),
    );
    expect(
      (server.requestsTo(apiPaths.leadSms(lead._id), 'POST')[0]?.body as FormData).get('text'),
    ).toBe('Line one\nLine two');
  });

  it('Ctrl+Enter or Send without a subject says why nothing is sent, at the subject', async () => {
    const lead = reachableLead();
    const { user, server, composer } = await openComposer(lead, {});
    await user.click(modeButton(composer, 'Email'));
    const message = composer.getByPlaceholderText('Send a message to the lead');
    await user.type(message, 'Hello');

    await user.keyboard('{Control>}{Enter}{/Control}');
    const subject = composer.getByRole('textbox', { name: 'Subject' });
    expect(composer.getByText('Add a subject to send an email')).toBeTruthy();
    expect(document.activeElement).toBe(subject);
    expect(server.requestsTo(apiPaths.leadEmail(lead._id), 'POST')).toHaveLength(0);

    // The reason goes once it no longer holds; the next one is told on the next try.
    await user.type(subject, 'Tour');
    expect(composer.queryByText('Add a subject to send an email')).toBeNull();
    await user.clear(message);
    await user.click(composer.getByRole('button', { name: 'Send' }));
    expect(composer.getByRole('alert').textContent).toBe('Write a message to send an email');
    expect(server.requestsTo(apiPaths.leadEmail(lead._id), 'POST')).toHaveLength(0);
  });

  it('tabs through mode, attach, templates, subject, message, emoji and send', async () => {
    const { user, composer } = await openComposer(reachableLead());
    await user.click(modeButton(composer, 'Email'));
    await user.type(composer.getByRole('textbox', { name: 'Subject' }), 'Tour');
    await user.type(composer.getByPlaceholderText('Send a message to the lead'), 'Hello');

    modeButton(composer, 'Email').focus();
    await user.tab();
    expect(document.activeElement).toBe(composer.getByRole('button', { name: 'Attach files' }));
    await user.tab();
    expect(document.activeElement).toBe(composer.getByRole('button', { name: 'Templates' }));
    await user.tab();
    expect(document.activeElement).toBe(composer.getByRole('textbox', { name: 'Subject' }));
    await user.tab();
    expect(document.activeElement).toBe(
      composer.getByPlaceholderText('Send a message to the lead'),
    );
    await user.tab();
    expect(document.activeElement).toBe(composer.getByRole('button', { name: 'Insert emoji' }));
    await user.tab();
    expect(document.activeElement).toBe(composer.getByRole('button', { name: 'Send' }));
  });
});

describe('composer: avatar', () => {
  it("shows the signed-in user's initials", async () => {
    const { composer } = await openComposer(reachableLead());
    await waitFor(() => expect(composer.getByText('DA')).toBeTruthy());
    expect(composer.queryByRole('img', { name: 'Assistant' })).toBeNull();
  });

  it('shows the bot when the company is moderated', async () => {
    const { composer } = await openComposer(reachableLead({ companyStatus: 'MODERATOR' }));
    const bot = composer.getByRole('img', { name: 'Assistant' });
    expect(bot.getAttribute('src')).toBe('/bot-avatar.svg');
    expect(composer.queryByText('DA')).toBeNull();
  });
});
