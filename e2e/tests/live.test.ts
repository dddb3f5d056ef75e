import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import {
  startFakeTranslator,
  type FakeTranslator,
} from '../../apps/server/src/test/fake-libretranslate.js';
import { DEMO, launchBrowser, signIn } from '../support/browser.js';
import {
  factoriesFor,
  ownedBy,
  type Factories,
  type Lead,
  type StaffMember,
} from '../support/factories.js';
import { postInboundSms, sendInboundEmail } from '../support/inbound.js';
import { openLead } from '../support/leads.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';

const SHARED_NUMBER = '+15125550000';
const SPANISH = 'Hola, ¿puedo llevar a mi perro al apartamento? Es pequeño y muy tranquilo.';
const SPANISH_IN_ENGLISH = 'Hi, can I bring my dog to the apartment? He is small and very calm.';

describe('a live conversation: replies reach every open console', () => {
  let twilioFake: FakeTwilio;
  let translator: FakeTranslator;
  let server: RunningServer;
  let smtpPort: number;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let make: Factories;
  /** The admin's colleague: a manager of the file's own. */
  let marcus: StaffMember;
  /** A lead on a property that texts from its own number. */
  const leadWithNumber = async (name: string, fields: { email?: null } = {}) => {
    const property = await make.propertyWithNumber({ own: owns });
    const lead = await make.lead({ name, property, ...fields });
    return { ...lead, phone: lead.phone!, number: property.smsNumber! };
  };
  let owns: (e164: string) => void;

  /** One signed-in window per colleague, both on the same lead. */
  const twoWindowsOn = async (lead: Lead): Promise<[Page, Page]> => {
    const pages: Page[] = [];
    for (const credentials of [DEMO, marcus]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      contexts.push(context);
      const page = await context.newPage();
      await signIn(page, server.url, credentials);
      await openLead(page, server.url, lead);
      pages.push(page);
    }
    return pages as [Page, Page];
  };

  const bubble = (page: Page, type: 'SMS' | 'EMAIL', text: string) =>
    page.locator(`[data-event-type="${type}"]`, { hasText: text });
  const shows = (page: Page, type: 'SMS' | 'EMAIL', text: string) =>
    expect.poll(() => bubble(page, type, text).count(), { timeout: 10_000 }).toBe(1);

  beforeAll(async () => {
    twilioFake = await startFakeTwilio();
    translator = await startFakeTranslator({
      phrasebook: { [SPANISH]: { language: 'es', english: SPANISH_IN_ENGLISH } },
    });
    smtpPort = await freePort();
    server = await startServer({
      ...twilioFake.env(SHARED_NUMBER),
      TWILIO_MPS: '10',
      TRANSLATE_URL: translator.url,
      INBOUND_SMTP_PORT: String(smtpPort),
    });
    browser = await launchBrowser();
    make = factoriesFor(server.url);
    owns = ownedBy(twilioFake);
    marcus = await make.staff({ role: 'manager', name: 'Marcus Lee' });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
    await translator?.close();
    await twilioFake?.close();
  });

  it('shows a texted reply in both windows, once', async () => {
    const ISABELLA = await leadWithNumber('Isabella Garcia');
    const [dana, marcus] = await twoWindowsOn(ISABELLA);
    await postInboundSms(server.url, twilioFake.authToken, {
      from: ISABELLA.phone,
      to: ISABELLA.number,
      body: 'Can I move the tour to 5 pm?',
    });
    await shows(dana, 'SMS', 'Can I move the tour to 5 pm?');
    await shows(marcus, 'SMS', 'Can I move the tour to 5 pm?');
  });

  it('shows an emailed reply (SMTP to the listener) in both windows, with its subject', async () => {
    const SOFIA = await make.lead({ name: 'Sofia Martinez', phone: null });
    const [dana, marcus] = await twoWindowsOn(SOFIA);
    await sendInboundEmail(smtpPort, {
      from: `Sofía Martínez <${SOFIA.email!}>`,
      to: 'leasing@demo-leasing.test',
      subject: 'Parking question',
      text: 'Is there covered parking for a second car?',
    });
    await shows(dana, 'EMAIL', 'Is there covered parking for a second car?');
    await shows(marcus, 'EMAIL', 'Is there covered parking for a second car?');
    expect(await bubble(dana, 'EMAIL', 'covered parking').textContent()).toContain(
      'Parking question',
    );
  });

  it('locks the composer with the opted-out text when the lead texts STOP', async () => {
    // Liam has a phone only (no email to fall back on).
    const LIAM = await leadWithNumber('Liam Carter', { email: null });
    const [dana, marcus] = await twoWindowsOn(LIAM);
    await expect
      .poll(() => dana.getByPlaceholder('Send a message to the lead').isEditable())
      .toBe(true);
    await postInboundSms(server.url, twilioFake.authToken, {
      from: LIAM.phone,
      to: LIAM.number,
      body: ' Stop ',
    });
    for (const page of [dana, marcus]) {
      await expect
        .poll(() => page.getByText("Can't send message - prospect is opted-out").isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
    }
    // The one confirmation Twilio is asked to send, and no other message.
    await expect
      .poll(() => twilioFake.received.filter((m) => m.to === LIAM.phone).length, {
        timeout: 10_000,
      })
      .toBe(1);
    expect(twilioFake.received.find((m) => m.to === LIAM.phone)!.body).toMatch(/unsubscribed/i);
  });

  it('shows the English translation under a Spanish message', async () => {
    const ISABELLA = await leadWithNumber('Isabella Garcia');
    const [dana] = await twoWindowsOn(ISABELLA);
    await postInboundSms(server.url, twilioFake.authToken, {
      from: ISABELLA.phone,
      to: ISABELLA.number,
      body: SPANISH,
    });
    await shows(dana, 'SMS', SPANISH);
    await expect
      .poll(() => bubble(dana, 'SMS', SPANISH).getByText(SPANISH_IN_ENGLISH).isVisible(), {
        // A queued job calls the translator: allow for a busy machine (the whole browser suite
        // runs two files at a time on two cores; 30 s was once not enough there).
        timeout: 45_000,
      })
      .toBe(true);
  });

  it('loses nothing while a window is offline, and doubles nothing when it is back', async () => {
    const ISABELLA = await leadWithNumber('Isabella Garcia');
    const [dana, marcus] = await twoWindowsOn(ISABELLA);
    const lidClosed = dana.context();
    await lidClosed.setOffline(true);
    // Texts long enough that the three never fit on screen together: events that fit are seen
    // at once and get no pill (the timeline's rule), which would make the pill a matter of timing.
    const detail = 'About the lease, the parking space and the move-in day next month. '.repeat(10);
    const texts = ['First', 'Second', 'Third'].map((which) => `${which} while away. ${detail}`);
    for (const body of texts) {
      await postInboundSms(server.url, twilioFake.authToken, {
        from: ISABELLA.phone,
        to: ISABELLA.number,
        body,
      });
    }
    for (const body of texts) await shows(marcus, 'SMS', body);
    await lidClosed.setOffline(false);
    for (const body of texts) await shows(dana, 'SMS', body);
    await expect
      .poll(() => dana.getByRole('button', { name: /3 new events/ }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    // Still exactly one of each once things settle: a text sent after the window came back
    // reaches it after anything the reconnection could have replayed.
    const after = 'Back online: one more question about parking.';
    await postInboundSms(server.url, twilioFake.authToken, {
      from: ISABELLA.phone,
      to: ISABELLA.number,
      body: after,
    });
    await shows(dana, 'SMS', after);
    for (const body of texts) expect(await bubble(dana, 'SMS', body).count()).toBe(1);
  });
});

const sharedDatabase = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!sharedDatabase || !redisUrl) {
  console.warn(
    'Two-process live test not run: it needs DATABASE_URL and REDIS_URL (CI sets both).',
  );
}

describe.runIf(Boolean(sharedDatabase && redisUrl))(
  'two server processes sharing PostgreSQL and Redis',
  () => {
    let twilioFake: FakeTwilio;
    let first: RunningServer;
    let second: RunningServer;
    let browser: Browser;
    let dropDatabase: () => Promise<void>;

    beforeAll(async () => {
      const { default: pg } = await import('pg');
      const name = `leasing_e2e_${Date.now()}_${process.pid}`;
      const admin = new pg.Client({ connectionString: sharedDatabase });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(sharedDatabase!);
      url.pathname = `/${name}`;
      dropDatabase = async () => {
        const dropper = new pg.Client({ connectionString: sharedDatabase });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      };
      twilioFake = await startFakeTwilio();
      const env = {
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl!,
        ...twilioFake.env(SHARED_NUMBER),
        // PostgreSQL gets the demo only when asked.
        SEED_DEMO: 'true',
      };
      first = await startServer(env);
      second = await startServer(env);
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await second?.stop();
      await first?.stop();
      await twilioFake?.close();
      await dropDatabase?.();
    });

    it('a webhook taken by process A reaches a browser connected to process B', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      try {
        const make = factoriesFor(first.url);
        const property = await make.propertyWithNumber({ own: ownedBy(twilioFake) });
        const isabella = await make.lead({ name: 'Isabella Garcia', property });
        const page = await context.newPage();
        await signIn(page, second.url);
        await openLead(page, second.url, isabella);
        // Twilio signs with the URL it calls: process A's.
        await postInboundSms(first.url, twilioFake.authToken, {
          from: isabella.phone!,
          to: property.smsNumber!,
          body: 'Hello from across the load balancer',
        });
        await expect
          .poll(
            () =>
              page
                .locator('[data-event-type="SMS"]', {
                  hasText: 'Hello from across the load balancer',
                })
                .count(),
            { timeout: 10_000 },
          )
          .toBe(1);
      } finally {
        await context.close();
      }
    });
  },
);
