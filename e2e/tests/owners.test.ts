import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../support/browser.js';
import type { StaffMember } from '../support/factories.js';
import { openLead } from '../support/leads.js';
import { useBrowserSession } from '../support/session.js';

describe('lead owners in the console', () => {
  const ui = useBrowserSession();

  const windowOf = (credentials: { email: string; password: string }) =>
    ui.signedInPage({ viewport: { width: 1280, height: 860 } }, credentials);
  const ownerLine = (page: Page) =>
    page.getByRole('group', { name: 'Owner' }).getByTestId('owner-state').textContent();

  /** The agent of the file's own (made before the tests: an invitation accepted takes a while). */
  let agent: StaffMember;
  beforeAll(async () => {
    agent = await ui.make.staff({ role: 'agent', name: 'Priya Shah' });
  });

  it("lets an agent take an unassigned lead: every console sees the owner, and it moves to 'Mine'", async () => {
    // A lead nobody owns, one the assistant works, and one more nobody owns, on a property of their own.
    const mia = await ui.make.lead({ name: 'Mia Davis', owner: 'unassigned' });
    const liam = await ui.make.lead({
      name: 'Liam Carter',
      property: mia.property,
      owner: 'assistant',
    });
    const nora = await ui.make.lead({
      name: 'Nora Bennett',
      property: mia.property,
      owner: 'unassigned',
    });
    const MIA = mia.name;
    const priya = await windowOf(agent);
    const dana = await windowOf(DEMO);
    await openLead(priya, ui.server.url, mia);
    await openLead(dana, ui.server.url, mia);
    await expect.poll(() => ownerLine(dana)).toBe('Unassigned · assistant active');

    await priya
      .getByRole('group', { name: 'Owner' })
      .getByRole('button', { name: 'Assign to me' })
      .click();

    await expect.poll(() => ownerLine(priya)).toBe('You · assistant paused');
    // The other console hears it live: the owner line and the timeline event.
    await expect
      .poll(() => ownerLine(dana), { timeout: 10_000 })
      .toBe(`${agent.name} · assistant paused`);
    await expect
      .poll(() => dana.getByText(`Assigned to ${agent.name} by ${agent.name}`).count(), {
        timeout: 10_000,
      })
      .toBe(1);

    // Priya's 'Mine' lists the lead; 'Unassigned' no longer does.
    await priya.goto(`${ui.server.url}/main/dashboard?owner=mine&property=${mia.property._id}`);
    const leads = priya.getByRole('list', { name: 'Leads' });
    await expect
      .poll(() => leads.getByRole('link', { name: new RegExp(`^${MIA} `) }).count())
      .toBe(1);
    await priya.getByLabel('Whose leads').getByText('Unassigned', { exact: true }).click();
    await expect.poll(() => new URL(priya.url()).searchParams.get('owner')).toBe('unassigned');
    // The view has loaded: the lead still nobody's is listed.
    await expect
      .poll(() => leads.getByRole('link', { name: new RegExp(`^${nora.name} `) }).count())
      .toBe(1);
    await expect
      .poll(() => leads.getByRole('link', { name: new RegExp(`^${liam.name} `) }).count())
      .toBe(0);
    await expect
      .poll(() => leads.getByRole('link', { name: new RegExp(`^${MIA} `) }).count())
      .toBe(0);

    // The admin hands it back to the assistant from the pane.
    await dana.getByRole('button', { name: 'Hand back to assistant' }).click();
    await expect.poll(() => ownerLine(dana)).toBe('Assistant active');
  });

  it('assigns several selected inbox rows at once', async () => {
    // Two leads nobody owns and one the admin owns already, on a property of their own.
    const first = await ui.make.lead({ name: 'Oliver Brown', owner: 'unassigned' });
    await ui.make.lead({ name: 'Grace Lee', property: first.property, owner: 'unassigned' });
    await ui.make.lead({
      name: 'Sofia Martinez',
      property: first.property,
      owner: { staffEmail: DEMO.email },
    });
    const dana = await windowOf(DEMO);
    await dana.goto(
      `${ui.server.url}/main/dashboard?owner=unassigned&property=${first.property._id}`,
    );
    const leads = dana.getByRole('list', { name: 'Leads' });
    await leads.getByRole('link').first().waitFor();
    const names = (await leads.getByRole('link').allTextContents()).length;
    expect(names).toBeGreaterThan(1);

    await dana.getByRole('button', { name: 'Select' }).click();
    const boxes = leads.getByRole('checkbox');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect.poll(() => dana.getByText('2 selected').isVisible()).toBe(true);
    await dana.getByRole('button', { name: 'Assign to me' }).click();
    await expect.poll(() => dana.getByText('2 leads assigned to you').isVisible()).toBe(true);

    await dana.getByLabel('Whose leads').getByText('Mine', { exact: true }).click();
    await expect
      .poll(() => leads.getByText('Owner: Dana Whitfield.').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
  });
  it("shows a manager each person's workload and hands a lead on from it; an agent may not open it", async () => {
    const manager = await ui.make.staff({ role: 'manager', name: 'Marcus Reed' });
    // Two leads of Priya's on a property of their own; each wrote first, so both wait for a reply.
    const ava = await ui.make.lead({ name: 'Ava Thompson', owner: { staffEmail: agent.email } });
    await ui.make.lead({
      name: 'Noah Kim',
      property: ava.property,
      owner: { staffEmail: agent.email },
    });
    const marcus = await windowOf(manager);
    await marcus.goto(`${ui.server.url}/main/today`);
    await marcus.getByRole('button', { name: 'Account menu' }).click();
    await marcus.getByRole('menuitem', { name: 'Workload' }).click();
    await marcus.getByRole('heading', { name: 'Team workload', level: 1 }).waitFor();
    await marcus.getByRole('combobox', { name: 'Property' }).selectOption(ava.property._id);

    const table = marcus.getByRole('table', { name: 'Team workload' });
    const rowOf = (name: string) =>
      table
        .getByRole('row')
        .filter({ has: marcus.getByRole('button', { name: `${name}: show open leads` }) });
    const countsOf = async (name: string) =>
      (await rowOf(name).getByRole('cell').allTextContents()).slice(1, 3).join(' ');
    await expect.poll(() => countsOf(agent.name)).toBe('2 2');
    await expect.poll(() => countsOf(manager.name)).toBe('0 0');

    await rowOf(agent.name)
      .getByRole('button', { name: `${agent.name}: show open leads` })
      .click();
    const section = marcus.getByRole('region', { name: `${agent.name}'s open leads` });
    await section.getByRole('checkbox', { name: `Select ${ava.name}` }).check();
    await section.getByRole('button', { name: 'Assign to…' }).click();
    await marcus.getByRole('menuitem', { name: `${manager.name} (you)` }).click();
    await expect
      .poll(() => marcus.getByText(`1 lead assigned to ${manager.name} (you)`).isVisible())
      .toBe(true);
    // The table follows: one lead each now.
    await expect.poll(() => countsOf(agent.name)).toBe('1 1');
    await expect.poll(() => countsOf(manager.name)).toBe('1 1');
    await expect
      .poll(() => section.getByRole('link', { name: new RegExp(ava.name) }).count())
      .toBe(0);

    const priya = await windowOf(agent);
    await priya.goto(`${ui.server.url}/main/team/workload`);
    await expect
      .poll(() => priya.getByText(/Only managers and admins of your company/).isVisible())
      .toBe(true);
    expect(await priya.getByRole('table', { name: 'Team workload' }).count()).toBe(0);
  });
});
