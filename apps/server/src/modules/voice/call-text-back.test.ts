import { afterEach, describe, expect, it } from 'vitest';
import { createLead, uniquePhone } from '../../test/factories.js';
import { everyDatabase, oneDatabase } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import type { SendWindow } from '../scheduling/index.js';
import {
  buildOffice,
  callbacks,
  callBySid,
  footprint,
  incomingCallForm,
  newCallSid,
  postTwilio,
  setVoiceSettings,
  textBacksOf,
  useVoiceApp,
  type VoiceTestApp,
} from './test-support.js';

const VOICE_PATH = '/webhooks/twilio/voice';

/** A call from `caller` to the office's number, nobody answering: the caller is in the voicemail. */
const missedCall = async (
  v: VoiceTestApp,
  office: { number: string },
  caller: string,
): Promise<{ callSid: string; leadId: string }> => {
  const callSid = newCallSid();
  const arrived = await postTwilio(
    v,
    VOICE_PATH,
    incomingCallForm(v, { callSid, from: caller, to: office.number }),
  );
  expect(arrived.statusCode).toBe(200);
  expect((await callbacks(v, callSid).dialStatus(0, 'no-answer')).statusCode).toBe(200);
  return { callSid, leadId: (await callBySid(v, callSid))!.leadId };
};

/** The texts the loopback Twilio was asked to send to `phone`. */
const smsTo = (v: VoiceTestApp, phone: string) =>
  v.fake().received.filter((sms) => sms.to === phone);

