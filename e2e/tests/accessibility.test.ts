import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  a11yFixtures,
  MORE_STAFF_SCREENS,
  navigateInApp,
  openedDialog,
  PAY_HOST,
  ready,
  settle,
  STAFF_SCREENS,
  walkStaffScreens,
  WALK_TIMEOUT_MS,
} from '../support/a11y-walk.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { DEMO, signIn } from '../support/browser.js';
import { openLead } from '../support/leads.js';
import { DESKTOP, useBrowserSession } from '../support/session.js';

describe('accessibility at 1440×900 and by keyboard: axe finds no serious or critical WCAG 2.1 AA violation', () => {
  // The run's shared server, which serves payers on PAY_HOST.
  const session = useBrowserSession({
    browserArgs: [`--host-resolver-rules=MAP ${PAY_HOST} 127.0.0.1`],
  });
  const fixtures = a11yFixtures(session);
  let page: Page;
  const { richLead, jamesInDebt, staffApi, paymentLinkUrl } = fixtures;

  const newPage = (viewport = DESKTOP) => session.newPage({ viewport });
  afterEach(() => page?.context().close());

  describe('at 1440×900', () => {
    beforeEach(async () => {
      page = await newPage(DESKTOP);
    });

    it('sign-in', async () => {
      await page.goto(`${session.server.url}/account/login`);
      await ready(page, 'Sign in');
      await expectNoSeriousA11yViolations(page, 'sign-in');
    });

    it('inbox, tours and the notifications menu with read and unread items', async () => {
      await signIn(page, session.server.url);
      // A lead the integration assigns to the signed-in admin tells her so; once that is read, a
      // decision opened on another of hers is new: the menu lists both kinds of item.
      await session.make.lead({ name: 'Noah Brooks', owner: { staffEmail: DEMO.email } });
      await staffApi('POST', '/api/notifications/read-all');
      const emma = await session.make.lead({
        name: 'Emma Reyes',
        owner: { staffEmail: DEMO.email },
      });
      await session.make.officeDecision(emma, 'Can Emma move in a week early?');
      await page.reload();
      await page.getByRole('list', { name: 'Leads' }).getByRole('link').first().waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'inbox');

      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      const menu = await openedDialog(page, 'Notifications');
      await menu.getByRole('button', { name: `Unread: Decision opened on ${emma.name}` }).waitFor();
      await menu
        .getByRole('button', { name: new RegExp(`^Noah Brooks \\w+ was assigned`) })
        .waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'notifications menu');
      await page.keyboard.press('Escape');

      await page.getByText('Tours', { exact: true }).click();
      await page.getByRole('button', { name: /next week/i }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'tours');
    });

    it('today and the keyboard shortcuts', async () => {
      await signIn(page, session.server.url);
      await page.goto(`${session.server.url}/main/today`);
      await ready(page, 'Today');
      await expectNoSeriousA11yViolations(page, 'today');

      await page.keyboard.press('?');
      await openedDialog(page, 'Keyboard shortcuts');
      await expectNoSeriousA11yViolations(page, 'keyboard shortcuts');
    });

    it("the lead pane in SMS and email modes, with a PDF on the timeline, and 'Schedule a tour'", async () => {
      await signIn(page, session.server.url);
      await openLead(page, session.server.url, await richLead());
      await page.getByRole('link', { name: /^Download lease\.pdf · PDF · / }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'pane (SMS)');

      const composer = page.getByRole('form', { name: 'Message composer' });
      await composer.getByRole('button', { name: 'Email', exact: true }).click();
      await composer.getByRole('textbox', { name: 'Subject' }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'pane (email)');

      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menu').waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'pane more-menu');

      await page.getByRole('menuitem', { name: 'Schedule tour' }).click();
      const tour = await openedDialog(page, /^Schedule a tour · /);
      await tour.getByRole('combobox', { name: 'Day' }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'schedule-tour dialog');
    });

    it('a toast, after completing a decision', async () => {
      await signIn(page, session.server.url);
      await openLead(page, session.server.url, await richLead('Sofia Martinez'));
      await page.getByRole('button', { name: 'Complete', exact: true }).click();
      await page.getByLabel('Outcome (optional)').press('Enter');
      await page.getByText('Marked as completed', { exact: true }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'toast');
    });

    it('the notes dialog and a call transcript', async () => {
      await signIn(page, session.server.url);
      const mia = await richLead('Mia Davis');
      await openLead(page, session.server.url, mia);
      const notes = page.getByRole('region', { name: 'Notes' });
      await notes.getByRole('textbox', { name: 'Add notes' }).fill('Prefers a top-floor unit.');
      await notes.getByRole('button', { name: 'Save note' }).click();
      await notes.getByRole('button', { name: /All notes/ }).click();
      await openedDialog(page, /^Notes · /);
      await expectNoSeriousA11yViolations(page, 'notes dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: new RegExp(`Call with ${mia.name}`) }).click();
      const transcript = await openedDialog(page, 'Call transcript');
      await transcript.getByText('Thursday at 2 would be perfect.').waitFor();
      await expectNoSeriousA11yViolations(page, 'transcript');
    });

    it('the payment dialog and the share-link dialog', async () => {
      await signIn(page, session.server.url);
      await openLead(page, session.server.url, await jamesInDebt());
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Request payment' }).click();
      await openedDialog(page, 'Request a payment');
      await expectNoSeriousA11yViolations(page, 'payment dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Share secure link' }).click();
      const share = await openedDialog(page, /secure link/i);
      await expectNoSeriousA11yViolations(page, 'share link dialog');
      await share.getByRole('button', { name: 'Create link' }).click();
      await share.getByRole('textbox', { name: 'Secure link' }).waitFor();
      await expectNoSeriousA11yViolations(page, 'share link dialog (created)');
    });

    it('a secure link on its own, an invitation, not found, and a lead that is not there', async () => {
      await signIn(page, session.server.url);
      const james = await jamesInDebt();
      await openLead(page, session.server.url, james);
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Share secure link' }).click();
      const share = await openedDialog(page, /secure link/i);
      await share.getByRole('button', { name: 'Create link' }).click();
      const link = await share.getByRole('textbox', { name: 'Secure link' }).inputValue();
      const leadPath = new URL(page.url()).pathname;

      await page.goto(
        `${session.server.url}${leadPath.replace(/\/leads\/[^/]+/, '/leads/NO-SUCH-LEAD')}`,
      );
      await page.getByText('This lead does not exist or belongs to another company').waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'a lead that is not there');

      await page.goto(`${session.server.url}/account/accept-invite?token=not-a-real-invitation`);
      await ready(page, 'Join your team');
      await expectNoSeriousA11yViolations(page, 'accept an invitation');
      await page.goto(`${session.server.url}/account/accept-invite`);
      await page.getByRole('alert').waitFor();
      await expectNoSeriousA11yViolations(page, 'accept an invitation, link incomplete');

      // The link's visitor has no session of their own: a fresh browser context.
      const visitor = await session.browser.newContext({ viewport: DESKTOP });
      try {
        const visitorPage = await visitor.newPage();
        await visitorPage.goto(link);
        await ready(visitorPage, james.name);
        await visitorPage.getByLabel('Conversation timeline').waitFor();
        await expectNoSeriousA11yViolations(visitorPage, 'secure-access pane');
        await visitorPage.goto(`${session.server.url}/secure-access`);
        await ready(visitorPage, 'This link is incomplete');
        await expectNoSeriousA11yViolations(visitorPage, 'secure-access, link incomplete');
        // A link the server refuses ends on the not-found page (spec).
        await visitorPage.goto(`${session.server.url}/secure-access?access_token=not-a-real-token`);
        await visitorPage.waitForURL('**/not-found');
        await ready(visitorPage, 'Oops!');
        await expectNoSeriousA11yViolations(visitorPage, 'not found');
      } finally {
        await visitor.close();
      }
    });

    it(
      'the staff screens: API keys, outbox, unmatched, team, numbers, templates, webhooks',
      async () => {
        await signIn(page, session.server.url);
        await walkStaffScreens(page, STAFF_SCREENS, '');
      },
      WALK_TIMEOUT_MS,
    );

    it(
      "the staff screens: audit, hours, assignment, pipeline, workload, sources; 'Insert field'",
      async () => {
        await signIn(page, session.server.url);
        await walkStaffScreens(page, MORE_STAFF_SCREENS, '');

        await navigateInApp(page, '/main/settings/templates');
        await ready(page, 'Templates');
        await page.getByRole('button', { name: 'New template' }).click();
        const dialog = await openedDialog(page, 'New template');
        await dialog.getByRole('button', { name: 'Insert field into message' }).click();
        await page.getByRole('menu').waitFor();
        await settle(page);
        await expectNoSeriousA11yViolations(page, "template dialog, 'Insert field' open");
      },
      WALK_TIMEOUT_MS,
    );

    it("the payer's pages on the payment host", async () => {
      await signIn(page, session.server.url);
      const url = await paymentLinkUrl();
      await page.goto(url);
      await page.getByRole('link', { name: 'Continue to payment' }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'payment link');

      await page.getByRole('link', { name: 'Continue to payment' }).click();
      await page.getByRole('form', { name: 'Card details' }).waitFor();
      await settle(page);
      await expectNoSeriousA11yViolations(page, 'checkout');
    });
  });

  describe('by keyboard', () => {
    beforeEach(async () => {
      page = await newPage(DESKTOP);
      await signIn(page, session.server.url);
    });

    it('reaches the skip link first, and it moves focus to the main content', async () => {
      await page.goto(`${session.server.url}/main/dashboard`);
      await page.getByRole('list', { name: 'Leads' }).getByRole('link').first().waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
      expect(await skip.isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
        .toBe('main-content');
      // From the main content, the header's links are behind: Tab goes on inside it.
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() =>
          document.getElementById('main-content')!.contains(document.activeElement),
        ),
      ).toBe(true);
    });

    it('opens a lead with the focus in the message box', async () => {
      await openLead(page, session.server.url, await richLead());
      const message = page.getByPlaceholder('Send a message to the lead');
      await expect.poll(() => message.evaluate((box) => box === document.activeElement)).toBe(true);
    });

    it('rings every text field that has the focus', async () => {
      await openLead(page, session.server.url, await session.make.lead({ name: 'Liam Carter' }));
      const fields = [
        page.getByPlaceholder('Send a message to the lead'),
        page.getByRole('region', { name: 'Notes' }).getByRole('textbox', { name: 'Add notes' }),
      ];
      for (const field of fields) {
        await field.focus();
        const ring = await field.evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            focusVisible: element.matches(':focus-visible'),
            outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
            shadow: style.boxShadow !== 'none',
          };
        });
        expect(ring.focusVisible).toBe(true);
        expect(ring.outline || ring.shadow).toBe(true);
      }
    });

    it('moves nothing when the system asks for reduced motion', async () => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openLead(page, session.server.url, await richLead());
      await page.getByRole('button', { name: 'More actions' }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const durations = await menu.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.transitionDuration, style.animationDuration];
      });
      for (const duration of durations) {
        expect(duration.split(',').every((value) => parseFloat(value) < 0.05)).toBe(true);
      }
    });
  });
});
