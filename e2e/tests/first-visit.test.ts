import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { apiPaths } from '@leasing/contract';
import { DEMO, signIn } from '../support/browser.js';
import { signInToApi } from '../support/factories.js';
import { demoLead } from '../support/leads.js';
import { useBrowserSession } from '../support/session.js';

const ROW = '[data-lead-id]';
const EVENT = '[data-event-id]';
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 720 };

/** Records every layout shift of the page from its first frame (the Layout Instability API). */
const SHIFTS_SCRIPT = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__shifts.push({
        value: entry.value,
        nodes: (entry.sources || []).map((source) => source.node && source.node.outerHTML ? source.node.outerHTML.slice(0, 120) : null),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;
type Shift = { value: number; nodes: (string | null)[] };

describe('a first visit: few files, the frame first, nothing moving', () => {
  // A server of its own: no other file's leads arrive while the pages load (a row moving up is a
  // layout shift too, and a fair one).
  const session = useBrowserSession({ ownServer: true });

  /** A fresh context (empty cache) holding the demo admin's session, with shifts recorded. */
  const freshSignedIn = async (viewport: BrowserContextOptions['viewport']) => {
    const setup = await session.newPage({ viewport });
    await signIn(setup, session.server.url, DEMO);
    const storageState = await setup.context().storageState();
    await setup.context().close();
    const context = await session.browser.newContext({ viewport, storageState });
    await context.addInitScript({ content: SHIFTS_SCRIPT });
    return context.newPage();
  };
  const scriptsOf = (page: Page) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    return scripts;
  };
  /** Every shift so far, once the page has settled. */
  const shiftsOf = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    return (await page.evaluate('window.__shifts')) as Shift[];
  };
  const total = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

  it('paints a Loading… frame from the page itself, which the console replaces', async () => {
    const html = await (await fetch(`${session.server.url}/main/dashboard`)).text();
    expect(html).toMatch(/<div class="boot" role="status">[\s\S]*Loading…/);
    const page = await freshSignedIn(LAPTOP);
    await page.goto(`${session.server.url}/main/dashboard`);
    await page.waitForSelector(ROW);
    expect(await page.locator('.boot').count()).toBe(0);
  });

  it("loads the inbox's script in a handful of files, the router's preloaded by the page", async () => {
    const page = await freshSignedIn(LAPTOP);
    const scripts = scriptsOf(page);
    const response = await page.goto(`${session.server.url}/main/dashboard`);
    await page.waitForSelector(ROW);
    await page.waitForLoadState('networkidle');
    // The files the page itself names: its entry, and the staff app's router with its imports.
    const html = (await response?.text()) ?? '';
    const preloaded = [
      ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*data-staff/g),
    ].map((match) => match[1]!);
    expect(preloaded.some((path) => /\/assets\/router-/.test(path))).toBe(true);
    for (const path of preloaded) expect(scripts).toContain(path);
    // 107 files before the chunk groups (build-tools/chunk-groups.ts); the lead's page, loaded
    // once the rows are shown, is among them.
    expect(new Set(scripts).size).toBeLessThanOrEqual(12);
  });

  it('keeps the inbox still while it loads, on a phone and a laptop', async () => {
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await freshSignedIn(viewport);
      await page.goto(`${session.server.url}/main/dashboard`);
      await page.waitForSelector(ROW);
      const shifts = await shiftsOf(page);
      // 0.17 on a phone before the placeholders took the size of what they stand for.
      expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.02);
      await page.context().close();
    }
  });

  it("keeps a lead's page still while it loads", async () => {
    const setup = await session.newPage({ viewport: LAPTOP });
    await signIn(setup, session.server.url, DEMO);
    const lead = await demoLead(setup, 'Ava Thompson');
    await setup.context().close();
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await freshSignedIn(viewport);
      await page.goto(`${session.server.url}${lead.path}`);
      await page.waitForSelector(EVENT);
      const shifts = await shiftsOf(page);
      expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.02);
      await page.context().close();
    }
  });

  it('loads nothing of the console on the public booking page: one script of its own', async () => {
    const staff = await signInToApi(session.server.url);
    const [property] = await staff.request<{ _id: string }[]>('GET', apiPaths.properties);
    const page = await session.newPage({ viewport: PHONE });
    const scripts = scriptsOf(page);
    await page.goto(`${session.server.url}/book/${property!._id}`);
    await page.waitForSelector('input[name="start"]');
    await page.waitForLoadState('networkidle');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/book-[\w-]+\.js$/);
  });
});
