import { afterEach, beforeEach, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  a11yFixtures,
  MORE_STAFF_SCREENS,
  openedDialog,
  PAY_HOST,
  PHONE,
  ready,
  settle,
  STAFF_SCREENS,
  walkStaffScreens,
  WALK_TIMEOUT_MS,
} from '../support/a11y-walk.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { signIn } from '../support/browser.js';
import { openLead } from '../support/leads.js';
import { useBrowserSession } from '../support/session.js';

describe('accessibility at 390×844: axe finds no serious or critical WCAG 2.1 AA violation', () => {
  // The run's shared server, which serves payers on PAY_HOST.
  const session = useBrowserSession({
    browserArgs: [`--host-resolver-rules=MAP ${PAY_HOST} 127.0.0.1`],
  });
  const fixtures = a11yFixtures(session);
  let page: Page;
  // Names of its own: the desktop walk makes its leads on the same shared server.
  const richLead = () => fixtures.richLead('Grace Kim');
  const { paymentLinkUrl } = fixtures;

  const newPage = (viewport = PHONE) => session.newPage({ viewport });
  afterEach(() => page?.context().close());

  describe('at 390×844', () => {
    beforeEach(async () => {
      page = await newPage(PHONE);
    });

    it("sign-in, inbox, the lead pane and 'Schedule a tour'", async () => {
      await page.goto(`${session.server.url}/account/login`);
      await ready(page, 'Sign in');
      await expectNoSeriousA11yViolations(page, 'sign-in (phone)');

      await signIn(page, session.server.url);
      await page.getByRole('list', { name: 'Leads' }).getByRole('link').first().waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'inbox (phone)');

      await openLead(page, session.server.url, await richLead());
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'pane (phone)');

      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Schedule tour' }).click();
      const tour = await openedDialog(page, /^Schedule a tour · /);
      await tour.getByRole('combobox', { name: 'Day' }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'schedule-tour dialog (phone)');
    });

    it(
      'the staff screens: API keys, outbox, unmatched, team, numbers, templates, webhooks (phone)',
      async () => {
        await signIn(page, session.server.url);
        await walkStaffScreens(page, STAFF_SCREENS, ' (phone)');
      },
      WALK_TIMEOUT_MS,
    );

    it(
      'the staff screens: audit, hours, assignment, pipeline, workload, sources (phone)',
      async () => {
        await signIn(page, session.server.url);
        await walkStaffScreens(page, MORE_STAFF_SCREENS, ' (phone)');
      },
      WALK_TIMEOUT_MS,
    );

    it('tours and today (phone)', async () => {
      await signIn(page, session.server.url);
      await page.getByText('Tours', { exact: true }).click();
      await page.getByRole('button', { name: /next week/i }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'tours (phone)');
      await page.goto(`${session.server.url}/main/today`);
      await ready(page, 'Today');
      await expectNoSeriousA11yViolations(page, 'today (phone)');
    });

    it("the payer's pages", async () => {
      await signIn(page, session.server.url);
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
