import { afterAll, afterEach, beforeAll, beforeEach, describe, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  a11yFixtures,
  DESKTOP,
  MORE_STAFF_SCREENS,
  PAY_HOST,
  PHONE,
  ready,
  settle,
  STAFF_SCREENS,
  walkStaffScreens,
  WALK_TIMEOUT_MS,
} from '../support/a11y-walk.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { launchBrowser, signIn } from '../support/browser.js';
import { factoriesFor, type Factories } from '../support/factories.js';
import { openLead } from '../support/leads.js';
import { sharedServer, type RunningServer } from '../support/server.js';

describe('accessibility at 390×844: axe finds no serious or critical WCAG 2.1 AA violation', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let make: Factories;
  let fixtures: ReturnType<typeof a11yFixtures>;
  // Names of its own: the desktop walk makes its leads on the same shared server.
  const richLead = () => fixtures.richLead('Grace Kim');
  const paymentLinkUrl = () => fixtures.paymentLinkUrl();

  const newPage = async (viewport = DESKTOP) => {
    context = await browser.newContext({ viewport });
    return context.newPage();
  };

  beforeAll(async () => {
    // The run's shared server, which serves payers on PAY_HOST.
    server = sharedServer(inject('sharedServerUrl'));
    browser = await launchBrowser([`--host-resolver-rules=MAP ${PAY_HOST} 127.0.0.1`]);
    make = factoriesFor(server.url);
    fixtures = a11yFixtures(make, () => page);
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(() => context?.close());

  describe('at 390×844', () => {
    beforeEach(async () => {
      page = await newPage(PHONE);
    });

    it('sign-in, inbox and the lead pane', async () => {
      await page.goto(`${server.url}/account/login`);
      await ready(page, 'Sign in');
      await expectNoSeriousA11yViolations(page, 'sign-in (phone)');

      await signIn(page, server.url);
      await page.getByRole('list', { name: 'Leads' }).getByRole('link').first().waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'inbox (phone)');

      await openLead(page, server.url, await richLead());
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'pane (phone)');
    });

    it(
      'the staff screens: API keys, outbox, unmatched, team, numbers, templates, webhooks (phone)',
      async () => {
        await signIn(page, server.url);
        await walkStaffScreens(page, STAFF_SCREENS, ' (phone)');
      },
      WALK_TIMEOUT_MS,
    );

    it(
      'the staff screens: audit, hours, assignment, pipeline, workload, sources (phone)',
      async () => {
        await signIn(page, server.url);
        await walkStaffScreens(page, MORE_STAFF_SCREENS, ' (phone)');
      },
      WALK_TIMEOUT_MS,
    );

    it('tours and today (phone)', async () => {
      await signIn(page, server.url);
      await page.getByText('Tours', { exact: true }).click();
      await page.getByRole('button', { name: /next week/i }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'tours (phone)');
      await page.goto(`${server.url}/main/today`);
      await ready(page, 'Today');
      await expectNoSeriousA11yViolations(page, 'today (phone)');
    });

    it("the payer's pages", async () => {
      await signIn(page, server.url);
      await page.goto(await paymentLinkUrl());
      await page.getByRole('link', { name: 'Continue to payment' }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'payment link (phone)');
      await page.getByRole('link', { name: 'Continue to payment' }).click();
      await page.getByRole('form', { name: 'Card details' }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'checkout (phone)');
    });
  });
});
