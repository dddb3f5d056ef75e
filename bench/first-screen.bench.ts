// The first screens on the production build in headless Chromium, each against its floor: the same
// screen served as static HTML (its rendered DOM, scripts removed, stylesheets inlined) by a bare
// node:http server in the same run. Every run starts with an empty cache (a fresh context).
//   sign-in → the first inbox row (from pressing 'Sign in')
//   deep link → the lead's first timeline event (from navigation start)
//   inbox → lead: the first timeline event after a click on an inbox row
//   the public booking page (390×844, signed out) → its first free time (from navigation start)
// BENCH_RUNS (7) runs each, medians. With BENCH_LIGHTHOUSE=1, also Lighthouse's performance score of
// sign-in, inbox and lead (desktop and mobile, median of BENCH_LIGHTHOUSE_RUNS, 3), through `npx lighthouse@12.2.3`.
// Usage: npm run build && npm run bench:first-screen
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { apiPaths } from '@leasing/contract';
import { DEMO, launchBrowser, signIn } from '../e2e/support/browser.js';
import { signInToApi } from '../e2e/support/factories.js';
import { demoLead } from '../e2e/support/leads.js';
import { startServer } from '../e2e/support/server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_LIGHTHOUSE_PAGES: a comma list of sign-in, inbox, lead (all by default). */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
/** BENCH_LIGHTHOUSE_KEEP: a folder that keeps each Lighthouse report. */
const KEEP = process.env.BENCH_LIGHTHOUSE_KEEP;
const VIEWPORT = { width: 1440, height: 900 };
const LEAD = 'Ava Thompson';
const ROW = '[data-lead-id]';
const EVENT = '[data-event-id]';
/** A free time of the booking page's chosen day. */
const SLOT = 'input[name="start"]';
const PHONE = { width: 390, height: 844 };

type Marks = { row?: number; event?: number; slot?: number; started?: number };

/**
 * Records, on the page's own clock, when the first inbox row and the first timeline event appear
 * (tsx wraps functions in __name(), so the script is a string).
 */
const MARKS_SCRIPT = `
  globalThis.__name = (fn) => fn;
  window.__marks = {};
  const watch = () => {
    if (window.__marks.row === undefined && document.querySelector('${ROW}')) window.__marks.row = performance.now();
    if (window.__marks.event === undefined && document.querySelector('${EVENT}')) window.__marks.event = performance.now();
    if (window.__marks.slot === undefined && document.querySelector('${SLOT}')) window.__marks.slot = performance.now();
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true });
`;

const marksOf = (page: Page) => page.evaluate('window.__marks') as Promise<Marks>;
const waitForMark = (page: Page, name: keyof Marks) =>
  page.waitForFunction(
    (mark) => (window as unknown as { __marks?: Marks }).__marks?.[mark] !== undefined,
    name,
    { timeout: 30_000 },
  );

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const server = await startServer();
const browser = await launchBrowser();
const snapshots = new Map<string, string>();
const floor = createServer((request, response) => {
  const html = snapshots.get(request.url ?? '');
  response.statusCode = html ? 200 : 404;
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.end(html ?? '');
});
await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
const floorUrl = `http://127.0.0.1:${(floor.address() as AddressInfo).port}`;

/** A fresh context (empty cache), signed in when `session` is given, with the marks recorded. */
const freshPage = async (
  session?: Awaited<ReturnType<BrowserContext['storageState']>>,
  viewport = VIEWPORT,
) => {
  const context = await browser.newContext({ viewport, storageState: session });
  await context.addInitScript({ content: MARKS_SCRIPT });
  return { context, page: await context.newPage() };
};

/** The screen as static HTML: no script, every stylesheet inlined. */
const snapshot = async (page: Page, name: string) => {
  const html = await page.evaluate(async () => {
    const root = document.documentElement.cloneNode(true) as HTMLElement;
    root.querySelectorAll('script, link[rel="modulepreload"]').forEach((node) => node.remove());
    for (const link of [...root.querySelectorAll('link[rel="stylesheet"]')]) {
      const style = document.createElement('style');
      style.textContent = await (await fetch((link as HTMLLinkElement).href)).text();
      link.replaceWith(style);
    }
    return `<!doctype html>${root.outerHTML}`;
  });
  snapshots.set(`/${name}`, html.replace('<head>', `<head><script>${MARKS_SCRIPT}</script>`));
};

