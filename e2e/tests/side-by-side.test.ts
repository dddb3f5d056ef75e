import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../support/browser.js';
import type { Lead, StaffMember } from '../support/factories.js';
import { openLead } from '../support/leads.js';
import { useBrowserSession } from '../support/session.js';

/** Two colleagues of Demo Leasing on the same lead, side by side: presence, the reply guard, drafts. */
describe('working side by side on one lead', () => {
  const ui = useBrowserSession();
  let dana: Page;
  let priya: Page;
  /** The colleague beside the admin: an agent of the test's own. */
  let agent: StaffMember;
  /** Texted through the sandbox provider: no Twilio needed. */
  let lead: Lead;

  const open = async (credentials: typeof DEMO) => {
    const page = await ui.signedInPage({ viewport: { width: 1280, height: 860 } }, credentials);
    await openLead(page, ui.server.url, lead);
    return page;
  };
  const messageBox = (page: Page) => page.getByPlaceholder('Send a message to the lead');
  const bubbles = (page: Page, text: string) =>
    page.locator('[data-event-type="SMS"]', { hasText: text });
  /** The lead's texts with this body, as the server has them (the page's own token). */
  const storedCount = (page: Page, text: string) =>
    page.evaluate(async (body) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
      const path = location.pathname.split('/');
      const lead = (await (
        await fetch(`/api/properties/${path[2]}/leads/${path[4]}`, { headers })
      ).json()) as { _id: string };
      const page = (await (
        await fetch(`/api/leads/${lead._id}/conversations?limit=200`, { headers })
      ).json()) as { items: { body: string | null }[] };
      return page.items.filter((item) => item.body === body).length;
    }, text);

  beforeAll(async () => {
    agent = await ui.make.staff({ role: 'agent', name: 'Priya Shah' });
    lead = await ui.make.lead({ name: 'Liam Carter' });
    dana = await open(DEMO);
    priya = await open(agent);
  });

  it("shows each colleague the other's avatar, and who is typing", async () => {
    await dana
      .getByTestId('lead-presence')
      .getByRole('img', { name: `${agent.name} is viewing` })
      .waitFor({ timeout: 10_000 });
    await priya
      .getByTestId('lead-presence')
      .getByRole('img', { name: 'Dana Whitfield is viewing' })
      .waitFor({ timeout: 10_000 });

    await messageBox(priya).click();
    await messageBox(priya).pressSequentially('Hello Li', { delay: 40 });
    await dana.getByText(`${agent.firstName} is typing…`).waitFor({ timeout: 5_000 });
    // Emptied: the signal stops.
    await messageBox(priya).fill('');
    await expect
      .poll(() => dana.getByText(`${agent.firstName} is typing…`).count(), { timeout: 8_000 })
      .toBe(0);
  });

  it("holds Dana's send when Priya answered meanwhile; 'Send anyway' sends it exactly once", async () => {
    await messageBox(dana).fill('Dana: the tour is at 10');
    await messageBox(priya).fill('Priya: see you at 10');
    await priya.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => bubbles(dana, 'Priya: see you at 10').count(), { timeout: 10_000 })
      .toBe(1);

    await dana.getByRole('button', { name: 'Send', exact: true }).click();
    const prompt = dana.getByRole('alert', { name: 'New activity since you started writing' });
    await prompt.waitFor();
    expect(await storedCount(dana, 'Dana: the tour is at 10')).toBe(0);
    expect(await messageBox(dana).inputValue()).toBe('Dana: the tour is at 10');

    await prompt.getByRole('button', { name: 'Send anyway' }).click();
    await expect
      .poll(() => bubbles(dana, 'Dana: the tour is at 10').count(), { timeout: 10_000 })
      .toBe(1);
    await expect
      .poll(() => bubbles(priya, 'Dana: the tour is at 10').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await storedCount(dana, 'Dana: the tour is at 10')).toBe(1);
    expect(await prompt.count()).toBe(0);
  });

  it("lets 'Review' keep the draft and base it on what is new: the next send goes through", async () => {
    await messageBox(dana).fill('Dana: parking is free');
    await messageBox(priya).fill('Priya: bring an ID');
    await priya.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => bubbles(dana, 'Priya: bring an ID').count(), { timeout: 10_000 })
      .toBe(1);
    await dana.getByRole('button', { name: 'Send', exact: true }).click();
    const prompt = dana.getByRole('alert', { name: 'New activity since you started writing' });
    await prompt.getByRole('button', { name: 'Review' }).click();
    expect(await prompt.count()).toBe(0);
    expect(await messageBox(dana).inputValue()).toBe('Dana: parking is free');
    await dana.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => bubbles(dana, 'Dana: parking is free').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await storedCount(dana, 'Dana: parking is free')).toBe(1);
  });

  it('keeps an unsent draft across a reload', async () => {
    await messageBox(priya).fill('Priya: unsent, still here after a reload');
    // Saved 800 ms after the last keystroke: wait until the server has it.
    await expect
      .poll(
        () =>
          priya.evaluate(async () => {
            const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
            const path = location.pathname.split('/');
            const lead = (await (
              await fetch(`/api/properties/${path[2]}/leads/${path[4]}`, { headers })
            ).json()) as { _id: string };
            const answer = (await (
              await fetch(`/api/leads/${lead._id}/draft`, { headers })
            ).json()) as { draft: { text: string } | null };
            return answer.draft?.text ?? null;
          }),
        { timeout: 10_000 },
      )
      .toBe('Priya: unsent, still here after a reload');
    await priya.reload();
    await expect
      .poll(() => messageBox(priya).inputValue(), { timeout: 10_000 })
      .toBe('Priya: unsent, still here after a reload');
  });

  it("takes a closed tab's avatar away within seconds", async () => {
    await dana
      .getByTestId('lead-presence')
      .getByRole('img', { name: `${agent.name} is viewing` })
      .waitFor({ timeout: 10_000 });
    await priya.close();
    await expect
      .poll(
        () =>
          dana
            .getByTestId('lead-presence')
            .getByRole('img', { name: `${agent.name} is viewing` })
            .count(),
        {
          timeout: 5_000,
        },
      )
      .toBe(0);
  });
});
