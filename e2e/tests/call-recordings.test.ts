import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import twilio from 'twilio';
import { apiPaths, defaultVoiceSettings } from '@leasing/contract';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { ownedBy, uniquePhone, type Lead } from '../support/factories.js';
import { openLead } from '../support/leads.js';
import { DESKTOP, useBrowserSession } from '../support/session.js';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const WORDS = 'Hi, this is Rosa. Is the one-bedroom still free? Call me back please.';

/**
 * Two seconds of silent MPEG-1 Layer III (128 kbit/s, 44.1 kHz): frames with a header and no
 * coded data, which every MP3 decoder plays as silence. Real audio for the browser's player.
 */
const silentMp3 = (seconds: number) => {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: Math.ceil((seconds * 44_100) / 1152) }, () => frame));
};

/**
 * A voicemail through Twilio (a loopback double of its API): the call comes in, nobody answers,
 * the caller leaves a message, Twilio transcribes it. The console copies the recording into its
 * own storage and staff play it in the pane through the console.
 */
describe('a voicemail recorded at Twilio, played in the pane', () => {
  let twilioFake: FakeTwilio;
  beforeAll(async () => {
    twilioFake = await startFakeTwilio();
  });
  afterAll(async () => {
    await twilioFake?.close();
  });
  const ui = useBrowserSession({ env: () => twilioFake.env() });

  /** Posts a callback to the server as Twilio does: form-encoded, signed over the public URL. */
  const twilioPosts = async (path: string, params: Record<string, string>) => {
    const url = `${ui.server.url}${path}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(twilioFake.authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  };

  /** The voicemail `lead` leaves on their property's number. */
  const leaveVoicemail = async (lead: Lead) => {
    const callSid = `CA${randomBytes(16).toString('hex')}`;
    const about = { AccountSid: twilioFake.accountSid, ApiVersion: '2010-04-01', CallSid: callSid };
    await twilioPosts('/webhooks/twilio/voice', {
      ...about,
      CallStatus: 'ringing',
      Direction: 'inbound',
      From: lead.phone!,
      To: lead.property.smsNumber!,
    });
    await twilioPosts('/webhooks/twilio/voice/dial-status?leg=0', {
      ...about,
      CallStatus: 'in-progress',
      DialCallSid: `CA${randomBytes(16).toString('hex')}`,
      DialCallStatus: 'no-answer',
    });
    const recording = twilioFake.addRecording(silentMp3(2));
    await twilioPosts('/webhooks/twilio/voice/recording', {
      ...about,
      RecordingSid: recording.sid,
      RecordingUrl: recording.url,
      RecordingDuration: '2',
      RecordingStatus: 'completed',
    });
    await twilioPosts('/webhooks/twilio/voice/transcription', {
      ...about,
      RecordingSid: recording.sid,
      TranscriptionSid: `TR${randomBytes(16).toString('hex')}`,
      TranscriptionStatus: 'completed',
      TranscriptionText: WORDS,
    });
  };

  /** Plays the voicemail in the pane: the browser's player has its audio and moves through it. */
  const playVoicemail = async (page: Page, lead: Lead) => {
    await openLead(page, ui.server.url, lead);
    await page.getByText(/^Voicemail · 0:02/).waitFor();
    await page.getByRole('button', { name: 'Play recording' }).click();
    const player = page.locator('audio[aria-label^="Voicemail from "]');
    await player.waitFor({ state: 'attached' });
    await expect
      .poll(
        () =>
          player.evaluate((audio: HTMLAudioElement) => ({
            error: audio.error?.code ?? null,
            seconds: Math.round(audio.duration),
            moving: audio.currentTime > 0,
          })),
        { timeout: 10_000 },
      )
      .toEqual({ error: null, seconds: 2, moving: true });
    await page.getByRole('button', { name: 'Show transcript' }).first().click();
    await page.getByText(WORDS).waitFor();
  };

  it('plays the voicemail and shows its transcript, axe clean at 1440 and 390 px', async () => {
    const property = await ui.make.propertyWithNumber({
      name: 'Juniper Flats',
      own: ownedBy(twilioFake),
    });
    const admin = await ui.make.api();
    await admin.request('PUT', apiPaths.propertyVoice(property._id), {
      ...defaultVoiceSettings(property.name),
      forwardingNumbers: [uniquePhone()],
      transcription: true,
    });
    const lead = await ui.make.lead({ name: 'Rosa Diaz', property });
    await leaveVoicemail(lead);

    const desktop = await ui.signedInPage({ viewport: DESKTOP });
    await playVoicemail(desktop, lead);
    await expectNoSeriousA11yViolations(desktop, 'pane playing a voicemail, transcript open');
    await desktop.context().close();

    const phone = await ui.signedInPage(PHONE);
    await playVoicemail(phone, lead);
    await expectNoSeriousA11yViolations(phone, 'phone pane playing a voicemail, transcript open');
    await phone.context().close();
  });
});
