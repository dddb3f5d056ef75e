import { apiPaths, eventTypes } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import type { Factories, Lead } from '../support/factories.js';
import { collectRenderedEventTypes, demoLead, openLead } from '../support/leads.js';
import { DESKTOP, useSignedInPage } from '../support/session.js';

const HOUR = 3_600_000;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A lead with one event of every type: those the integration API appends, and those only the
 * console writes, made the way staff make them (owner, status, contact details, a reopened
 * decision, an opt-out).
 */
const leadWithEveryEventType = async (make: Factories): Promise<Lead> => {
  const lead = await make.lead({ name: 'Taylor Brooks', preferredLanguage: 'pt' });
  const tourAt = new Date(Date.now() + 72 * HOUR).toISOString();
  const system = { senderType: 'SYSTEM' as const };
  await make.event(lead, {
    ...system,
    eventType: 'ACTIVATION',
    body: 'Lead re-activated',
    hoursAgo: 400,
  });
  await make.event(lead, {
    ...system,
    eventType: 'LEAD_INTENT_UPDATE',
    body: 'Lead intent changed to Ready to lease',
    data: { intent: 'READY_TO_LEASE' },
    hoursAgo: 390,
  });
  await make.event(lead, {
    ...system,
    eventType: 'LANGUAGE_PREFERENCE_UPDATE',
    body: 'Preferred language changed to Portuguese',
    data: { language: 'pt' },
    hoursAgo: 380,
  });
  await make.textFromLead(lead, 'Olá! O apartamento de 1 quarto ainda está disponível?', 300);
  await make.event(lead, {
    eventType: 'EMAIL',
    senderType: 'USER',
    senderName: 'Priya Shah',
    subject: 'Your lease documents',
    body: 'Attached are the lease documents to review.',
    hoursAgo: 250,
  });
  await make.event(lead, {
    eventType: 'CALL',
    senderType: 'LEAD',
    senderName: lead.name,
    body: 'Inbound call, 1 min 30 s',
    data: {
      durationSeconds: 90,
      transcript: [{ speaker: 'LEAD', text: 'Hi, I signed the lease documents. What is next?' }],
    },
    hoursAgo: 240,
  });
  await make.event(lead, {
    ...system,
    eventType: 'PAYMENT',
    body: 'Payment received: $1,450.00 first month',
    data: { amount: 1450, currency: 'USD' },
    hoursAgo: 200,
  });
  await make.event(lead, {
    ...system,
    eventType: 'SCHEDULED_TOUR_APPOINTMENT',
    body: 'Move-in walkthrough scheduled',
    data: { tourTypeID: 'SELF_GUIDED', tourDateUTC: tourAt },
    hoursAgo: 150,
  });
  await make.event(lead, {
    ...system,
    eventType: 'CANCELED_TOUR_APPOINTMENT',
    body: 'Walkthrough cancelled by the lead',
    data: { tourTypeID: 'SELF_GUIDED', tourDateUTC: tourAt },
    hoursAgo: 120,
  });
  await make.event(lead, {
    eventType: 'PHONEBOT_IVR_CALL',
    senderType: 'LEAD',
    senderName: lead.name,
    body: 'Called the leasing line; chose "payments" in the menu.',
    data: { menuPath: ['3'], durationSeconds: 48 },
    hoursAgo: 100,
  });
  await make.event(lead, {
    ...system,
    eventType: 'MOVED_TO_DEBT',
    body: 'Balance of $180.00 (late fee) moved to collections',
    data: { amount: 180, currency: 'USD' },
    hoursAgo: 80,
  });
  await make.event(lead, {
    eventType: 'PHONEBOT_REMINDER_CALL',
    senderType: 'ASSISTANT',
    senderName: 'Phone Bot',
    body: 'Reminder call about the open balance; the lead will pay this week.',
    data: { durationSeconds: 35, outcome: 'PROMISED_TO_PAY' },
    hoursAgo: 60,
  });
  await make.officeDecision(
    lead,
    'The assistant needs a decision: waive the $180.00 late fee?',
    30,
  );

  // What only the console writes, through the staff API.
  const staff = await make.api();
  const me = await staff.request<{ _id: string; companyID: string }>('GET', apiPaths.me);
  await staff.request('PUT', apiPaths.leadOwner(lead._id), {
    owner: { kind: 'user', userId: me._id },
  });
  await staff.request('PUT', apiPaths.leadStatus(lead._id), { status: 'APPLIED' });
  await staff.request('PATCH', apiPaths.leadDetails(lead._id), {
    email: `moved.${lead.pmsLeadId}@example.com`,
  });
  await staff.request('PUT', apiPaths.officeDecision(me.companyID, lead._id), {
    status: 'COMPLETED',
    isSeenByUser: true,
  });
  await staff.request('POST', apiPaths.officeDecisionReopen(me.companyID, lead._id));
  const maybe = await make.sandboxTextFromLead(lead, 'not interested right now');
  await staff.request('POST', apiPaths.leadOptOutReview(lead._id, maybe._id), {
    decision: 'OPT_OUT',
  });
  return lead;
};

