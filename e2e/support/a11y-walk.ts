import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './axe.js';
import { signInToApi, type Lead, type StaffApi } from './factories.js';
import type { BrowserSession } from './session.js';
import { SHARED_PAYMENT_HOST } from './server.js';

// What the accessibility walks share (accessibility.test.ts at 1440 px and by keyboard,
// accessibility-phone.test.ts at 390 px): waiting for a screen to settle, the staff screens, and
// the leads whose panes show the most.

export const PAY_HOST = SHARED_PAYMENT_HOST;
export const PHONE = { width: 390, height: 844 };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Waits until the page has stopped loading and moving: no request in flight, no skeleton, no
 * loader, no transition running (a dialog fading in is measured at its final colours).
 */
export const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect
    .poll(() => page.locator('.mantine-Skeleton-root, .mantine-Loader-root').count())
    .toBe(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
};

/** The screen's top heading, once it and everything under it have loaded. */
export const ready = async (page: Page, heading: string | RegExp) => {
  await page.getByRole('heading', { name: heading }).first().waitFor();
  await settle(page);
};

/** A dialog that has finished opening. */
export const openedDialog = async (page: Page, name: string | RegExp): Promise<Locator> => {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await settle(page);
  return dialog;
};

/**
 * The staff screens beyond the inbox and the pane: each page, its path and its heading, in two
 * halves that are two tests (a walk of all fourteen nears a test's minute on a busy machine).
 */
export const STAFF_SCREENS = [
  ['API keys', '/main/settings/api-keys', 'API keys'],
  ['outbox', '/main/outbox', 'Outbox'],
  ['unmatched', '/main/unmatched', 'Unmatched messages'],
  ['team', '/main/settings/team', 'Team'],
  ['numbers', '/main/settings/numbers', 'Numbers'],
  ['templates', '/main/settings/templates', 'Templates'],
  ['webhooks', '/main/settings/webhooks', 'Webhooks'],
] as const;

/**
 * A walk of seven screens, axe on each, is several tests' work in one signed-in page: on the busy
 * 2-core machine one half took over the default minute once, so a walk has this long.
 */
export const WALK_TIMEOUT_MS = 150_000;

export const MORE_STAFF_SCREENS = [
  ['audit', '/main/settings/audit', 'Audit'],
  ['quiet hours', '/main/settings/quiet-hours', 'Quiet hours'],
  ['tour settings', '/main/settings/tours', 'Tour settings'],
  ['tour availability', '/main/settings/tour-availability', 'Tour availability'],
  ['calls', '/main/settings/calls', /^Calls$/],
  ['office hours', '/main/settings/office-hours', 'Office hours'],
  ['assignment', '/main/settings/assignment', /assignment/i],
  ['pipeline', '/main/settings/pipeline', 'Pipeline'],
  ['workload', '/main/team/workload', 'Team workload'],
  ['sources', '/main/settings/sources', 'Sources'],
] as const;

/**
 * Goes to `path` inside the running app, as its own links do (the router follows the history), so
 * one signed-in page visits every screen without loading the app again for each.
 */
export const navigateInApp = (page: Page, path: string) =>
  page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/**
 * Each staff screen in turn on the signed-in page: its heading, then axe. A screen's findings fail
 * the test softly, named by the screen, and the walk goes on to the next.
 */
export const walkStaffScreens = async (
  page: Page,
  screens: typeof STAFF_SCREENS | typeof MORE_STAFF_SCREENS,
  suffix: string,
) => {
  for (const [screen, path, heading] of screens) {
    await navigateInApp(page, path);
    await expect.poll(() => new URL(page.url()).pathname).toBe(path);
    await ready(page, heading);
    await expectNoSeriousA11yViolations(page, `${screen}${suffix}`);
  }
};

/**
 * The leads and links the walks open, made through the product's API on the file's session: its
 * factories (`make`) and the staff API signed in as the demo admin.
 */
export const a11yFixtures = (session: BrowserSession) => {
  let api: Promise<StaffApi> | undefined;
  const staffApi = async <T>(method: string, path: string, body?: unknown) =>
    (await (api ??= signInToApi(session.server.url))).request<T>(method, path, body);
  const make = () => session.make;

  /**
   * A lead with a pending decision, a call with its transcript, a photo and a PDF sent to them
   * (what the pane shows most of).
   */
  const richLead = async (name = 'Ava Thompson'): Promise<Lead> => {
    const lead = await make().lead({ name });
    await make().event(lead, {
      eventType: 'CALL',
      senderType: 'LEAD',
      senderName: lead.name,
      body: 'Inbound call, 2 min',
      data: {
        durationSeconds: 120,
        transcript: [
          { speaker: 'AGENT', text: 'Would Thursday at 2 work for a tour?' },
          { speaker: 'LEAD', text: 'Thursday at 2 would be perfect.' },
        ],
      },
    });
    await make().officeDecision(lead, 'The assistant needs a decision: two cats allowed?');
    await make().staffText(lead, 'Here is the living room of 3B.', [
      { name: 'living-room.png', type: 'image/png', bytes: PNG },
    ]);
    await make().staffEmail(lead, { subject: 'Your lease', text: 'Your lease is attached.' }, [
      { name: 'lease.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    return lead;
  };
  /** A lead whose balance was moved to debt: the one payment links are for. */
  const jamesInDebt = async () => {
    const james = await make().lead({ name: 'James Anderson' });
    await make().event(james, {
      eventType: 'MOVED_TO_DEBT',
      senderType: 'SYSTEM',
      body: 'Balance of $2,310.00 moved to collections',
      data: { amount: 2310, currency: 'USD' },
    });
    return james;
  };

  /** A fresh payment link for James, whose pages are the payer's screens. */
  const paymentLinkUrl = async () => {
    const lead = await jamesInDebt();
    const { link } = await staffApi<{ link: { url: string } }>(
      'POST',
      `/api/leads/${lead._id}/payment-links`,
      {
        amountCents: 18_000,
        description: 'Late fee',
        dueDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        channel: 'EMAIL',
      },
    );
    return link.url;
  };

  return { richLead, jamesInDebt, staffApi, paymentLinkUrl };
};
