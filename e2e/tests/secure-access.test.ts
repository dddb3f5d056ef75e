import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { Lead } from '../support/factories.js';
import { openLead } from '../support/leads.js';
import { freePort } from '../support/server.js';
import { useBrowserSession } from '../support/session.js';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A stand-in for the property-management system: a page on another origin that shows whatever
 * `?src=` names in a frame, as a PMS embeds the console.
 */
const startPmsPage = (port: number) =>
  new Promise<Server>((resolve) => {
    const server = createServer((request, response) => {
      const src = new URL(request.url ?? '/', `http://localhost:${port}`).searchParams.get('src');
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        `<!doctype html><title>PMS</title><body style="margin:0"><h1>Resident file</h1>` +
          `<iframe title="Leasing console" src="${escapeHtml(src ?? '')}" style="width:100%;height:760px;border:0"></iframe></body>`,
      );
    });
    server.listen(port, () => resolve(server));
  });

describe('secure-access links inside the PMS', () => {
  let pmsPage: Server;
  let pmsOrigin: string;
  let staff: Page;
  let link: string;
  let ava: Lead;
  let taylor: Lead;

  beforeAll(async () => {
    const pmsPort = await freePort();
    pmsOrigin = `http://localhost:${pmsPort}`;
    pmsPage = await startPmsPage(pmsPort);
  });
  afterAll(async () => {
    await new Promise((resolve) => pmsPage?.close(resolve));
  });
  const ui = useBrowserSession({ env: () => ({ FRAME_ANCESTORS: pmsOrigin }) });
  const newPage = () => ui.newPage({ viewport: { width: 1280, height: 900 } });

  /** The PMS page with `src` in its frame, in a browser nobody signed in to. */
  const openInPms = async (src: string) => {
    const page = await newPage();
    await page.goto(`${pmsOrigin}/?src=${encodeURIComponent(src)}`);
    return page;
  };

  const consoleFrame = (page: Page): Frame => {
    const frame = page.frames().find((candidate) => candidate.url().startsWith(ui.server.url));
    if (!frame) throw new Error('the console frame did not load');
    return frame;
  };

  beforeAll(async () => {
    ava = await ui.make.lead({ name: 'Ava Thompson' });
    taylor = await ui.make.lead({ name: 'Taylor Brooks' });
    // A staff member shares the lead from the pane's more-menu.
    staff = await ui.signedInPage({ viewport: { width: 1280, height: 900 } });
    await openLead(staff, ui.server.url, ava);
    await staff.getByRole('button', { name: 'More actions' }).click();
    await staff.getByRole('menuitem', { name: 'Share secure link' }).click();
    await staff.getByRole('button', { name: 'Create link' }).click();
    link = await staff.getByRole('textbox', { name: 'Secure link' }).inputValue();
    expect(link.startsWith(`${ui.server.url}/secure-access?access_token=`)).toBe(true);
    await staff.getByRole('button', { name: 'Done' }).click();
  });

  it("shows the lead's pane in the PMS frame without a password, and its new replies live", async () => {
    const page = await openInPms(link);
    const frame = page.frameLocator('iframe[title="Leasing console"]');
    await frame.getByRole('heading', { name: ava.name }).first().waitFor();
    await frame.getByLabel('Conversation timeline').waitFor();
    expect(await frame.getByText('Secure link').isVisible()).toBe(true);
    expect(await frame.getByRole('link', { name: 'Back to dashboard' }).count()).toBe(0);
    expect(await frame.getByPlaceholder('Send a message to the lead').isEditable()).toBe(true);
    // Nothing of the link was stored as a session in the framed console.
    expect(await consoleFrame(page).evaluate(() => localStorage.getItem('token'))).toBeNull();

    // Ava replies (the sandbox runs the real inbound path): the frame hears it on her lead's room.
    const token = new URL(link).searchParams.get('access_token')!;
    const leadID = (
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { leadID: string }
    ).leadID;
    const reply = 'Could we do the tour at 5 instead?';
    const status = await staff.evaluate(
      async ({ leadID, reply }) =>
        (
          await fetch('/api/sandbox/inbound-sms', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${localStorage.getItem('token')}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ leadID, text: reply }),
          })
        ).status,
      { leadID, reply },
    );
    expect(status).toBeLessThan(300);
    await expect
      .poll(() => frame.locator('[data-event-type="SMS"]', { hasText: reply }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
  });

  it("ends on /not-found when the same token is used on another lead's URL", async () => {
    const otherLead = `${ui.server.url}${taylor.path}?access_token=${new URL(link).searchParams.get('access_token')}`;
    const page = await openInPms(otherLead);
    const frame = page.frameLocator('iframe[title="Leasing console"]');
    await frame.getByRole('heading', { name: 'Oops!' }).waitFor({ timeout: 15_000 });
    expect(new URL(consoleFrame(page).url()).pathname).toBe('/not-found');
    expect(await frame.getByText(taylor.name).count()).toBe(0);
  });
});
