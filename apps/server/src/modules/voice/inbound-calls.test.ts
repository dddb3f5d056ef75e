import { afterAll, describe, expect, it } from 'vitest';
import twilio from 'twilio';
import { eq } from 'drizzle-orm';
import {
  apiPaths,
  callEventDataSchema,
  socketEvents,
  type CallEventData,
  type NewConversationAnnouncement,
} from '@leasing/contract';
import { leads, leadSources } from '../../db/schema/index.js';
import {
  createLead,
  createOffice,
  createPhoneNumber,
  createUser,
  uniquePhone,
} from '../../test/factories.js';
import { createSocketOpener } from '../../test/sockets.js';
import { oneDatabase } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import {
  buildOffice,
  callbacks,
  callBySid,
  eventOf,
  footprint,
  incomingCallForm,
  newCallSid,
  parseTwiml,
  postTwilio,
  setVoiceSettings,
  useVoiceApp,
  verbsOf,
  type TwimlNode,
  type VoiceTestApp,
} from './test-support.js';

const VOICE_PATH = '/webhooks/twilio/voice';

describe.each(oneDatabase())('inbound calls from Twilio ($name)', (target) => {
  const v: VoiceTestApp = useVoiceApp(target);
  const sockets = createSocketOpener();
  afterAll(() => sockets.closeAll());

  /** A call from `from` to `to`, signed and posted; answers the parsed TwiML and the stored call. */
  const call = async (from: string, to: string, callSid = newCallSid()) => {
    const response = await postTwilio(v, VOICE_PATH, incomingCallForm(v, { callSid, from, to }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/xml');
    return { callSid, twiml: parseTwiml(response.body), stored: await callBySid(v, callSid) };
  };

  const dataOf = async (callSid: string): Promise<CallEventData> => {
    const row = await callBySid(v, callSid);
    return callEventDataSchema.parse((await eventOf(v, row!)).data);
  };

  it('makes a lead of an unknown caller (source Phone call) and dials the forwarding numbers with a whisper', async () => {
    const office = await buildOffice(v, 'Maple Grove Apartments');
    const [office1, office2] = [uniquePhone(), uniquePhone()];
    await setVoiceSettings(v, office, { forwardingNumbers: [office1!, office2!] });
    const caller = uniquePhone();

    const { callSid, twiml, stored } = await call(caller, office.number);

    // The lead: new, named by the number, from 'Phone call'.
    const [lead] = await v.t.db.select().from(leads).where(eq(leads.phone, caller));
    const [source] = await v.t.db
      .select()
      .from(leadSources)
      .where(eq(leadSources.id, lead!.sourceId!));
    expect(lead).toMatchObject({
      propertyId: office.property.id,
      pmsLeadId: expect.stringMatching(/^CALL-/),
    });
    expect(source!.name).toBe('Phone call');

    // The TwiML: the greeting, then one <Dial> ringing both numbers, each with its whisper.
    expect(verbsOf(twiml)).toEqual(['Say', 'Dial']);
    expect(twiml.children[0]!.text).toBe(
      'Thanks for calling Maple Grove Apartments. Please hold while we connect you.',
    );
    const dial = twiml.children[1]!;
    expect(dial.attributes).toEqual({
      action: `${v.t.url}/webhooks/twilio/voice/dial-status?leg=0`,
      method: 'POST',
      timeout: '20',
    });
    expect(dial.children.map((number) => [number.name, number.text, number.attributes])).toEqual([
      [
        'Number',
        office1,
        { url: `${v.t.url}/webhooks/twilio/voice/whisper?call=${stored!.id}&n=0`, method: 'POST' },
      ],
      [
        'Number',
        office2,
        { url: `${v.t.url}/webhooks/twilio/voice/whisper?call=${stored!.id}&n=1`, method: 'POST' },
      ],
    ]);

    // The call on the lead's timeline, ringing.
    const event = await eventOf(v, stored!);
    expect(event).toMatchObject({
      leadId: lead!.id,
      eventType: 'CALL',
      senderType: 'LEAD',
      senderName: lead!.name,
    });
    expect(await dataOf(callSid)).toEqual({
      callId: stored!.id,
      direction: 'inbound',
      from: caller,
      to: office.number,
      startedAt: stored!.startedAt.toISOString(),
      outcome: null,
    });

    // The person who picks up hears who is calling; the call knows who answered.
    const whisper = await callbacks(v, callSid).whisper(stored!.id, 1);
    expect(parseTwiml(whisper.body).children.map((verb) => [verb.name, verb.text])).toEqual([
      ['Say', `Call for Maple Grove Apartments from ${lead!.name}`],
    ]);
    const answered = await callbacks(v, callSid).dialStatus(0, 'completed', 42);
    expect(verbsOf(parseTwiml(answered.body))).toEqual(['Hangup']);
    expect(await dataOf(callSid)).toMatchObject({
      outcome: 'answered',
      durationSeconds: 42,
      answeredBy: office2,
    });
  });

  it('also rings the agents on duty (the console open, a phone of their own) when the property says so', async () => {
    const office = await buildOffice(v, 'Cedar Point');
    const officePhone = uniquePhone();
    await setVoiceSettings(v, office, { forwardingNumbers: [officePhone] });
    const agent = (name: string, phone?: string) =>
      createUser(v.t.db, office.company.id, { role: 'agent', name, ...(phone ? { phone } : {}) });
    const [onDutyPhone, awayPhone] = [uniquePhone(), uniquePhone()];
    const priya = await agent('Priya Shah', onDutyPhone);
    await agent('Omar Haddad', awayPhone); // not signed in
    const lee = await agent('Lee Park'); // no phone
    await sockets.open(v.t.url, await v.t.signIn(priya.credentials));
    await sockets.open(v.t.url, await v.t.signIn(lee.credentials));
    // Another company's agent, online with a phone, is never rung.
    const elsewhere = await buildOffice(v, 'Harbor View');
    const outsider = await createUser(v.t.db, elsewhere.company.id, {
      role: 'agent',
      name: 'Sam Outsider',
      phone: uniquePhone(),
    });
    await sockets.open(v.t.url, await v.t.signIn(outsider.credentials));
    const dialled = (twiml: TwimlNode) => twiml.children[1]!.children.map((number) => number.text);

    // Off, as by default: the forwarding numbers only.
    expect(dialled((await call(uniquePhone(), office.number)).twiml)).toEqual([officePhone]);

    await setVoiceSettings(v, office, { ringAgentsOnDuty: true });
    const { callSid, twiml, stored } = await call(uniquePhone(), office.number);
    expect(dialled(twiml)).toEqual([officePhone, onDutyPhone]);
    // Priya picks up: her whisper, and the call knows it was her phone (consoles show her on it).
    await callbacks(v, callSid).whisper(stored!.id, 1);
    expect(await dataOf(callSid)).toMatchObject({
      outcome: null,
      answeredBy: onDutyPhone,
      answeredByName: 'Priya Shah',
    });
    await callbacks(v, callSid).dialStatus(0, 'completed', 30);
    expect(await dataOf(callSid)).toMatchObject({
      outcome: 'answered',
      answeredBy: onDutyPhone,
      answeredByName: 'Priya Shah',
    });
    // The office's phone is nobody's own: the number alone.
    const second = await call(uniquePhone(), office.number);
    await callbacks(v, second.callSid).whisper(second.stored!.id, 0);
    const office0 = await dataOf(second.callSid);
    expect([office0.answeredBy, office0.answeredByName]).toEqual([officePhone, undefined]);
  });

  it('refuses an unsigned, forged or re-addressed voice webhook: 403 and nothing stored', async () => {
    const office = await buildOffice(v);
    const genuine = incomingCallForm(v, {
      callSid: newCallSid(),
      from: uniquePhone(),
      to: office.number,
    });
    // The same request rightly signed is taken: the refusals below are the signature's doing.
    const before = await footprint(v);
    expect((await postTwilio(v, VOICE_PATH, genuine)).statusCode).toBe(200);
    const after = await footprint(v);
    expect([after.leads, after.calls, after.events]).toEqual([
      before.leads + 1,
      before.calls + 1,
      before.events + 1,
    ]);

    const form = incomingCallForm(v, {
      callSid: newCallSid(),
      from: uniquePhone(),
      to: office.number,
    });
    const url = `${v.t.url}${VOICE_PATH}`;
    const attempts = [
      postTwilio(v, VOICE_PATH, form, { signature: null }),
      postTwilio(v, VOICE_PATH, form, {
        signature: twilio.getExpectedTwilioSignature('0'.repeat(32), url, form),
      }),
      postTwilio(
        v,
        VOICE_PATH,
        { ...form, From: uniquePhone() },
        {
          signature: twilio.getExpectedTwilioSignature(v.fake().authToken, url, form),
        },
      ),
      postTwilio(v, VOICE_PATH, form, {
        signature: twilio.getExpectedTwilioSignature(v.fake().authToken, `${url}/other`, form),
      }),
    ];
    const callbackPaths = [
      '/webhooks/twilio/voice/dial-status?leg=0',
      '/webhooks/twilio/voice/status',
      '/webhooks/twilio/voice/recording',
      '/webhooks/twilio/voice/transcription',
    ];
    for (const path of callbackPaths) attempts.push(postTwilio(v, path, form, { signature: null }));
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' } });
    }
    expect(await footprint(v)).toEqual(after);
    expect(await callBySid(v, form.CallSid!)).toBeUndefined();
  });

  it('tells a caller of a number nobody owns that it is not in service, and stores nothing', async () => {
    const before = await footprint(v);
    const { twiml, stored } = await call(uniquePhone(), uniquePhone());
    expect(twiml.children.map((verb) => [verb.name, verb.text])).toEqual([
      ['Say', 'The number you have called is not in service.'],
      ['Hangup', ''],
    ]);
    expect(stored).toBeUndefined();
    expect(await footprint(v)).toEqual(before);
  });

  it('lands a known caller on their lead, once however often Twilio delivers the call', async () => {
    const office = await buildOffice(v);
    const ava = await createLead(v.t.db, office.property, { name: 'Ava Thompson' });
    const callSid = newCallSid();
    const form = incomingCallForm(v, { callSid, from: ava.phone!, to: office.number });
    const before = await footprint(v);
    const answers = await Promise.all([1, 2, 3].map(() => postTwilio(v, VOICE_PATH, form)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const after = await footprint(v);
    expect([after.leads, after.calls, after.events]).toEqual([
      before.leads,
      before.calls + 1,
      before.events + 1,
    ]);
    expect((await callBySid(v, callSid))!.leadId).toBe(ava.id);
  });

  it('sends a caller straight to the voicemail when no number is forwarded to, with the transcription callback when it is on', async () => {
    const office = await buildOffice(v);
    await setVoiceSettings(v, office, {
      greeting: '',
      voicemailGreeting: 'Leave us a message.',
      transcription: true,
    });
    const { twiml } = await call(uniquePhone(), office.number);
    expect(verbsOf(twiml)).toEqual(['Say', 'Record']);
    expect(twiml.children[0]!.text).toBe('Leave us a message.');
    expect(twiml.children[1]!.attributes).toEqual({
      maxLength: '180',
      playBeep: 'true',
      action: `${v.t.url}/webhooks/twilio/voice/recording`,
      method: 'POST',
      recordingStatusCallback: `${v.t.url}/webhooks/twilio/voice/recording`,
      recordingStatusCallbackMethod: 'POST',
      transcribe: 'true',
      transcribeCallback: `${v.t.url}/webhooks/twilio/voice/transcription`,
    });
  });

  it('answers a no-answer with the voicemail, and rings numbers one after another in sequential mode', async () => {
    const office = await buildOffice(v);
    const numbers = [uniquePhone(), uniquePhone()];
    await setVoiceSettings(v, office, {
      forwardingNumbers: numbers,
      ringMode: 'sequential',
      ringTimeoutSeconds: 15,
    });
    const { callSid, twiml, stored } = await call(uniquePhone(), office.number);
    expect(twiml.children[1]!.children.map((number) => number.text)).toEqual([numbers[0]]);

    const next = parseTwiml((await callbacks(v, callSid).dialStatus(0, 'busy')).body);
    expect(verbsOf(next)).toEqual(['Dial']);
    expect(next.children[0]!.attributes).toMatchObject({
      action: `${v.t.url}/webhooks/twilio/voice/dial-status?leg=1`,
      timeout: '15',
    });
    expect(
      next.children[0]!.children.map((number) => [number.text, number.attributes.url]),
    ).toEqual([[numbers[1], `${v.t.url}/webhooks/twilio/voice/whisper?call=${stored!.id}&n=1`]]);
    // Twilio asking about the first leg again gets the same answer: the second number rings once.
    expect(parseTwiml((await callbacks(v, callSid).dialStatus(0, 'busy')).body)).toEqual(next);

    const voicemail = parseTwiml((await callbacks(v, callSid).dialStatus(1, 'no-answer')).body);
    expect(verbsOf(voicemail)).toEqual(['Say', 'Record']);
    expect(voicemail.children[0]!.text).toBe(
      'Sorry we missed your call. Please leave a message after the tone and we will call you back.',
    );
    expect(voicemail.children[1]!.attributes).toMatchObject({
      maxLength: '180',
      action: `${v.t.url}/webhooks/twilio/voice/recording`,
      recordingStatusCallback: `${v.t.url}/webhooks/twilio/voice/recording`,
      transcribe: 'false',
    });
    expect(voicemail.children[1]!.attributes.transcribeCallback).toBeUndefined();
    expect(await dataOf(callSid)).toMatchObject({ outcome: 'missed' });
  });

  it('completes the CALL event from the recording and transcription callbacks, live, without Twilio’s URL', async () => {
    const office = await buildOffice(v);
    await setVoiceSettings(v, office, { forwardingNumbers: [uniquePhone()], transcription: true });
    const socket = await sockets.open(v.t.url, office.admin);
    const announced: NewConversationAnnouncement[] = [];
    socket.on(
      socketEvents.newConversation(office.company.id),
      (announcement: NewConversationAnnouncement) => announced.push(announcement),
    );
    const { callSid, stored } = await call(uniquePhone(), office.number);
    const heard = () =>
      announced.filter((announcement) => announcement.eventID === stored!.timelineEventId).length;
    await waitUntil('the console hears of the call', () => heard() >= 1);
    const recording = v.fake().addRecording(Buffer.from('voicemail audio'));
    const twilioSays = callbacks(v, callSid);

    await twilioSays.dialStatus(0, 'no-answer');
    const thanks = await twilioSays.recording(recording, 27);
    expect(verbsOf(parseTwiml(thanks.body))).toEqual(['Hangup']);
    await twilioSays.recording(recording, 27, 'completed');
    await twilioSays.transcription(recording.sid, 'Hi, this is Sam. Is the loft still available?');
    await twilioSays.status('completed', 64);

    const data = await dataOf(callSid);
    expect(data).toEqual({
      callId: stored!.id,
      direction: 'inbound',
      from: stored!.fromNumber,
      to: office.number,
      startedAt: stored!.startedAt.toISOString(),
      outcome: 'voicemail',
      durationSeconds: 64,
      recording: { id: recording.sid, durationSeconds: 27 },
      transcript: [{ speaker: 'LEAD', text: 'Hi, this is Sam. Is the loft still available?' }],
    });
    expect(JSON.stringify((await eventOf(v, stored!)).data)).not.toContain('/Recordings/');
    // The arrival and each of the four changes (the repeated recording is none) were announced.
    await waitUntil('the console hears of each change', () => heard() >= 5, { lastSeen: heard });
    expect(heard()).toBe(5);
  });

  it('applies callbacks once in any order: a late missed or a repeat changes nothing', async () => {
    const office = await buildOffice(v);
    await setVoiceSettings(v, office, { forwardingNumbers: [uniquePhone()] });
    const { callSid } = await call(uniquePhone(), office.number);
    const recording = v.fake().addRecording(Buffer.from('audio'));
    const twilioSays = callbacks(v, callSid);
    // The transcription first, then everything twice and at once.
    await twilioSays.transcription(recording.sid, 'Call me back please.');
    const settled = await dataOf(callSid);
    await Promise.all(
      [1, 2].flatMap(() => [
        twilioSays.status('completed', 50),
        twilioSays.recording(recording, 12, 'completed'),
        twilioSays.dialStatus(0, 'no-answer'),
        twilioSays.transcription(recording.sid, 'Call me back please.'),
      ]),
    );
    const final = await dataOf(callSid);
    expect(settled).toMatchObject({ outcome: 'voicemail' });
    expect(final).toMatchObject({
      outcome: 'voicemail',
      durationSeconds: 50,
      recording: { id: recording.sid, durationSeconds: 12 },
      transcript: [{ speaker: 'LEAD', text: 'Call me back please.' }],
    });
    const row = (await callBySid(v, callSid))!;
    expect([row.dialLeg, row.endedAt !== null]).toEqual([1, true]);
    // A missed status after all that does not undo the voicemail.
    await twilioSays.status('no-answer', 0);
    expect(await dataOf(callSid)).toEqual(final);
  });

  it('streams a voicemail to the staff of its company only, from Twilio with the account’s credentials', async () => {
    const office = await buildOffice(v);
    const other = await createOffice(v.t.db);
    const otherToken = await v.t.signIn(other.staff.credentials);
    const { callSid, stored } = await call(uniquePhone(), office.number);
    const path = apiPaths.callRecording(stored!.id);

    // No recording yet: nothing to play.
    const none = await v.t.request('GET', path, { as: office.admin });
    expect([none.status, none.body]).toEqual([
      404,
      { error: { code: 'NOT_FOUND', message: 'This call has no recording.' } },
    ]);

    const audio = Buffer.from('ID3 a voicemail');
    const recording = v.fake().addRecording(audio);
    await callbacks(v, callSid).recording(recording, 9, 'completed');
    const played = await v.t.app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${office.admin}` },
    });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mpeg');
    expect(played.rawPayload.equals(audio)).toBe(true);
    const expectedAuth = `Basic ${Buffer.from(`${v.fake().accountSid}:${v.fake().authToken}`).toString('base64')}`;
    expect(v.fake().recordingRequests.at(-1)).toEqual({
      path: `/2010-04-01/Accounts/${v.fake().accountSid}/Recordings/${recording.sid}.mp3`,
      authorization: expectedAuth,
    });

    // Another company's staff, and nobody signed in, get nothing.
    const asked = v.fake().recordingRequests.length;
    expect((await v.t.request('GET', path, { as: otherToken })).status).toBe(403);
    expect((await v.t.request('GET', path)).status).toBe(401);
    expect(v.fake().recordingRequests.length).toBe(asked);
  });

  it('answers a caller of a company number no lead of theirs was texted from without storing anything', async () => {
    const office = await createOffice(v.t.db);
    const companyNumber = (await createPhoneNumber(v.t.db, office.company.id)).e164;
    const before = await footprint(v);
    const { twiml, stored } = await call(uniquePhone(), companyNumber);
    expect(verbsOf(twiml)).toEqual(['Say', 'Hangup']);
    expect(stored).toBeUndefined();
    expect(await footprint(v)).toEqual(before);
  });
});