describe.each(everyDatabase())(
  'one call, one text-back, however Twilio repeats itself ($name)',
  (target) => {
    const v = useVoiceApp(target);

    it('texts a missed caller once, with the property’s booking link, whatever callbacks come again and at once', async () => {
      const office = await buildOffice(v);
      await setVoiceSettings(v, office, { forwardingNumbers: [uniquePhone()] });
      const caller = uniquePhone();
      const { callSid, leadId } = await missedCall(v, office, caller);
      // Not over yet: the caller may still leave a voicemail.
      expect(await textBacksOf(v, leadId)).toEqual([]);

      const twilioSays = callbacks(v, callSid);
      const answers = await Promise.all([
        twilioSays.status('completed', 31),
        twilioSays.status('completed', 31),
        twilioSays.dialStatus(0, 'no-answer'),
        twilioSays.status('completed', 31),
        twilioSays.status('no-answer', 31),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);

      const [text, ...more] = await textBacksOf(v, leadId);
      expect(more).toEqual([]);
      expect(text).toMatchObject({ senderType: 'SYSTEM', senderName: 'Missed-call text' });
      const link = `${v.t.url}/book/${office.property.id}?t=`;
      expect(text!.body).toMatch(
        new RegExp(
          `^Sorry we missed your call — how can we help\\? You can also book a tour: ${link.replace(/[.?]/g, '\\$&')}\\S+$`,
        ),
      );
      const call = (await callBySid(v, callSid))!;
      expect([call.outcome, call.textBack, call.textBackEventId]).toEqual([
        'missed',
        'sent',
        text!.id,
      ]);

      // It really leaves, once.
      await waitUntil('the text-back reaches Twilio', () => smsTo(v, caller).length > 0);
      await v.fake().settled();
      expect(smsTo(v, caller).map((sms) => [sms.from, sms.body])).toEqual([
        [office.number, text!.body],
      ]);

      // Twilio reporting the call again, even a voicemail after it, sends nothing more.
      const recording = v.fake().addRecording(Buffer.from('late audio'));
      await twilioSays.recording(recording, 4, 'completed');
      await twilioSays.status('completed', 31);
      expect(await textBacksOf(v, leadId)).toHaveLength(1);
    });

    it('texts a caller who left a voicemail once, when the voicemail comes, not again when the call ends', async () => {
      const office = await buildOffice(v);
      const caller = uniquePhone();
      const { callSid, leadId } = await missedCall(v, office, caller);
      const recording = v.fake().addRecording(Buffer.from('audio'));
      const twilioSays = callbacks(v, callSid);
      await Promise.all([
        twilioSays.recording(recording, 15),
        twilioSays.recording(recording, 15, 'completed'),
      ]);
      expect(await textBacksOf(v, leadId)).toHaveLength(1);
      await Promise.all([twilioSays.status('completed', 40), twilioSays.status('completed', 40)]);
      expect(await textBacksOf(v, leadId)).toHaveLength(1);
      expect((await callBySid(v, callSid))!.outcome).toBe('voicemail');
    });

    it('stores one call and one event however often and concurrently Twilio delivers the call', async () => {
      const office = await buildOffice(v);
      const callSid = newCallSid();
      const form = incomingCallForm(v, { callSid, from: uniquePhone(), to: office.number });
      const before = await footprint(v);
      const answers = await Promise.all([1, 2, 3].map(() => postTwilio(v, VOICE_PATH, form)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      const after = await footprint(v);
      expect([after.leads, after.calls, after.events]).toEqual([
        before.leads + 1,
        before.calls + 1,
        before.events + 1,
      ]);
    });
  },
);

describe.each(oneDatabase())('who gets the missed-call text ($name)', (target) => {
  let window: Awaited<ReturnType<SendWindow>> = { allowed: true };
  const v = useVoiceApp(target, { sendWindow: () => Promise.resolve(window) });
  afterEach(() => {
    window = { allowed: true };
  });

  it('texts nobody after an answered call', async () => {
    const office = await buildOffice(v);
    await setVoiceSettings(v, office, { forwardingNumbers: [uniquePhone()] });
    const callSid = newCallSid();
    const caller = uniquePhone();
    await postTwilio(
      v,
      VOICE_PATH,
      incomingCallForm(v, { callSid, from: caller, to: office.number }),
    );
    await callbacks(v, callSid).dialStatus(0, 'completed', 120);
    await callbacks(v, callSid).status('completed', 130);
    const call = (await callBySid(v, callSid))!;
    expect([call.outcome, call.textBack]).toEqual(['answered', null]);
    expect(await textBacksOf(v, call.leadId)).toEqual([]);
  });

  it('texts nobody whose number opted out, and says so on the call', async () => {
    const office = await buildOffice(v);
    const optedOut = await createLead(v.t.db, office.property, { phoneOptStatus: 'OPT_OUT' });
    // The positive control: a caller who may be texted, on the same property, gets it.
    const other = uniquePhone();
    const control = await missedCall(v, office, other);
    await callbacks(v, control.callSid).status('completed', 20);
    expect(await textBacksOf(v, control.leadId)).toHaveLength(1);

    const { callSid, leadId } = await missedCall(v, office, optedOut.phone!);
    expect(leadId).toBe(optedOut.id);
    await callbacks(v, callSid).status('completed', 20);
    expect((await callBySid(v, callSid))!.textBack).toBe('cannot_text');
    expect(await textBacksOf(v, leadId)).toEqual([]);
  });

  it('sends the property’s own words, and nothing when the property turned the text off', async () => {
    const office = await buildOffice(v, 'Riverside Lofts');
    await setVoiceSettings(v, office, {
      textBackMessage: 'Riverside Lofts here, sorry we missed you! Book a visit: {{tourLink}}',
    });
    const worded = await missedCall(v, office, uniquePhone());
    await callbacks(v, worded.callSid).status('completed', 12);
    const [text] = await textBacksOf(v, worded.leadId);
    expect(text!.body).toMatch(
      /^Riverside Lofts here, sorry we missed you! Book a visit: http:\/\/127\.0\.0\.1:\d+\/book\/[\w-]+\?t=\S+$/,
    );

    await setVoiceSettings(v, office, { textBack: false });
    const quiet = await missedCall(v, office, uniquePhone());
    await callbacks(v, quiet.callSid).status('completed', 12);
    expect((await callBySid(v, quiet.callSid))!.textBack).toBe('off');
    expect(await textBacksOf(v, quiet.leadId)).toEqual([]);
  });

  it("holds the text to the lead's next allowed time in quiet hours", async () => {
    const office = await buildOffice(v);
    const reopens = new Date(Date.now() + 8 * 3_600_000);
    window = { allowed: false, nextAllowedAt: reopens };
    const caller = uniquePhone();
    const { callSid, leadId } = await missedCall(v, office, caller);
    await callbacks(v, callSid).status('completed', 25);
    const held = await waitUntil('the text-back is held', async () => {
      const [text] = await textBacksOf(v, leadId);
      return text?.data.heldUntil ? text : undefined;
    });
    expect([held.sendingStatus, held.scheduledAt!.getTime()]).toEqual([
      'SCHEDULED',
      reopens.getTime(),
    ]);
    expect(smsTo(v, caller)).toEqual([]);
  });
});
