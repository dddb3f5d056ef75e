import { apiPaths } from '@leasing/contract';
import type { CallEventData, ConversationEvent, Lead } from '@leasing/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { lastReadsJudgement } from '../../../lib/live-sequence';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { stubLiveServer } from '../../../testing/fake-socket';
import {
  conversationEvent,
  demoUser,
  lead as leadFixture,
  leadSummary,
} from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';

const CALL_ID = '0b6f9a52-3c1e-4d7a-9f0e-2a5b8c7d6e11';
const recordingPath = apiPaths.callRecording(CALL_ID);

/** A call to the property's number from Jordan's phone, as the server writes its CALL event. */
function phoneCall(id: string, data: Partial<CallEventData>): ConversationEvent {
  const call: CallEventData = {
    callId: CALL_ID,
    direction: 'inbound',
    from: '+15125550142',
    to: '+15125550199',
    startedAt: '2026-11-18T15:00:00.000Z',
    outcome: null,
    ...data,
  };
  return conversationEvent({
    _id: id,
    eventType: 'CALL',
    body: null,
    senderType: 'LEAD',
    senderName: 'Jordan Prospect',
    date: call.startedAt,
    data: call,
  });
}

const voicemail = () =>
  phoneCall('voicemail', {
    outcome: 'voicemail',
    durationSeconds: 61,
    recording: { id: 'RE0123456789abcdef0123456789abcdef', durationSeconds: 42 },
    transcript: [{ speaker: 'LEAD', text: 'Hi, is the two bedroom still free? Call me back.' }],
  });

function pagePath(lead: Lead) {
  return `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`;
}

/** Opens the pane of a lead whose events (oldest first) are `events`. */
async function openTimeline(events: ConversationEvent[], recording: RouteAnswer = { body: 'ID3' }) {
  startSession('token');
  stubTimelineLayout();
  const lead = leadFixture({ conversations: [...events].reverse() });
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    [`GET ${recordingPath}`]: recording,
  });
  const rendered = renderApp(pagePath(lead));
  await screen.findByRole('region', { name: 'Conversation timeline' });
  return { ...rendered, lead, server };
}

function eventRow(id: string): HTMLElement {
  const row = document.querySelector<HTMLElement>(`[data-event-id="${id}"]`);
  if (!row) throw new Error(`No row for event ${id}`);
  return row;
}

/** The one line of a row whose whole text (its time included) matches. */
const line = (row: HTMLElement, text: RegExp) =>
  within(row).getByText(
    (_, element) => element?.tagName === 'DIV' && text.test(element.textContent ?? ''),
  );

const toneOf = (id: string) =>
  eventRow(id).querySelector<HTMLElement>('[data-call-tone]')?.dataset.callTone;

