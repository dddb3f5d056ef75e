import { eventTypes } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { collectRenderedEventTypes, openLead } from '../support/leads.js';
import { DESKTOP, useSignedInPage } from '../support/session.js';

describe('the lead conversation pane', () => {
  const ui = useSignedInPage({
    // A viewer in New York: the demo property's Central clock is named with its times.
    context: { viewport: DESKTOP, timezoneId: 'America/New_York' },
  });

  it("shows the lead's info tab, with the tour time hidden in expanded mode", async () => {
    await openLead(ui.page, ui.server.url, 'Mia Davis');
    await expect
      .poll(() => ui.page.getByRole('tab', { name: 'Conversation info' }).isVisible())
      .toBe(true);
    const tour = ui.page.getByRole('region', { name: 'Scheduled tour' });
    expect(await tour.textContent()).toMatch(/\d{1,2}:\d{2} (AM|PM) Central$/);
    await expect
      .poll(() => ui.page.getByText('CONVERSATIONS', { exact: true }).isVisible())
      .toBe(true);

    await ui.page.getByRole('button', { name: 'More actions' }).click();
    await ui.page.getByRole('menuitem', { name: 'Expand pane' }).click();
    await expect.poll(() => tour.count()).toBe(0);
    await ui.page.getByRole('button', { name: 'More actions' }).click();
    await ui.page.getByRole('menuitem', { name: 'Collapse pane' }).click();
    await expect.poll(() => tour.count()).toBe(1);
  });

  it('renders every event type of the lead that has them all', async () => {
    await openLead(ui.page, ui.server.url, 'Taylor Brooks');
    const seen = await collectRenderedEventTypes(ui.page);
    expect([...seen].sort()).toEqual([...eventTypes].sort());
    await expect
      .poll(() => ui.page.getByText('Beginning of the conversation').isVisible())
      .toBe(true);
  });

  it('adds notes only when valid, lists them in the dialog, and says Oops when saving fails', async () => {
    await openLead(ui.page, ui.server.url, 'Liam Carter');
    const notes = ui.page.getByRole('region', { name: 'Notes' });
    const box = notes.getByRole('textbox', { name: 'Add notes' });
    const save = notes.getByRole('button', { name: 'Save note' });
    expect(await save.isDisabled()).toBe(true);
    await box.fill('   ');
    expect(await save.isDisabled()).toBe(true);
    await box.fill('Asked for a ground-floor unit.');
    await save.click();
    await expect
      .poll(() => notes.getByText('Asked for a ground-floor unit.').isVisible())
      .toBe(true);
    await expect.poll(() => notes.getByText(/Dana Whitfield/).isVisible()).toBe(true);

    await notes.getByRole('button', { name: 'All notes (1)' }).click();
    const dialog = ui.page.getByRole('dialog', { name: 'Notes · Liam Carter' });
    await dialog.getByRole('textbox', { name: 'Add notes' }).fill('Works nights; text after 2 PM.');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    const items = dialog.getByRole('list', { name: 'Notes' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().textContent()).toContain('Works nights; text after 2 PM.');
    await ui.page.keyboard.press('Escape');

    await ui.page.route('**/api/leads/*/notes', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'INTERNAL', message: 'The notes service is down.' },
            }),
          })
        : route.continue(),
    );
    await notes.getByRole('button', { name: 'All notes (2)' }).click();
    await dialog.getByRole('textbox', { name: 'Add notes' }).fill('This one will fail.');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    const oops = ui.page.getByRole('dialog', { name: 'Oops' });
    await expect.poll(() => oops.getByText('The notes service is down.').isVisible()).toBe(true);
    await oops.getByRole('button', { name: 'Close' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Add notes' }).inputValue()).toBe(
      'This one will fail.',
    );
  });

  it('opens a call transcript', async () => {
    await openLead(ui.page, ui.server.url, 'Mia Davis');
    await ui.page.getByRole('button', { name: /Call with Mia Davis/ }).click();
    const transcript = ui.page.getByRole('dialog', { name: 'Call transcript' });
    await expect
      .poll(() => transcript.getByText('Thursday at 2 would be perfect.').isVisible())
      .toBe(true);
  });

  it('retries a failing thumbnail three times, then shows its file name', async () => {
    let requests = 0;
    await ui.page.route('**/media/demo/living-room-thumb.png*', (route) => {
      requests += 1;
      return route.fulfill({ status: 503, body: 'unavailable' });
    });
    await openLead(ui.page, ui.server.url, 'Ava Thompson');
    const link = ui.page.getByRole('link', { name: 'Open living-room.png' });
    await expect
      .poll(() => link.getByText('living-room.png').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(requests).toBe(4);
  });

  it("says 'Something went wrong. Please try again' when completing fails, 'Marked as completed' when it works", async () => {
    await openLead(ui.page, ui.server.url, 'Taylor Brooks');
    await ui.page.route('**/office-decision', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }),
      }),
    );
    // 'Complete' asks for an optional outcome in one small step; Enter completes.
    const outcome = ui.page.getByLabel('Outcome (optional)');
    // Under load a live update may re-render the pane between the steps (the field is then
    // detached): the step starts over from 'Complete' until its Enter was taken.
    const complete = async (text: string) => {
      await expect
        .poll(
          async () => {
            try {
              if (!(await outcome.isVisible())) {
                await ui.page
                  .getByRole('button', { name: 'Complete', exact: true })
                  .first()
                  .click({ timeout: 5_000 });
              }
              await outcome.fill(text, { timeout: 5_000 });
              await outcome.press('Enter', { timeout: 5_000 });
              return true;
            } catch {
              return false;
            }
          },
          { timeout: 60_000 },
        )
        .toBe(true);
    };
    await complete('Approved — waive the late fee');
    await expect
      .poll(() => ui.page.getByText('Something went wrong. Please try again').isVisible())
      .toBe(true);

    await ui.page.unroute('**/office-decision');
    await complete('Approved — waive the $180.00 late fee');
    await expect
      .poll(() => ui.page.getByText('Marked as completed', { exact: true }).isVisible())
      .toBe(true);
    await expect
      .poll(() => ui.page.getByText('Approved — waive the $180.00 late fee').first().isVisible())
      .toBe(true);
    await expect
      .poll(() => ui.page.getByRole('button', { name: 'Complete', exact: true }).count())
      .toBe(0);
    await ui.page.reload();
    await ui.page.getByLabel('Conversation timeline').waitFor();
    expect(await ui.page.getByRole('button', { name: 'Complete', exact: true }).count()).toBe(0);
  });

  it('loads older pages of a 10,000-event history while keeping the reader in place', async () => {
    await openLead(ui.page, ui.server.url, 'Zoe Park');
    const timeline = ui.page.getByLabel('Conversation timeline');
    // The pane opens at the newest event: start once it has settled there.
    await expect
      .poll(() =>
        timeline.evaluate(
          (element) =>
            element.scrollTop > 0 &&
            element.scrollTop + element.clientHeight >= element.scrollHeight - 4,
        ),
      )
      .toBe(true);
    await ui.page.waitForTimeout(300);
    /** Viewport offset of the event, or null when it is not rendered. */
    const offsetOf = (id: string) =>
      timeline.evaluate((element, eventId) => {
        const row = element.querySelector(`[data-event-id="${eventId}"]`);
        return row ? row.getBoundingClientRect().top - element.getBoundingClientRect().top : null;
      }, id);
    const loaded = () => timeline.evaluate((element) => element.scrollHeight);

    for (let round = 0; round < 3; round += 1) {
      const heightBefore = await loaded();
      const olderPage = ui.page.waitForResponse((response) =>
        response.url().includes('/conversations?'),
      );
      // Scroll to the top and note the first event the reader sees there, fully in view.
      const anchor = await timeline.evaluate(async (element) => {
        element.scrollTop = 0;
        // The virtualizer renders the rows for the new position on the next frames.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const top = element.getBoundingClientRect().top;
        const row = [...element.querySelectorAll('[data-event-id]')].find(
          (candidate) => candidate.getBoundingClientRect().top - top >= 60,
        );
        return {
          id: row!.getAttribute('data-event-id')!,
          offset: row!.getBoundingClientRect().top - top,
        };
      });
      await olderPage;
      await expect.poll(loaded).toBeGreaterThan(heightBefore);
      await ui.page.waitForTimeout(300);
      // Older events arrived above; the event the reader was looking at barely moved.
      const after = await offsetOf(anchor.id);
      expect(after, JSON.stringify({ round, anchor, after })).not.toBeNull();
      expect(Math.abs(after! - anchor.offset)).toBeLessThan(100);
    }
    expect(await ui.page.getByText('Beginning of the conversation').count()).toBe(0);
  });
});
