import { apiPaths, eventTypes } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import {
  conversationEvent,
  demoUser,
  lead as leadFixture,
  oneEventOfEachType,
} from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';

function pagePath(lead: Lead) {
  return `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`;
}

/** Opens the pane of a lead whose events (oldest first) are `events`. */
async function openTimeline(events: ConversationEvent[], overrides: Partial<Lead> = {}) {
  startSession('token');
  stubTimelineLayout();
  const lead = leadFixture({ conversations: [...events].reverse(), ...overrides });
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
  });
  const rendered = renderApp(pagePath(lead));
  const timeline = await screen.findByRole('region', { name: 'Conversation timeline' });
  return { ...rendered, lead, server, timeline };
}

function eventRow(id: string): HTMLElement {
  const row = document.querySelector<HTMLElement>(`[data-event-id="${id}"]`);
  if (!row) throw new Error(`No row for event ${id}`);
  return row;
}

describe('conversation timeline', () => {
  it('renders every event type with its own wording, oldest first', async () => {
    const events = oneEventOfEachType();
    const { timeline } = await openTimeline(events);

    const rows = [...timeline.querySelectorAll<HTMLElement>('[data-event-id]')];
    expect(rows.map((row) => row.dataset.eventId)).toEqual(events.map((event) => event._id));
    expect(new Set(rows.map((row) => row.dataset.eventType))).toEqual(new Set(eventTypes));

    const row = (id: string) => within(eventRow(id));
    expect(row('activation').getByText('Lead re-activated')).toBeTruthy();
    expect(row('owner-changed').getByText('Owner changed')).toBeTruthy();
    expect(row('owner-changed').getByText('Assigned to Priya Shah by Dana Whitfield')).toBeTruthy();
    expect(
      row('activation').getByText(/Re-activation date Nov 18, 2026, \d{1,2}:00 (AM|PM)/),
    ).toBeTruthy();

    // Bodies are plain text, line breaks kept.
    expect(row('sms-in').getByText('Jordan Prospect')).toBeTruthy();
    expect(row('sms-in').getByText('SMS')).toBeTruthy();
    expect(row('sms-in').getByText(/Is the 2 bedroom still available\?\s+Thanks!/)).toBeTruthy();
    // A sender without a picture shows their initials, not an empty circle.
    expect(row('sms-in').getByText('JP')).toBeTruthy();
    expect(row('sms-in').getByText(/^\d{1,2}:01 (AM|PM)$/)).toBeTruthy();

    expect(row('sms-assistant').getByText('Leasing Assistant')).toBeTruthy();
    expect(row('sms-assistant').getByText('Assistant')).toBeTruthy();
    expect(row('sms-assistant').getByText('Delivered')).toBeTruthy();
    expect(row('sms-failed').getByText('Failed')).toBeTruthy();
    expect(row('sms-failed').getByText('The carrier rejected the message')).toBeTruthy();
    expect(row('sms-queued').getByText('Queued')).toBeTruthy();

    expect(row('email-out').getByText('Email')).toBeTruthy();
    expect(row('email-out').getByText('Your application')).toBeTruthy();
    expect(row('email-out').getByText('Sending…')).toBeTruthy();

    expect(row('office-decision').getByText('Office decision needed')).toBeTruthy();
    expect(row('office-decision').getByText('Open')).toBeTruthy();
    expect(
      row('decision-completed').getByText('Decision marked as completed by Marcus Lee'),
    ).toBeTruthy();

    expect(row('call').getByRole('button', { name: /Call with Jordan Prospect/ })).toBeTruthy();
    expect(row('call').getByText('· 3 min 12 s')).toBeTruthy();
    expect(row('payment').getByText('Payment')).toBeTruthy();
    expect(row('payment').getByText('· $1,650.00')).toBeTruthy();
    expect(row('reminder-call').getByText('Reminder call by the phone bot')).toBeTruthy();
    expect(row('reminder-call').getByText('· 41 s')).toBeTruthy();
    expect(row('ivr-call').getByText('Phone menu (IVR) call')).toBeTruthy();
    expect(row('debt').getByText('Moved to debt')).toBeTruthy();
    expect(row('debt').getByText('· $2,310.00')).toBeTruthy();
    expect(row('tour-scheduled').getByText('Tour scheduled')).toBeTruthy();
    expect(row('tour-scheduled').getByText('· In person')).toBeTruthy();
    expect(row('tour-scheduled').getByText('· Nov 21, 2026 at 9:00 AM')).toBeTruthy();
    expect(row('tour-scheduled').getByText(/by Priya Shah/)).toBeTruthy();
    expect(row('tour-canceled').getByText('Tour canceled')).toBeTruthy();
    expect(row('tour-canceled').getByText('· Virtual tour')).toBeTruthy();
    expect(row('intent').getByText('Intent updated')).toBeTruthy();
    expect(row('intent').getByText('· Not interested')).toBeTruthy();
    expect(row('language').getByText('Language preference updated')).toBeTruthy();
    expect(row('language').getByText('· Spanish')).toBeTruthy();
    expect(row('decision-reopened').getByText('Decision reopened')).toBeTruthy();
    expect(row('decision-reopened').getByText(/· by Marcus Lee/)).toBeTruthy();
    expect(row('status-lost').getByText('Marked lost: Price')).toBeTruthy();
    expect(row('status-lost').getByText('Found a cheaper studio')).toBeTruthy();
  });

  it('separates days and names them', async () => {
    const today = new Date();
    const yesterday = new Date(today.getTime() - 24 * 60 * 60 * 1000);
    await openTimeline([
      conversationEvent({ _id: 'old', date: '2026-11-18T15:00:00.000Z' }),
      conversationEvent({ _id: 'yesterday', date: yesterday.toISOString() }),
      conversationEvent({ _id: 'today', date: today.toISOString() }),
    ]);

    expect(within(eventRow('old')).getByRole('separator', { name: 'Wednesday, Nov 18, 2026' }));
    expect(within(eventRow('yesterday')).getByRole('separator', { name: 'Yesterday' }));
    expect(within(eventRow('today')).getByRole('separator', { name: 'Today' }));
    expect(screen.getByText('Beginning of the conversation')).toBeTruthy();
  });

  it('shows the English translation under the original and can hide it', async () => {
    const { user } = await openTimeline(oneEventOfEachType());
    const email = within(eventRow('email-in'));

    expect(email.getByText('Adjunto mis recibos de pago.')).toBeTruthy();
    expect(email.getByText('Attached are my pay stubs.')).toBeTruthy();

    await user.click(email.getByRole('button', { name: 'Show original' }));
    expect(email.queryByText('Attached are my pay stubs.')).toBeNull();
    expect(email.getByText('Adjunto mis recibos de pago.')).toBeTruthy();

    await user.click(email.getByRole('button', { name: 'Show translation' }));
    expect(email.getByText('Attached are my pay stubs.')).toBeTruthy();
  });

  it('shows an email’s HTML sanitized in a sandboxed frame', async () => {
    const { user } = await openTimeline(oneEventOfEachType());

    await user.click(
      within(eventRow('email-in')).getByRole('button', { name: 'View formatted email' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Re: Your application' });
    const frame = within(dialog).getByTitle('Formatted email');
    expect(frame.getAttribute('sandbox')).toBe('');
    const html = frame.getAttribute('srcdoc') ?? '';
    expect(html).toContain('<b>recibos de pago</b>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('tracker.example');
    expect(within(dialog).getByText(/Remote images are blocked/)).toBeTruthy();
    // Nothing of the email's HTML reaches the page itself.
    expect(document.querySelector('b')?.textContent).not.toBe('recibos de pago');
  });

  it('retries a thumbnail that fails to load, then shows a tile with the file name', async () => {
    await openTimeline(oneEventOfEachType());
    const row = within(eventRow('sms-photo'));

    const first = row.getByAltText('living-room.png');
    expect(first.getAttribute('src')).toBe('/media/living-room-thumb.png');
    expect(row.getByRole('link', { name: 'Open living-room.png' }).getAttribute('href')).toBe(
      '/media/living-room.png',
    );

    // Spec §9: three retries, written out so a change to the limit fails here.
    for (let retry = 1; retry <= 3; retry += 1) {
      fireEvent.error(row.getByAltText('living-room.png'));
      await waitFor(() =>
        expect(row.getByAltText('living-room.png').getAttribute('src')).toBe(
          `/media/living-room-thumb.png?retry=${retry}`,
        ),
      );
    }
    fireEvent.error(row.getByAltText('living-room.png'));

    expect(row.queryByAltText('living-room.png')).toBeNull();
    expect(row.getByText('living-room.png')).toBeTruthy();
    expect(row.getByRole('link', { name: 'Open living-room.png' })).toBeTruthy();
  });

  it('makes the web addresses in texts and emails links that open in a new tab, and nothing else', async () => {
    const payLink = 'http://pay.localhost:3000/?t=abc_DEF-123';
    await openTimeline([
      conversationEvent({
        _id: 'sms-link',
        eventType: 'SMS',
        senderType: 'USER',
        body: `Hi Jordan, here is your secure link to pay $50.00: ${payLink}. Thanks!`,
      }),
      conversationEvent({
        _id: 'email-link',
        eventType: 'EMAIL',
        senderType: 'LEAD',
        subject: 'Floor plans',
        body: 'Saw them on www.example.com <b>bold</b> javascript:alert(1) — write to me@example.com',
      }),
    ]);

    const sms = within(eventRow('sms-link'));
    const link = sms.getByRole('link', { name: payLink });
    expect(link.getAttribute('href')).toBe(payLink);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(sms.getByText(/secure link to pay \$50\.00:/).textContent).toBe(
      `Hi Jordan, here is your secure link to pay $50.00: ${payLink}. Thanks!`,
    );

    const email = within(eventRow('email-link'));
    expect(
      email.getAllByRole('link').map((anchor) => [anchor.textContent, anchor.getAttribute('href')]),
    ).toEqual([['www.example.com', 'http://www.example.com/']]);
    // The message's markup stays text: no element of its own.
    expect(email.getByText(/<b>bold<\/b> javascript:alert\(1\)/)).toBeTruthy();
    expect(eventRow('email-link').querySelector('b')).toBeNull();
  });

  it('shows the files of a text and of an email as chips that download, named with type and size', async () => {
    const file = (fileName: string, contentType: string, size: number) => ({
      url: `/media/${fileName.replace(/\W/g, '')}.bin`,
      fileName,
      contentType,
      size,
    });
    await openTimeline([
      conversationEvent({
        _id: 'mms-card',
        eventType: 'SMS',
        senderType: 'LEAD',
        body: 'My contact',
        data: { otherAttachments: [file('file-1.vcf', 'application/octet-stream', 60)] },
      }),
      conversationEvent({
        _id: 'email-lease',
        eventType: 'EMAIL',
        senderType: 'USER',
        subject: 'Your lease',
        body: 'Attached.',
        data: { otherAttachments: [file('lease.pdf', 'application/pdf', 240 * 1024)] },
      }),
    ]);
    const lease = within(eventRow('email-lease')).getByRole('link', {
      name: 'Download lease.pdf · PDF · 240 KB',
    });
    expect(lease.textContent).toBe('Download lease.pdf · PDF · 240 KB');
    expect(lease.getAttribute('download')).toBe('lease.pdf');
    expect(lease.getAttribute('href')).toBe('/media/leasepdf.bin');
    expect(
      within(eventRow('mms-card')).getByRole('link', { name: 'Download file-1.vcf · File · 60 B' }),
    ).toBeTruthy();
  });

  it('opens the transcript of a call, and says when a call has none', async () => {
    const { user } = await openTimeline([
      ...oneEventOfEachType(),
      conversationEvent({ _id: 'silent-call', eventType: 'CALL', body: null, data: {} }),
    ]);

    await user.click(within(eventRow('call')).getByRole('button', { name: /Call with/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Call transcript' });
    expect(within(dialog).getByText('Agent')).toBeTruthy();
    expect(within(dialog).getByText('Maple Court, how can I help?')).toBeTruthy();
    expect(within(dialog).getByText('Jordan Prospect')).toBeTruthy();
    expect(within(dialog).getByText('I want to rebook my tour.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(eventRow('silent-call')).getByRole('button', { name: /Call with/ }));
    expect(await screen.findByText('No transcript for this call')).toBeTruthy();
  });

  it('says when the lead has no events yet', async () => {
    startSession('token');
    const lead = leadFixture();
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    });
    renderApp(pagePath(lead));
    expect(await screen.findByText('No conversation yet')).toBeTruthy();
  });

  it('loads older pages with `before` when the reader scrolls to the top', async () => {
    const recent = Array.from({ length: 5 }, (_, index) =>
      conversationEvent({ _id: `recent-${index}`, date: `2026-11-20T1${index}:00:00.000Z` }),
    );
    const olderPage = Array.from({ length: 3 }, (_, index) =>
      conversationEvent({ _id: `older-${index}`, date: `2026-11-19T1${index}:00:00.000Z` }),
    );
    const oldestPage = [
      conversationEvent({ _id: 'first-ever', body: 'Hello!', date: '2026-11-01T10:00:00.000Z' }),
    ];
    startSession('token');
    stubTimelineLayout();
    const lead = leadFixture({ conversations: [...recent].reverse(), conversationsCursor: 'c-1' });
    const conversationsPath = apiPaths.leadConversations(lead._id);
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
      [`GET ${conversationsPath}`]: (request) =>
        request.url.searchParams.get('before') === 'c-1'
          ? { body: { items: [...olderPage].reverse(), nextCursor: 'c-2' } }
          : { body: { items: oldestPage, nextCursor: null } },
    });
    renderApp(pagePath(lead));
    const timeline = await screen.findByRole('region', { name: 'Conversation timeline' });
    expect(timeline.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('button', { name: 'Load older events' })).toBeTruthy();
    expect(server.requestsTo(conversationsPath)).toHaveLength(0);

    timeline.scrollTop = 0;
    fireEvent.scroll(timeline);
    await waitFor(() => expect(eventRow('older-0')).toBeTruthy());
    const ids = () =>
      [...timeline.querySelectorAll<HTMLElement>('[data-event-id]')].map(
        (row) => row.dataset.eventId,
      );
    expect(ids()).toEqual(['older-0', 'older-1', 'older-2', ...recent.map((event) => event._id)]);

    timeline.scrollTop = 0;
    fireEvent.scroll(timeline);
    await waitFor(() => expect(eventRow('first-ever')).toBeTruthy());
    expect(await screen.findByText('Beginning of the conversation')).toBeTruthy();

    const sent = server.requestsTo(conversationsPath).map((request) => request.url.searchParams);
    expect(sent.map((params) => params.get('before'))).toEqual(['c-1', 'c-2']);
    expect(sent.map((params) => params.get('limit'))).toEqual(['50', '50']);
  });

  it('says when older events could not be loaded, and tries again on request', async () => {
    startSession('token');
    stubTimelineLayout();
    const lead = leadFixture({
      conversations: [conversationEvent({ _id: 'only-recent' })],
      conversationsCursor: 'c-1',
    });
    let fails = true;
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
      [`GET ${apiPaths.leadConversations(lead._id)}`]: () =>
        fails
          ? apiError(400, 'VALIDATION', 'before: invalid cursor')
          : { body: { items: [conversationEvent({ _id: 'older' })], nextCursor: null } },
    });
    const { user } = renderApp(pagePath(lead));

    await user.click(await screen.findByRole('button', { name: 'Load older events' }));
    expect(await screen.findByText('Could not load older events.')).toBeTruthy();

    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(eventRow('older')).toBeTruthy());
    expect(screen.getByText('Beginning of the conversation')).toBeTruthy();
  });

  it('marks what inbound messages carry: opt changes, images loading, automatic replies, bounces', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 18, 16, minute)).toISOString();
    await openTimeline([
      conversationEvent({
        _id: 'stop',
        body: 'STOP',
        date: at(1),
        data: { optStatusChange: { channel: 'phone', status: 'OPT_OUT' } },
      }),
      conversationEvent({
        _id: 'stop-reply',
        senderType: 'SYSTEM',
        senderName: null,
        body: 'You are unsubscribed. Reply START to resubscribe.',
        sendingStatus: 'COMPLETED',
        date: at(2),
      }),
      conversationEvent({
        _id: 'tour-text',
        senderType: 'SYSTEM',
        senderName: 'Tour confirmation',
        body: 'Your tour of Maple Court is booked for Tue, Dec 1 at 10:30 AM.',
        sendingStatus: 'COMPLETED',
        date: at(2),
        data: { tourText: 'confirmation', tourId: 'tour-1' },
      }),
      conversationEvent({
        _id: 'start',
        body: 'START',
        date: at(3),
        data: { optStatusChange: { channel: 'phone', status: 'OPT_IN' } },
      }),
      conversationEvent({
        _id: 'mms',
        body: 'The kitchen',
        date: at(4),
        data: { pendingMedia: [{ index: 0 }, { index: 1 }] },
      }),
      conversationEvent({
        _id: 'out-of-office',
        eventType: 'EMAIL',
        subject: 'Out of office',
        body: 'I am away until Monday.',
        date: at(5),
        data: { autoSubmitted: true },
      }),
      conversationEvent({
        _id: 'bounce',
        eventType: 'EMAIL',
        senderType: 'SYSTEM',
        senderName: 'Mail delivery system',
        subject: 'Undelivered Mail Returned to Sender',
        body: 'The email could not be delivered.',
        date: at(6),
        data: {
          autoSubmitted: true,
          bounce: {
            recipient: 'jordan@example.com',
            action: 'failed',
            status: '5.1.1',
            diagnostic: '550 5.1.1 User unknown',
          },
        },
      }),
    ]);

    const row = (id: string) => within(eventRow(id));
    expect(row('stop').getByText('Opted out of texts')).toBeTruthy();
    expect(row('start').getByText('Opted back in to texts')).toBeTruthy();
    expect(row('stop-reply').getByText('Automatic reply')).toBeTruthy();
    expect(row('stop-reply').getByText('Delivered')).toBeTruthy();
    expect(row('tour-text').getByText('Tour confirmation')).toBeTruthy();
    expect(row('tour-text').queryByText('Automatic reply')).toBeNull();
    expect(row('mms').getByText('2 images loading…')).toBeTruthy();
    expect(row('out-of-office').getByText('Automatic reply')).toBeTruthy();
    expect(row('out-of-office').getByText('Jordan Prospect')).toBeTruthy();
    expect(
      row('bounce').getByText('Email to jordan@example.com bounced: 550 5.1.1 User unknown'),
    ).toBeTruthy();
    expect(row('bounce').queryByText('Undelivered Mail Returned to Sender')).toBeNull();
  });

  it("explains a failed text, retries it as a new attempt, and offers 'Send by email instead'", async () => {
    const failed = conversationEvent({
      _id: '00000000-0000-4000-8000-000000000001',
      senderType: 'USER',
      senderName: 'Dana Agent',
      body: 'Your tour is at 4 PM.',
      sendingStatus: 'FAILED',
      data: {
        failureReason: 'The carrier filtered the message as spam.',
        failureAction: 'Rephrase it (fewer links, no sales words) and retry.',
        failureCode: '30007',
      },
    });
    const attempt = conversationEvent({
      _id: '00000000-0000-4000-8000-000000000002',
      senderType: 'USER',
      senderName: 'Dana Agent',
      body: 'Your tour is at 4 PM.',
      sendingStatus: 'PENDING',
      date: new Date(Date.parse(failed.date) + 60_000).toISOString(),
      data: { retryOf: failed._id },
    });
    startSession('token');
    stubTimelineLayout();
    const lead = leadFixture({ conversations: [failed], emailOptStatus: 'NO_INDICATION' });
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
      [`POST ${apiPaths.leadMessageRetry(lead._id, failed._id)}`]: { body: attempt },
    });
    const { user } = renderApp(pagePath(lead));
    await screen.findByRole('region', { name: 'Conversation timeline' });

    const failure = within(eventRow(failed._id));
    expect(failure.getByText('The carrier filtered the message as spam.')).toBeTruthy();
    expect(failure.getByText('Rephrase it (fewer links, no sales words) and retry.')).toBeTruthy();

    await user.click(failure.getByRole('button', { name: 'Send by email instead' }));
    const composer = within(screen.getByRole('form', { name: 'Message composer' }));
    expect(composer.getByRole('button', { name: 'Email' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(composer.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe(
      'Your tour is at 4 PM.',
    );

    await user.click(failure.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(eventRow(attempt._id)).toBeTruthy());
    expect(server.requestsTo(apiPaths.leadMessageRetry(lead._id, failed._id), 'POST')).toHaveLength(
      1,
    );
    expect(within(eventRow(attempt._id)).getByText(/Retry of a failed message/)).toBeTruthy();
    // Once retried, the failed message says so and offers no second retry.
    expect(
      within(eventRow(failed._id)).getByText(/Retried: see the new attempt below/),
    ).toBeTruthy();
    expect(within(eventRow(failed._id)).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("offers no 'Send by email instead' when the lead cannot be emailed", async () => {
    const failed = conversationEvent({
      senderType: 'USER',
      sendingStatus: 'FAILED',
      data: { failureReason: 'The message was blocked by the receiving carrier or by the lead.' },
    });
    // The fixture lead opted out of email.
    await openTimeline([failed]);
    const failure = within(eventRow(failed._id));
    expect(failure.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(failure.queryByRole('button', { name: 'Send by email instead' })).toBeNull();
  });
});
