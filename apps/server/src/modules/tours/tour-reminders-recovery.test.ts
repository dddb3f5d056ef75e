import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  DEFAULT_COMPANY_TOUR_SETTINGS,
  DEFAULT_TOUR_AVAILABILITY,
  type ConversationPage,
  type TourAvailability,
} from '@leasing/contract';
import type { LeadRow } from '../../db/schema/index.js';
import { createLead, createOffice } from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import {
  openProcessDatabase,
  signInAt,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.js';
import { waitUntil } from '../../test/wait-until.js';
import { ALWAYS_OPEN } from './test-support.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A fixed-offset zone where it is about noon now (`Etc/GMT-3` is UTC+3), so a tour an hour ahead
 * falls inside one day of the property's hours whatever the hour the test runs at.
 */
const zoneAtNoon = (now: Date) => {
  const offset = Math.max(-12, Math.min(14, 12 - now.getUTCHours()));
  return {
    timeZone: offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`,
    offset,
  };
};

/** The day and the minute `instant` reads as at a fixed offset (hours east of UTC). */
const wallClock = (instant: Date, offsetHours: number) => {
  const shifted = new Date(instant.getTime() + offsetHours * HOUR).toISOString();
  return { day: shifted.slice(0, 10), minute: shifted.slice(11, 16) };
};

/**
 * Tour texts are scheduled messages (rows and queue jobs in the database): a server killed with
 * SIGKILL right after a booking sends, once back, the confirmation and the reminder whose time
 * passed while it was down, each exactly once and the reminder not before its time.
 */
describe('tour texts survive a crash of the server process', () => {
  let fake: FakeTwilio;
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let staff: { email: string; password: string };
  let ava: LeadRow;
  let offset: number;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    fake = await startFakeTwilio();
    fake.setOutcome(() => ({ accept: true, finalStatus: 'delivered' }));
    dataDir = mkdtempSync(join(tmpdir(), 'leasing-tour-texts-'));
    env = {
      ...fake.env(),
      DATA_DIR: dataDir,
      TWILIO_MPS: '20',
      SEND_JOB_EXPIRE_SECONDS: '3',
      QUEUE_MAINTENANCE_SECONDS: '1',
    };
    const zone = zoneAtNoon(new Date());
    offset = zone.offset;
    const opened = await openProcessDatabase(dataDir);
    Object.assign(env, opened.env);
    dropDatabase = opened.drop;
    const { database } = opened;
    try {
      const office = await createOffice(database.db, { property: { timeZone: zone.timeZone } });
      staff = office.staff.credentials;
      ava = await createLead(database.db, office.property, { name: 'Ava Thompson' });
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the confirmation and a reminder due while it was down once each, none early', async () => {
    server = await startServerProcess(env);
    const token = await signInAt(server.url, staff);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server!.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(
        300,
      );
      return response.json() as Promise<unknown>;
    };

    // The tour starts on the first whole minute at least an hour and 8 s ahead: its one reminder
    // (an hour before) is due 8 to 68 s from now, after the booking and the crash below. That day
    // the property's tours start then.
    const start = new Date(Math.ceil((Date.now() + HOUR + 8_000) / MINUTE) * MINUTE);
    const { day, minute } = wallClock(start, offset);
    const availability: TourAvailability = {
      ...DEFAULT_TOUR_AVAILABILITY,
      kinds: {
        ...DEFAULT_TOUR_AVAILABILITY.kinds,
        IN_PERSON: { enabled: true, lengthMinutes: 10, bufferMinutes: 0, capacity: 1 },
      },
      hours: ALWAYS_OPEN,
      exceptions: [{ from: day, to: day, hours: { open: minute, close: '23:59' }, label: 'Test' }],
      minNoticeMinutes: 0,
      maxDaysAhead: 7,
    };
    const { propertyId } = ava;
    await call('PUT', apiPaths.propertyTourAvailability(propertyId), availability);
    await call('PUT', apiPaths.tourSettings, {
      ...DEFAULT_COMPANY_TOUR_SETTINGS,
      reminderHours: [1],
    });
    await call('POST', apiPaths.leadTours(ava.id), {
      start: start.toISOString(),
      type: 'IN_PERSON',
    });

    // Killed right after the booking: its confirmation may be on its way, the reminder is not due.
    await server.crash();
    const reminderAt = start.getTime() - HOUR;
    await waitUntil("the reminder's time has passed", () => Date.now() > reminderAt + 1000, {
      timeoutMs: 120_000,
    });

    server = await startServerProcess(env);
    const again = await signInAt(server.url, staff);
    const tourTexts = async () => {
      const response = await fetch(
        `${server!.url}${apiPaths.leadConversations(ava.id)}?limit=200`,
        { headers: { authorization: `Bearer ${again}` } },
      );
      const page = (await response.json()) as ConversationPage;
      return page.items.filter((event) => event.senderName?.startsWith('Tour '));
    };
    const texts = await waitUntil(
      'the confirmation and the reminder are sent',
      async () => {
        const found = await tourTexts();
        return found.length === 2 && found.every((event) => event.sendingStatus === 'COMPLETED')
          ? found
          : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250, lastSeen: tourTexts },
    );
    await fake.settled();

    expect(texts.map((event) => event.senderName).sort()).toEqual([
      'Tour confirmation',
      'Tour reminder',
    ]);
    for (const event of texts) {
      expect(fake.received.filter((message) => message.body === event.body)).toHaveLength(1);
    }
    const reminder = texts.find((event) => event.senderName === 'Tour reminder')!;
    const sent = fake.received.find((message) => message.body === reminder.body)!;
    expect(sent.receivedAt).toBeGreaterThanOrEqual(reminderAt);
  }, 240_000);
});
