import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  apiRoutes,
  type ConversationEvent,
  type ConversationPage,
  type LeadPage,
  type PropertyVoiceSettings,
} from '@leasing/contract';
import { openDatabase } from '../../db/client.js';
import { applyMigrations } from '../../db/migrate.js';
import { createOffice, uniquePhone } from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { signInAt, startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { createFreshPostgres, type FreshPostgres } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { TEXT_BACK_SENDER_NAME } from './call-text-back.service.js';
import { newCallSid } from './test-support.js';

/** The property's own words (no booking link: the body is the same whichever process sends it). */
const WORDS = 'Maple Grove here, sorry we missed your call! Reply here and we will help.';

const pgUrl = process.env.DATABASE_URL;

/**
 * The missed-call text is decided in the transaction that ends the call (stored with its queue
 * job), and sent by the queue afterwards. The server is killed with SIGKILL the moment it answered
 * Twilio's final status callback of a missed call: the text is stored and may or may not have
 * left (killed after the dial result instead, nothing would be decided yet: the caller may still
 * leave a voicemail). A new process on the same database then gets Twilio's callbacks again (the
 * dial result and the final status, each twice, at once): the caller gets exactly one text, in the
 * property's words, and the lead's timeline shows one CALL event and one text-back. On a fresh
 * PostgreSQL database when DATABASE_URL is set (CI), else PGlite on disk. A release job the dead
 * process held is freed after `RELEASE_JOB_EXPIRE_SECONDS`, so the text is at most that late.
 */
describe.each(pgUrl ? ['postgres'] : ['pglite'])(
  'the missed-call text survives a crash of the server process (%s)',
  (engine) => {
    let fake: FakeTwilio;
    let dataDir: string;
    let postgres: FreshPostgres | undefined;
    let env: Record<string, string>;
    let server: ServerProcess | undefined;
    let staff: { email: string; password: string };
    let propertyId: string;
    let number: string;

    beforeAll(async () => {
      fake = await startFakeTwilio();
      fake.setOutcome(() => ({ accept: true, finalStatus: 'delivered' }));
      dataDir = mkdtempSync(join(tmpdir(), 'leasing-text-back-'));
      env = {
        ...fake.env(),
        DATA_DIR: dataDir,
        TWILIO_MPS: '20',
        SEND_JOB_EXPIRE_SECONDS: '3',
        // A text the dead process handed over has its status callbacks lost: it is looked up.
        STATUS_RECONCILE_AFTER_SECONDS: '2',
        QUEUE_MAINTENANCE_SECONDS: '1',
      };
      if (engine === 'postgres') {
        postgres = await createFreshPostgres(pgUrl!);
        env.DATABASE_URL = postgres.url;
      }
      const database = await openDatabase(
        postgres
          ? { kind: 'postgres', url: postgres.url, poolSize: 2 }
          : { kind: 'pglite', dataDir },
      );
      try {
        await applyMigrations(database);
        // The factory's company may text at any hour: quiet hours hold nothing.
        number = uniquePhone();
        const office = await createOffice(database.db, {
          property: { name: 'Maple Grove Apartments', smsNumber: number },
        });
        staff = office.staff.credentials;
        propertyId = office.property.id;
      } finally {
        await database.close();
      }
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** The staff API of the process running now, signed in. */
    const staffApi = async () => {
      const base = server!.url;
      const token = await signInAt(base, staff);
      return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
        return response.json() as Promise<T>;
      };
    };

    /** A webhook as Twilio posts it to the process running now: signed over its URL and form. */
    const postTwilio = async (path: string, form: Record<string, string>) => {
      const url = `${server!.url}${path}`;
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(fake.authToken, url, form),
        },
        body: new URLSearchParams(form),
      });
      return response.status;
    };

    it('texts the missed caller exactly once, however often Twilio repeats itself to the new process', async () => {
      server = await startServerProcess(env);
      const api = await staffApi();
      const voicePath = apiPaths.propertyVoice(propertyId);
      const { settings } = await api<PropertyVoiceSettings>('GET', voicePath);
      await api('PUT', voicePath, {
        ...settings,
        forwardingNumbers: [uniquePhone()],
        textBack: true,
        textBackMessage: WORDS,
      });

      // A caller nobody knows; nobody picks up; the caller hangs up without a voicemail.
      const caller = uniquePhone();
      const callSid = newCallSid();
      const dialCallSid = newCallSid();
      const about = { AccountSid: fake.accountSid, ApiVersion: '2010-04-01', CallSid: callSid };
      const dialStatus = () =>
        postTwilio(`${apiRoutes.twilioVoiceDialStatus}?leg=0`, {
          ...about,
          CallStatus: 'in-progress',
          DialCallSid: dialCallSid,
          DialCallStatus: 'no-answer',
        });
      const completed = () =>
        postTwilio(apiRoutes.twilioVoiceStatus, {
          ...about,
          CallStatus: 'completed',
          CallDuration: '31',
        });
      const arrived = await postTwilio(apiRoutes.twilioVoice, {
        ...about,
        CallStatus: 'ringing',
        Direction: 'inbound',
        From: caller,
        Caller: caller,
        To: number,
        Called: number,
      });
      expect(arrived).toBe(200);
      expect(await dialStatus()).toBe(200);
      expect(await completed()).toBe(200);
      // Killed the moment the call ended: its text is stored and queued, maybe not sent yet.
      await server.crash();

      server = await startServerProcess(env);
      const again = await staffApi();
      // Twilio repeats itself to the new process: twice each, all at once.
      const answers = await Promise.all([dialStatus(), completed(), dialStatus(), completed()]);
      expect(answers).toEqual([200, 200, 200, 200]);

      const leads = await again<LeadPage>('GET', apiPaths.propertyLeads(propertyId));
      const lead = leads.items.filter((item) => item.phone === caller);
      expect(lead).toHaveLength(1);
      const timeline = async () =>
        (
          await again<ConversationPage>(
            'GET',
            `${apiPaths.leadConversations(lead[0]!._id)}?limit=200`,
          )
        ).items;
      const isTextBack = (event: ConversationEvent) =>
        event.eventType === 'SMS' && event.senderName === TEXT_BACK_SENDER_NAME;
      const textBackStates = async () =>
        (await timeline()).filter(isTextBack).map((event) => event.sendingStatus);
      const textsToCaller = () => fake.received.filter((sms) => sms.to === caller);
      await waitUntil('the text-back reaches Twilio', () => textsToCaller().length > 0, {
        timeoutMs: 120_000,
        intervalMs: 100,
        lastSeen: textBackStates,
      });

      // Late duplicates have had their chance once the text is COMPLETED on the timeline: no job
      // sends a message that has ended, and a second text would have been written by now.
      const events = await waitUntil(
        'the text-back is COMPLETED on the timeline',
        async () => {
          const items = await timeline();
          const texts = items.filter(isTextBack);
          return texts.length > 0 && texts.every((event) => event.sendingStatus === 'COMPLETED')
            ? items
            : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 250, lastSeen: timeline },
      );
      await fake.settled();

      expect(textsToCaller().map((sms) => [sms.from, sms.body])).toEqual([[number, WORDS]]);
      const textBacks = events.filter(isTextBack);
      expect(textBacks.map((event) => [event.body, event.sendingStatus])).toEqual([
        [WORDS, 'COMPLETED'],
      ]);
      const callEvents = events.filter((event) => event.eventType === 'CALL');
      expect(callEvents).toHaveLength(1);
      expect(callEvents[0]!.data).toMatchObject({ direction: 'inbound', outcome: 'missed' });
    }, 240_000);
  },
);