describe('the lead conversation pane', () => {
  const ui = useSignedInPage({
    // A viewer in New York: the demo property's Central clock is named with its times.
    context: { viewport: DESKTOP, timezoneId: 'America/New_York' },
  });

  it("shows the lead's info tab, with the tour time hidden in expanded mode", async () => {
    const mia = await ui.make.lead({ name: 'Mia Davis' });
    await ui.make.event(mia, {
      eventType: 'SCHEDULED_TOUR_APPOINTMENT',
      body: 'Tour scheduled',
      data: {
        tourTypeID: 'IN_PERSON',
        tourDateUTC: new Date(Date.now() + 48 * HOUR).toISOString(),
      },
    });
    await openLead(ui.page, ui.server.url, mia);
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
    await openLead(ui.page, ui.server.url, await leadWithEveryEventType(ui.make));
    const seen = await collectRenderedEventTypes(ui.page);
    expect([...seen].sort()).toEqual([...eventTypes].sort());
    await expect
      .poll(() => ui.page.getByText('Beginning of the conversation').isVisible())
      .toBe(true);
  });

  it('adds notes only when valid, lists them in the dialog, and says Oops when saving fails', async () => {
    const liam = await ui.make.lead({ name: 'Liam Carter' });
    await openLead(ui.page, ui.server.url, liam);
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
    const dialog = ui.page.getByRole('dialog', { name: `Notes · ${liam.name}` });
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
    const mia = await ui.make.lead({ name: 'Mia Davis' });
    await ui.make.event(mia, {
      eventType: 'CALL',
      senderType: 'LEAD',
      senderName: mia.name,
      body: 'Inbound call, 2 min',
      data: {
        durationSeconds: 120,
        transcript: [
          { speaker: 'AGENT', text: 'Would Thursday at 2 work for a tour?' },
          { speaker: 'LEAD', text: 'Thursday at 2 would be perfect.' },
        ],
      },
    });
    await openLead(ui.page, ui.server.url, mia);
    await ui.page.getByRole('button', { name: new RegExp(`Call with ${mia.name}`) }).click();
    const transcript = ui.page.getByRole('dialog', { name: 'Call transcript' });
    await expect
      .poll(() => transcript.getByText('Thursday at 2 would be perfect.').isVisible())
      .toBe(true);
  });

  it('retries a failing thumbnail three times, then shows its file name', async () => {
    // A photo on the lead's timeline: staff texted it (the sandbox SMS provider).
    const ava = await ui.make.lead({ name: 'Ava Thompson' });
    const { attachmentsUrls } = await ui.make.staffText(ava, 'Here is the living room of 3B.', [
      { name: 'living-room.png', type: 'image/png', bytes: png },
    ]);
    expect(attachmentsUrls).toHaveLength(1);
    const thumbnail = new URL(attachmentsUrls[0]!.thumbnailUrl, ui.server.url).pathname;
    let requests = 0;
    await ui.page.route(`**${thumbnail}*`, (route) => {
      requests += 1;
      return route.fulfill({ status: 503, body: 'unavailable' });
    });
    await openLead(ui.page, ui.server.url, ava);
    const link = ui.page.getByRole('link', { name: 'Open living-room.png' });
    await expect
      .poll(() => link.getByText('living-room.png').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(requests).toBe(4);
  });

  it('gives the timeline at least 60 % of a 1280×720 window', async () => {
    await ui.page.setViewportSize({ width: 1280, height: 720 });
    const olivia = await ui.make.lead({ name: 'Olivia Grant' });
    await ui.make.textFromLead(olivia, 'Is the two-bedroom still available?');
    await openLead(ui.page, ui.server.url, olivia);
    // The owner, status, lights and follow-up share the name's line.
    const nameBox = await ui.page.getByRole('heading', { name: olivia.name }).boundingBox();
    const followUpBox = await ui.page.getByRole('button', { name: /follow up/i }).boundingBox();
    expect(
      Math.abs(followUpBox!.y + followUpBox!.height / 2 - (nameBox!.y + nameBox!.height / 2)),
    ).toBeLessThan(12);
    const box = await ui.page.getByLabel('Conversation timeline').boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(0.6 * 720);
  });

  it('keeps an open decision in view above the timeline at 1280×720, however far it is scrolled', async () => {
    await ui.page.setViewportSize({ width: 1280, height: 720 });
    const noah = await ui.make.lead({ name: 'Noah Reed' });
    await ui.make.officeDecision(
      noah,
      'The assistant needs a decision: may Noah move in a week early?',
    );
    for (let i = 1; i <= 12; i += 1) await ui.make.textFromLead(noah, `Follow-up question ${i}`);
    await openLead(ui.page, ui.server.url, noah);
    const bar = ui.page.getByRole('region', { name: 'Open decision' });
    const question = bar.getByText('may Noah move in a week early?');
    await question.waitFor();
    const timeline = ui.page.getByLabel('Conversation timeline');
    await timeline.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const inView = async () => {
      const box = await question.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 720;
    };
    expect(await inView()).toBe(true);
    await timeline.evaluate((element) => element.scrollTo({ top: 0 }));
    expect(await inView()).toBe(true);
    // 'Complete' quotes the question where the outcome is asked for.
    await bar.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect
      .poll(() => ui.page.getByLabel("The decision's question").textContent())
      .toBe('The assistant needs a decision: may Noah move in a week early?');
  });

  it("says 'Something went wrong. Please try again' when completing fails, 'Marked as completed' when it works", async () => {
    const taylor = await ui.make.lead({ name: 'Taylor Brooks' });
    await ui.make.officeDecision(
      taylor,
      'The assistant needs a decision: waive the $180.00 late fee?',
    );
    await openLead(ui.page, ui.server.url, taylor);
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
    // A toast stays a few seconds: each is awaited from before the step that shows it, so a step
    // that a busy machine made start over cannot outlast it.
    const failed = ui.page
      .getByText('Something went wrong. Please try again')
      .waitFor({ timeout: 60_000 });
    await complete('Approved — waive the late fee');
    await failed;

    await ui.page.unroute('**/office-decision');
    const marked = ui.page
      .getByText('Marked as completed', { exact: true })
      .waitFor({ timeout: 60_000 });
    await complete('Approved — waive the $180.00 late fee');
    await marked;
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

  // The demo's own Zoe Park: her 10,000 events are generated in the database by the seed (through
  // the API, one call each, they would take minutes); the test only reads them.
  it('loads older pages of a 10,000-event history while keeping the reader in place', async () => {
    await openLead(ui.page, ui.server.url, await demoLead(ui.page, 'Zoe Park'));
    const timeline = ui.page.getByLabel('Conversation timeline');
    /** Resolves once the timeline's height and scroll position have held still for 10 frames. */
    const scrollSettled = () =>
      timeline.evaluate(
        (element) =>
          new Promise<void>((resolve) => {
            let last = '';
            let still = 0;
            const frame = () => {
              const now = `${element.scrollTop}:${element.scrollHeight}`;
              still = now === last ? still + 1 : 0;
              last = now;
              if (still >= 10) resolve();
              else requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
          }),
      );
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
    await scrollSettled();
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
      // The reader's place is restored once the older rows are measured: wait until it holds.
      await scrollSettled();
      // Older events arrived above; the event the reader was looking at barely moved.
      const after = await offsetOf(anchor.id);
      expect(after, JSON.stringify({ round, anchor, after })).not.toBeNull();
      expect(Math.abs(after! - anchor.offset)).toBeLessThan(100);
    }
    expect(await ui.page.getByText('Beginning of the conversation').count()).toBe(0);
  });
});
