import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeWebhookReceiver,
  type FakeWebhookReceiver,
} from '../../apps/server/src/test/fake-webhook-receiver.js';
import { openLead } from '../support/leads.js';
import { useSignedInPage } from '../support/session.js';

type Processed = {
  type: string;
  data: {
    lead: { name: string };
    status?: string;
    previousStatus?: string;
    lostReason?: string | null;
    outcome?: string | null;
  };
};

describe('the pipeline: status, lost reasons, tour outcome, decision undo, webhooks', () => {
  let receiver: FakeWebhookReceiver;

  const processed = () => [...receiver.processed.values()] as Processed[];

  beforeAll(async () => {
    receiver = await startFakeWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });
  // A server of its own: the endpoint hears every status change and decision of the company.
  const ui = useSignedInPage({ ownServer: true });

  it('adds a webhook endpoint, moves a lead to Applied and to Lost with a reason, and logs the signed deliveries', async () => {
    // Settings → Webhooks: add an endpoint for status changes and decisions.
    await ui.page.goto(`${ui.server.url}/main/settings/webhooks`);
    await ui.page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = ui.page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByRole('textbox', { name: 'URL' }).fill(`${receiver.url}/leasing`);
    await form.getByRole('checkbox', { name: 'lead.status_changed' }).check();
    await form.getByRole('checkbox', { name: 'decision.completed' }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = ui.page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.setSecret(secret);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(() =>
        ui.page
          .getByRole('table', { name: 'Endpoints' })
          .getByText(`${receiver.url}/leasing`)
          .isVisible(),
      )
      .toBe(true);

    // The lead's status, by hand: Applied, then Lost with a reason.
    const ava = await ui.make.lead({ name: 'Ava Thompson' });
    await openLead(ui.page, ui.server.url, ava);
    const statusButton = ui.page.getByRole('button', { name: /^Status: .*\. Change status$/ });
    await statusButton.click();
    await ui.page.getByRole('menuitem', { name: 'Applied' }).click();
    await expect
      .poll(() => ui.page.getByRole('button', { name: 'Status: Applied. Change status' }).count())
      .toBe(1);

    await ui.page.getByRole('button', { name: 'Status: Applied. Change status' }).click();
    await ui.page.getByRole('menuitem', { name: 'Lost…' }).click();
    const lost = ui.page.getByRole('dialog', { name: 'Mark lost' });
    const markLost = lost.getByRole('button', { name: 'Mark lost' });
    // Nothing chosen yet: the button says why it is off.
    expect(await markLost.isDisabled()).toBe(true);
    expect(await markLost.getAttribute('title')).toBe('Choose a reason first');
    // (Its label carries the required mark.)
    await lost.getByLabel(/^Reason/).click();
    await ui.page.getByRole('option', { name: 'Price' }).click();
    await lost.getByLabel(/^Note/).fill('Found a cheaper studio nearby');
    await markLost.click();
    await expect
      .poll(() => ui.page.getByRole('button', { name: 'Status: Lost. Change status' }).count())
      .toBe(1);

    // Each move reached the endpoint once, signed, with the reason.
    await expect
      .poll(
        () =>
          processed()
            .filter((event) => event.type === 'lead.status_changed')
            .map((event) => event.data.status),
        { timeout: 30_000 },
      )
      .toEqual(['APPLIED', 'LOST']);
    const lostEvent = processed().find((event) => event.data.status === 'LOST')!;
    expect(lostEvent.data).toMatchObject({
      lead: { name: ava.name },
      previousStatus: 'APPLIED',
      lostReason: 'Price',
    });

    // The delivery log says so, and 'Redeliver' sends the same delivery (same id) again.
    await ui.page.goto(`${ui.server.url}/main/settings/webhooks`);
    const log = ui.page.getByRole('table', { name: 'Deliveries' });
    await expect.poll(() => log.getByText('Delivered').count(), { timeout: 10_000 }).toBe(2);
    const before = receiver.received.length;
    await log
      .getByRole('button', { name: `Redeliver lead.status_changed to ${receiver.url}/leasing` })
      .first()
      .click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(before + 1);
    const again = receiver.received.at(-1)!;
    expect(again.verified).toBe(true);
    expect(receiver.processed.has(String(again.headers['webhook-id']))).toBe(true);
    expect(receiver.processed.size).toBe(2);
  });

  it("asks 'Toured' or 'No-show' once a scheduled tour has passed, and moves the lead", async () => {
    // The integration reports a tour that began an hour ago (an API key of the admin's making).
    const ethan = await ui.make.lead({ name: 'Ethan Wilson' });
    const at = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const tour = await ui.make.event(ethan, {
      eventType: 'SCHEDULED_TOUR_APPOINTMENT',
      body: 'Tour scheduled',
      hoursAgo: 1,
      data: { tourDateUTC: at },
    });
    const lead = { status: tour.httpStatus, name: ethan.name, ref: ethan };
    expect(lead.status).toBe(201);

    await openLead(ui.page, ui.server.url, lead.ref);
    const prompt = ui.page.getByRole('region', { name: 'Tour outcome' });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    expect(await prompt.getByText(/^How did the tour on .+ go\?$/).count()).toBe(1);
    await prompt.getByRole('button', { name: 'Toured' }).click();
    await expect
      .poll(() => ui.page.getByRole('button', { name: 'Status: Toured. Change status' }).count())
      .toBe(1);
    await expect.poll(() => prompt.count()).toBe(0);
    // It stays answered after a reload.
    await ui.page.reload();
    await ui.page.getByLabel('Conversation timeline').waitFor();
    expect(
      await ui.page.getByRole('button', { name: 'Status: Toured. Change status' }).count(),
    ).toBe(1);
    expect(await ui.page.getByRole('region', { name: 'Tour outcome' }).count()).toBe(0);
  });

  it("completes a decision with its outcome, and 'Undo' opens it again", async () => {
    const taylor = await ui.make.lead({ name: 'Taylor Brooks' });
    await ui.make.officeDecision(taylor, 'The assistant needs a decision: a parking spot?');
    await ui.page.goto(`${ui.server.url}${taylor.path}`);
    await ui.page.getByLabel('Conversation timeline').waitFor();
    await ui.page.getByRole('button', { name: 'Complete', exact: true }).first().click();
    const outcome = ui.page.getByLabel('Outcome (optional)');
    await outcome.fill('Approved — parking spot 14');
    await outcome.press('Enter');
    await expect.poll(() => ui.page.getByText('Decision completed').first().isVisible()).toBe(true);
    await expect
      .poll(() => ui.page.getByText('Approved — parking spot 14').first().isVisible())
      .toBe(true);

    await ui.page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => ui.page.getByText('Decision open').first().isVisible()).toBe(true);
    expect(await ui.page.getByRole('button', { name: 'Complete', exact: true }).count()).toBe(1);
    // Reopened on the server too: a reload still offers 'Complete'.
    await ui.page.reload();
    await ui.page.getByLabel('Conversation timeline').waitFor();
    await expect
      .poll(() => ui.page.getByRole('button', { name: 'Complete', exact: true }).count())
      .toBe(1);
  });
});