/** Navigation start → the mark, for a static copy of the screen. */
const floorTime = async (name: string, mark: keyof Marks, viewport = VIEWPORT) => {
  const { context, page } = await freshPage(undefined, viewport);
  await page.goto(`${floorUrl}/${name}`);
  await waitForMark(page, mark);
  const time = (await marksOf(page))[mark]!;
  await context.close();
  return time;
};

try {
  const setup = await browser.newContext({ viewport: VIEWPORT });
  const setupPage = await setup.newPage();
  await signIn(setupPage, server.url);
  const session = await setup.storageState();
  const leadUrl = `${server.url}${(await demoLead(setupPage, LEAD)).path}`;
  await setupPage.waitForSelector(ROW);
  await snapshot(setupPage, 'inbox');
  await setupPage.goto(leadUrl);
  await setupPage.waitForSelector(EVENT);
  await snapshot(setupPage, 'lead');
  await setup.close();
  // The first demo property's booking page, as a prospect on a phone opens it.
  const staff = await signInToApi(server.url);
  const [property] = await staff.request<{ _id: string }[]>('GET', apiPaths.properties);
  const bookUrl = `${server.url}/book/${property!._id}`;
  {
    const { context, page } = await freshPage(undefined, PHONE);
    await page.goto(bookUrl);
    await page.waitForSelector(SLOT);
    await snapshot(page, 'book');
    await context.close();
  }

  const results: Record<string, { app: number[]; floor: number[] }> = {
    'sign-in → first inbox row': { app: [], floor: [] },
    'deep link → first timeline event': { app: [], floor: [] },
    'inbox → lead (click → first event)': { app: [], floor: [] },
    'booking page → first free time (390 px)': { app: [], floor: [] },
  };
  for (let run = 0; run < RUNS; run += 1) {
    // Sign-in: from pressing the button (the login page loaded) to the first inbox row.
    {
      const { context, page } = await freshPage();
      await page.goto(`${server.url}/account/login`);
      await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.password);
      const button = page.getByRole('button', { name: 'Sign in' });
      await button.evaluate((element) => {
        (window as unknown as { __marks: Marks }).__marks.started = performance.now();
        (element as HTMLButtonElement).click();
      });
      await waitForMark(page, 'row');
      const marks = await marksOf(page);
      results['sign-in → first inbox row']!.app.push(marks.row! - marks.started!);
      await context.close();
    }
    // A deep link to the lead, signed in, nothing cached.
    {
      const { context, page } = await freshPage(session);
      await page.goto(leadUrl);
      await waitForMark(page, 'event');
      results['deep link → first timeline event']!.app.push((await marksOf(page)).event!);
      await context.close();
    }
    // From the inbox (its rows shown, the page settled) to the lead's first event: as an agent
    // meets it, with the lead's page loaded while the inbox sat idle (nothing of the lead cached).
    {
      const { context, page } = await freshPage(session);
      await page.goto(`${server.url}/main/dashboard`);
      await waitForMark(page, 'row');
      await page.waitForLoadState('networkidle');
      const row = page.locator(`${ROW}[data-lead-name="${LEAD}"]`).first();
      await row.evaluate((element) => {
        const marks = (window as unknown as { __marks: Marks }).__marks;
        marks.started = performance.now();
        (element.querySelector('a') ?? (element as HTMLElement)).click();
      });
      await waitForMark(page, 'event');
      const marks = await marksOf(page);
      results['inbox → lead (click → first event)']!.app.push(marks.event! - marks.started!);
      await context.close();
    }
    // The public booking page, signed out, nothing cached.
    {
      const { context, page } = await freshPage(undefined, PHONE);
      await page.goto(bookUrl);
      await waitForMark(page, 'slot');
      results['booking page → first free time (390 px)']!.app.push((await marksOf(page)).slot!);
      await context.close();
    }
    results['booking page → first free time (390 px)']!.floor.push(
      await floorTime('book', 'slot', PHONE),
    );
    results['sign-in → first inbox row']!.floor.push(await floorTime('inbox', 'row'));
    const leadFloor = await floorTime('lead', 'event');
    results['deep link → first timeline event']!.floor.push(leadFloor);
    results['inbox → lead (click → first event)']!.floor.push(leadFloor);
  }

  console.log(
    `\nfirst screens, median of ${RUNS} runs, empty cache, ${VIEWPORT.width}×${VIEWPORT.height}\n`,
  );
  console.log('| screen | app | floor (static HTML) | app / floor |');
  console.log('| --- | --- | --- | --- |');
  for (const [name, { app, floor: floorTimes }] of Object.entries(results)) {
    const [a, f] = [median(app), median(floorTimes)];
    console.log(`| ${name} | ${a.toFixed(0)} ms | ${f.toFixed(0)} ms | ${(a / f).toFixed(1)}× |`);
  }

  if (process.env.BENCH_LIGHTHOUSE === '1') await lighthouse(session, leadUrl);
} finally {
  await browser.close();
  floor.close();
  await server.stop();
}