describe('a call through the property number on the timeline', () => {
  it('shows a missed call in red, with nothing to play or read', async () => {
    await openTimeline([phoneCall('missed', { outcome: 'missed', durationSeconds: 20 })]);
    const row = within(eventRow('missed'));
    expect(row.getByText('Missed call from (512) 555-0142')).toBeTruthy();
    expect(toneOf('missed')).toBe('missed');
    expect(row.getByText(/^\d{1,2}:00 (AM|PM)$/)).toBeTruthy();
    expect(row.queryByRole('button')).toBeNull();
  });

  it('shows who answered a call and how long it lasted', async () => {
    await openTimeline([
      phoneCall('answered', {
        outcome: 'answered',
        answeredBy: '+15125550100',
        durationSeconds: 190,
      }),
    ]);
    const row = within(eventRow('answered'));
    expect(row.getByText('Call answered by (512) 555-0100 · 3 min 10 s')).toBeTruthy();
    expect(line(eventRow('answered'), /^From \(512\) 555-0142 · \d{1,2}:00 (AM|PM)$/)).toBeTruthy();
    expect(toneOf('answered')).toBe('answered');
  });

  it('says a call is ringing while it has no outcome yet', async () => {
    await openTimeline([phoneCall('ringing', {})]);
    const row = within(eventRow('ringing'));
    expect(row.getByText('Incoming call from (512) 555-0142')).toBeTruthy();
    expect(line(eventRow('ringing'), /^Ringing… · \d{1,2}:00 (AM|PM)$/)).toBeTruthy();
  });

  it('plays a voicemail fetched with the session token, and frees it when the row goes', async () => {
    const created = vi.spyOn(URL, 'createObjectURL');
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    onTestFinished(() => {
      created.mockRestore();
      revoked.mockRestore();
    });
    const { user, server } = await openTimeline([voicemail()]);
    const row = within(eventRow('voicemail'));
    expect(row.getByText('Voicemail · 0:42')).toBeTruthy();
    expect(
      line(eventRow('voicemail'), /^From \(512\) 555-0142 · \d{1,2}:00 (AM|PM)$/),
    ).toBeTruthy();
    // Nothing is downloaded until asked for.
    expect(server.requestsTo(recordingPath)).toHaveLength(0);

    await user.click(row.getByRole('button', { name: 'Play recording' }));
    const audio = await row.findByLabelText('Voicemail from (512) 555-0142');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio.hasAttribute('controls')).toBe(true);
    const [request] = server.requestsTo(recordingPath);
    expect(request?.headers.get('Authorization')).toBe('Bearer token');
    const url = created.mock.results[0]?.value as string;
    expect(url).toMatch(/^blob:/);
    expect(audio.getAttribute('src')).toBe(url);
    expect(row.queryByRole('button', { name: 'Play recording' })).toBeNull();

    cleanup();
    expect(revoked).toHaveBeenCalledWith(url);
  });

  it('keeps the transcript folded until asked for', async () => {
    const { user } = await openTimeline([voicemail()]);
    const row = within(eventRow('voicemail'));
    const toggle = row.getByRole('button', { name: 'Show transcript' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(row.queryByText(/two bedroom/)).toBeNull();

    await user.click(toggle);
    expect(row.getByRole('button', { name: 'Hide transcript' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(row.getByText('Jordan Prospect:')).toBeTruthy();
    expect(row.getByText('Hi, is the two bedroom still free? Call me back.')).toBeTruthy();

    await user.click(row.getByRole('button', { name: 'Hide transcript' }));
    expect(row.queryByText(/two bedroom/)).toBeNull();
  });

  it('says when the recording is gone (404)', async () => {
    const { user } = await openTimeline(
      [voicemail()],
      apiError(404, 'NOT_FOUND', 'Recording not found'),
    );
    const row = within(eventRow('voicemail'));
    await user.click(row.getByRole('button', { name: 'Play recording' }));
    expect((await row.findByRole('alert')).textContent).toBe('The recording is not available.');
    expect(row.queryByLabelText('Voicemail from (512) 555-0142')).toBeNull();
  });

  it('says when Twilio held the recording back, and tries again on request', async () => {
    let asked = 0;
    const { user, server } = await openTimeline([voicemail()], () => {
      asked += 1;
      return asked === 1
        ? apiError(502, 'RECORDING_UNAVAILABLE', 'Twilio did not hand over the recording')
        : { body: 'ID3' };
    });
    const row = within(eventRow('voicemail'));
    await user.click(row.getByRole('button', { name: 'Play recording' }));
    expect((await row.findByRole('alert')).textContent).toMatch(
      /^The recording is not available\. Try again$/,
    );
    await user.click(row.getByRole('button', { name: 'Try again' }));
    expect(await row.findByLabelText('Voicemail from (512) 555-0142')).toBeTruthy();
    expect(server.requestsTo(recordingPath)).toHaveLength(2);
  });

  it("keeps the assistant's calls as they were: one button that opens the transcript", async () => {
    const { user } = await openTimeline([
      conversationEvent({
        _id: 'assistant-call',
        eventType: 'CALL',
        body: 'Inbound call, 3 min 12 s',
        data: {
          durationSeconds: 192,
          transcript: [{ speaker: 'AGENT', text: 'Maple Court, how can I help?' }],
        },
      }),
    ]);
    const row = within(eventRow('assistant-call'));
    expect(row.getByText('· 3 min 12 s')).toBeTruthy();
    expect(row.queryByRole('button', { name: 'Play recording' })).toBeNull();
    expect(row.queryByRole('button', { name: 'Show transcript' })).toBeNull();
    await user.click(row.getByRole('button', { name: /Call with Jordan Prospect/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Call transcript' });
    expect(within(dialog).getByText('Maple Court, how can I help?')).toBeTruthy();
  });

  it('updates the row when the server reports on the call (call.updated)', async () => {
    startSession('token');
    stubTimelineLayout();
    const lead = leadFixture({ conversations: [phoneCall('live-call', {})] });
    const missed = phoneCall('live-call', { outcome: 'missed', durationSeconds: 25 });
    // What the server answers now: the lead as it is when asked.
    let current = lead;
    const live = stubLiveServer(demoUser);
    const leadPath = apiPaths.lead(lead.propertyID, lead.pmsLeadId);
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadPath}`]: () => ({ body: current }),
    });
    renderApp(pagePath(lead));
    expect(await screen.findByText('Incoming call from (512) 555-0142')).toBeTruthy();
    await live.connected();
    // The first connection judges what was loaded before it (here: loads the lead again).
    await vi.waitFor(() => expect(lastReadsJudgement()).not.toBeNull());
    const judged = await lastReadsJudgement();
    await waitFor(() => expect(server.requestsTo(leadPath)).toHaveLength(judged ? 1 : 2));
    const loads = server.requestsTo(leadPath).length;

    current = { ...lead, conversations: [missed] };
    live.publish(
      [missed],
      leadSummary({
        _id: lead._id,
        pmsLeadId: lead.pmsLeadId,
        propertyID: lead.propertyID,
        name: lead.name,
        phone: lead.phone,
        email: lead.email,
        officeDecisionStatus: lead.officeDecisionState?.status ?? null,
        tourDateUTC: lead.tourDateUTC,
      }),
    );
    await waitFor(() =>
      expect(
        within(eventRow('live-call')).getByText('Missed call from (512) 555-0142'),
      ).toBeTruthy(),
    );
    expect(screen.queryByText('Incoming call from (512) 555-0142')).toBeNull();
    expect(document.querySelectorAll('[data-event-id="live-call"]')).toHaveLength(1);
    // The delivery itself updated the row: the lead was not loaded again for it.
    expect(server.requestsTo(leadPath)).toHaveLength(loads);
  });
});
