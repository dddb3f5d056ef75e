// The conversation route in Chromium on the production build, on the 10,000-event demo lead:
// (1) time to first rendered event and the longest frame while scrolling to the very top (loading
//     every older page on the way), against a bare virtualized list of the same rows in the same run;
// (3) gzip size of the JavaScript the route loads.
// Usage: npm run build && npm run bench:render
import { gzipSync } from 'node:zlib';
import { launchBrowser, signIn } from '../e2e/support/browser.js';
import { demoLead } from '../e2e/support/leads.js';
import { startServer } from '../e2e/support/server.js';

type Frames = { longest: number; p95: number; count: number };

const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // tsx (esbuild keepNames) wraps functions sent to the page in __name(); give the page that helper.
  const keepNames = 'globalThis.__name = (fn) => fn;';
  await context.addInitScript({ content: keepNames });
  const page = await context.newPage();
  await signIn(page, server.url);
  const url = `${server.url}${(await demoLead(page, 'Zoe Park')).path}`;

  // (3) A cold load of the route (fresh context: empty cache, only the signed-in token carried over):
  // every script it loads, compressed as a server would send it.
  const cold = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    storageState: await context.storageState(),
  });
  const coldPage = await cold.newPage();
  const scripts = new Map<string, number>();
  coldPage.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && response.status() === 200) {
      const body = await response.body().catch(() => null);
      if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
    }
  });
  await coldPage.goto(url);
  await coldPage.waitForSelector('[data-event-id]');
  await coldPage.waitForLoadState('networkidle');
  await cold.close();

  await page.addInitScript(() => {
    // Records when the first event row appears.
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-event-id]')) {
        (window as unknown as { firstEventAt: number }).firstEventAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url);
  await page.waitForSelector('[data-event-id]');
  const firstRender = await page.evaluate(
    () => (window as unknown as { firstEventAt: number }).firstEventAt,
  );
  await page.waitForTimeout(500);

  /** Scrolls the element up 600 px a frame until it stays at the top, recording every frame's length. */
  const scrollToTop = (selector: string, done: string | null) =>
    page.evaluate(
      async ({ selector, done }) => {
        const element = document.querySelector(selector) as HTMLElement;
        const frames: number[] = [];
        let last = performance.now();
        const deadline = last + 180_000;
        await new Promise<void>((resolve) => {
          const tick = (now: number) => {
            frames.push(now - last);
            last = now;
            element.scrollTop = Math.max(0, element.scrollTop - 600);
            const finished =
              done === null ? element.scrollTop === 0 : document.body.innerText.includes(done);
            if (finished || now > deadline) resolve();
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        });
        const sorted = [...frames].sort((a, b) => a - b);
        return {
          longest: sorted.at(-1) ?? 0,
          p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
          count: frames.length,
        };
      },
      { selector, done },
    );
  const app: Frames = await scrollToTop(
    '[aria-label="Conversation timeline"]',
    'Beginning of the conversation',
  );
  const rendered = await page.locator('[data-event-id]').count();

  // The baseline: the same 10,000 rows (their text) in a bare fixed-height virtualized list.
  const rows = await page.evaluate(
    async (leadPath) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
      const lead = (await (await fetch(`/api${leadPath}`, { headers })).json()) as {
        _id: string;
        conversations: { body: string | null }[];
        conversationsCursor: string | null;
      };
      const texts = lead.conversations.map((event) => event.body ?? '');
      let cursor = lead.conversationsCursor;
      while (cursor) {
        const page = (await (
          await fetch(`/api/leads/${lead._id}/conversations?limit=200&before=${cursor}`, {
            headers,
          })
        ).json()) as { items: { body: string | null }[]; nextCursor: string | null };
        texts.push(...page.items.map((event) => event.body ?? ''));
        cursor = page.nextCursor;
      }
      return texts.reverse();
    },
    new URL(url).pathname.replace('/escalation', ''),
  );
  const bare = await context.newPage();
  await bare.setContent(`<div id="list" style="height:700px;overflow:auto;position:relative;font:14px sans-serif">
    <div id="sizer" style="position:relative"></div></div>`);
  await bare.evaluate((texts) => {
    const list = document.getElementById('list')!;
    const sizer = document.getElementById('sizer')!;
    const ROW = 64;
    sizer.style.height = `${texts.length * ROW}px`;
    const render = () => {
      const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 8);
      const last = Math.min(
        texts.length,
        Math.ceil((list.scrollTop + list.clientHeight) / ROW) + 8,
      );
      sizer.replaceChildren(
        ...texts.slice(first, last).map((text, i) => {
          const row = document.createElement('div');
          row.style.cssText = `position:absolute;top:${(first + i) * ROW}px;left:0;right:0;height:${ROW - 8}px;padding:8px;border-bottom:1px solid #eee`;
          row.textContent = text;
          return row;
        }),
      );
    };
    list.addEventListener('scroll', render);
    list.scrollTop = list.scrollHeight;
    render();
  }, rows);
  const bareFrames: Frames = await bare.evaluate(async () => {
    const element = document.getElementById('list')!;
    const frames: number[] = [];
    let last = performance.now();
    await new Promise<void>((resolve) => {
      const tick = (now: number) => {
        frames.push(now - last);
        last = now;
        element.scrollTop = Math.max(0, element.scrollTop - 600);
        if (element.scrollTop === 0) resolve();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const sorted = [...frames].sort((a, b) => a - b);
    return {
      longest: sorted.at(-1) ?? 0,
      p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      count: frames.length,
    };
  });

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `Conversation route, Zoe Park (${rows.length} events), headless Chromium 1440×900, production build`,
  );
  console.log(
    `first event rendered ${ms(firstRender)} after navigation start; ${rendered} rows in the DOM at the top`,
  );
  console.log('| scrolling to the top, 600 px a frame | frames | p95 frame | longest frame |');
  console.log('|---|---|---|---|');
  console.log(
    `| the pane (loads ${Math.ceil(rows.length / 50) - 1} older pages on the way) | ${app.count} | ${ms(app.p95)} | ${ms(app.longest)} |`,
  );
  console.log(
    `| bare virtualized list, same rows, all in memory | ${bareFrames.count} | ${ms(bareFrames.p95)} | ${ms(bareFrames.longest)} |`,
  );
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log(
    `JavaScript loaded by the route: ${scripts.size} files, ${(total / 1024).toFixed(1)} KiB gzip`,
  );
  for (const [script, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KiB  ${new URL(script).pathname}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