/**
 * Lighthouse's performance score (median of LIGHTHOUSE_RUNS) for sign-in, the inbox and the lead,
 * on desktop and mobile presets. Lighthouse starts its own Chromium each run; the signed-in pages
 * use a profile holding the session, its cache emptied before each run.
 */
async function lighthouse(
  session: Awaited<ReturnType<BrowserContext['storageState']>>,
  leadUrl: string,
) {
  const profile = mkdtempSync(join(tmpdir(), 'leasing-lighthouse-'));
  if (KEEP) mkdirSync(KEEP, { recursive: true });
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const persistent = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = persistent.pages()[0] ?? (await persistent.newPage());
  await page.goto(`${server.url}/account/login`);
  await page.evaluate((origins) => {
    for (const { localStorage } of origins) {
      for (const { name, value } of localStorage) window.localStorage.setItem(name, value);
    }
  }, session.origins);
  await persistent.close();
  try {
    const targets = [
      ['sign-in', `${server.url}/account/login`, false],
      ['inbox', `${server.url}/main/dashboard`, true],
      ['lead', leadUrl, true],
    ] as const;
    console.log('\n| Lighthouse performance | desktop | mobile |\n| --- | --- | --- |');
    const metrics: string[] = [];
    for (const [name, url, signedIn] of targets) {
      if (ONLY && !ONLY.includes(name)) continue;
      const scores: Record<string, number[]> = { desktop: [], mobile: [] };
      for (const preset of ['desktop', 'mobile'] as const) {
        for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
          for (const cache of ['Cache', 'Code Cache']) {
            rmSync(join(profile, 'Default', cache), { recursive: true, force: true });
          }
          const output = join(tmpdir(), `leasing-lighthouse-${process.pid}.json`);
          const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu'];
          // The signed-in pages need the session the profile holds (and no storage reset).
          if (signedIn) chromeFlags.push(`--user-data-dir=${profile}`);
          const result = spawnSync(
            'npx',
            [
              '-y',
              'lighthouse@12.2.3',
              url,
              `--chrome-flags=${chromeFlags.join(' ')}`,
              '--only-categories=performance',
              '--output=json',
              `--output-path=${output}`,
              '--quiet',
              ...(preset === 'desktop' ? ['--preset=desktop'] : []),
              ...(signedIn ? ['--disable-storage-reset'] : []),
            ],
            {
              stdio: ['ignore', 'ignore', 'inherit'],
              env: { ...process.env, CHROME_PATH: chromiumPath },
            },
          );
          if (result.status !== 0) throw new Error(`lighthouse failed for ${name} (${preset})`);
          const report = JSON.parse(readFileSync(output, 'utf8')) as {
            categories: { performance: { score: number } };
            audits: Record<string, { numericValue?: number }>;
          };
          if (KEEP) copyFileSync(output, join(KEEP, `${name}-${preset}-${run}.json`));
          rmSync(output, { force: true });
          scores[preset]!.push(Math.round(report.categories.performance.score * 100));
          const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
          metrics.push(
            `| ${name} | ${preset} | ${Math.round(report.categories.performance.score * 100)} | ` +
              `${metric('first-contentful-paint').toFixed(0)} | ${metric('largest-contentful-paint').toFixed(0)} | ` +
              `${metric('total-blocking-time').toFixed(0)} | ${metric('cumulative-layout-shift').toFixed(3)} | ` +
              `${metric('speed-index').toFixed(0)} |`,
          );
        }
      }
      console.log(`| ${name} | ${median(scores.desktop!)} | ${median(scores.mobile!)} |`);
    }
    console.log('\n| page | preset | score | FCP ms | LCP ms | TBT ms | CLS | SI ms |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const line of metrics) console.log(line);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
