import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { socketEvents, type NewMessageTranslation } from '@leasing/contract';
import { conversationEvents, leads, type LeadRow } from '../../db/schema/index.js';
import { createLead, createOffice } from '../../test/factories.js';
import { startFakeTranslator, type FakeTranslator } from '../../test/fake-libretranslate.js';
import { oneDatabase, login, startTestApp, type TestApp } from '../../test/test-app.js';

const SPANISH = '¿Todavía tienen disponible el apartamento de dos recámaras para marzo?';
const SPANISH_IN_ENGLISH = 'Do you still have the two-bedroom apartment available for March?';
const ENGLISH = 'Hi, is the two bedroom apartment still available next month?';

describe.each(oneDatabase())('translation of leads’ messages ($name)', (target) => {
  let t: TestApp;
  let translator: FakeTranslator;
  let lead: LeadRow;
  let socket: Socket;

  /** A message from the lead as the inbound webhooks store it, then handed to translation. */
  const receive = async (body: string, from: LeadRow = lead) => {
    const [event] = await t.app.database.db
      .insert(conversationEvents)
      .values({
        companyId: from.companyId,
        leadId: from.id,
        eventType: 'SMS',
        senderType: 'LEAD',
        senderName: from.name,
        body,
      })
      .returning();
    await t.app.services.translation.requestIfNeeded(event!, from);
    return event!;
  };

  const stored = async (eventId: string) =>
    (
      await t.app.database.db
        .select()
        .from(conversationEvents)
        .where(eq(conversationEvents.id, eventId))
    )[0]!;

  beforeAll(async () => {
    translator = await startFakeTranslator({
      apiKey: 'translator-key',
      phrasebook: {
        [SPANISH]: { language: 'es', english: SPANISH_IN_ENGLISH },
        Sí: { language: 'es', english: 'Yes' },
      },
    });
    t = await startTestApp(
      target,
      { TRANSLATE_URL: translator.url, TRANSLATE_API_KEY: 'translator-key' },
      { seed: 'none' },
    );
    const office = await createOffice(t.app.database.db);
    lead = await createLead(t.app.database.db, office.property, { name: 'Ava Thompson' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { token } = await login(t.app, office.staff.credentials);
    socket = connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) =>
      socket.on('connect', resolve).on('connect_error', reject),
    );
  });
  afterEach(() => translator.failNext(0));
  afterAll(async () => {
    socket.close();
    await t.close();
    await translator.close();
  });

  it('stores the English under a Spanish message and tells every console of the company', async () => {
    const heard = new Promise<NewMessageTranslation>((resolve) =>
      socket.once(socketEvents.newMessageTranslation(lead.companyId), resolve),
    );
    const event = await receive(SPANISH);
    const translation = await heard;
    expect(translation).toMatchObject({
      individualID: lead.id,
      messageID: event.id,
      translationData: { body: { textInEnglish: SPANISH_IN_ENGLISH } },
    });
    const row = await stored(event.id);
    expect(row.body).toBe(SPANISH);
    expect(row.data.translation?.body?.textInEnglish).toBe(SPANISH_IN_ENGLISH);
    expect(row.data.translation?.body?.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(translator.requests.at(-1)).toMatchObject({
      q: SPANISH,
      source: 'auto',
      target: 'en',
      api_key: 'translator-key',
    });
  });

  it('translates even a short reply of a lead who prefers Spanish, from Spanish', async () => {
    const [spanishLead] = await t.app.database.db
      .update(leads)
      .set({ preferredLanguage: 'es' })
      .where(eq(leads.id, lead.id))
      .returning();
    try {
      const event = await receive('Sí', spanishLead!);
      await expect
        .poll(async () => (await stored(event.id)).data.translation?.body?.textInEnglish, {
          timeout: 10_000,
        })
        .toBe('Yes');
      expect(translator.requests.at(-1)).toMatchObject({ q: 'Sí', source: 'es' });
    } finally {
      await t.app.database.db
        .update(leads)
        .set({ preferredLanguage: null })
        .where(eq(leads.id, lead.id));
    }
  });

  it('does not send English messages to the translator', async () => {
    // The same request log shows a Spanish message going to the translator.
    const beforeSpanish = translator.requests.length;
    const spanish = await receive(SPANISH);
    await expect
      .poll(async () => (await stored(spanish.id)).data.translation, { timeout: 10_000 })
      .toBeDefined();
    expect(translator.requests.length).toBeGreaterThan(beforeSpanish);

    // A Spanish message received after the English one is translated: had the English one been
    // queued for the translator, its request would have come first.
    const before = translator.requests.length;
    const event = await receive(ENGLISH);
    const later = await receive(SPANISH);
    await expect
      .poll(async () => (await stored(later.id)).data.translation, { timeout: 10_000 })
      .toBeDefined();
    expect(translator.requests.slice(before).map((request) => request.q)).toEqual([SPANISH]);
    expect((await stored(event.id)).data.translation).toBeUndefined();
  });

  it('keeps the message while the translator fails, and translates it once it is back', async () => {
    translator.failNext(2);
    const before = translator.requests.length;
    const event = await receive(SPANISH);
    // The message is there, untouched, while the translator answers 500.
    await expect.poll(() => translator.requests.length - before, { timeout: 5_000 }).toBe(1);
    expect((await stored(event.id)).body).toBe(SPANISH);
    await expect
      .poll(async () => (await stored(event.id)).data.translation?.body?.textInEnglish, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(SPANISH_IN_ENGLISH);
    expect(translator.requests.length - before).toBe(3);
  });
});
