// From Twilio's inbound webhook to the text on screen: a signed webhook posted to the built product,
// timed until the message's bubble is in the open pane of a browser (Debian's Chromium, headless).
// Usage: npm run build && npm run bench:inbound   (BENCH_MESSAGES to change the number of texts)
import { startFakeTwilio } from '../apps/server/src/test/fake-twilio.js';
import { launchBrowser, signIn } from '../e2e/support/browser.js';
import { postInboundSms } from '../e2e/support/inbound.js';
import { demoLead, openLead } from '../e2e/support/leads.js';
import { startServer } from '../e2e/support/server.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
/** Isabella Garcia, a lead of The Summit at Oak Hill, which texts from its own number. */
const LEAD = { name: 'Isabella Garcia', phone: '+15125550109' };
const SUMMIT_NUMBER = '+15125550190';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const twilio = await startFakeTwilio();
const server = await startServer({
  ...twilio.env(),
});
const browser = await launchBrowser();
try {
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 860 } })
  ).newPage();
  await page.addInitScript('globalThis.__name = (fn) => fn');
  await signIn(page, server.url);
  await openLead(page, server.url, await demoLead(page, LEAD.name));
  // The page notes the wall-clock moment each bench text appears in the timeline.
  await page.evaluate(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { benchSeen: Record<string, number> }).benchSeen = seen;
    new MutationObserver(() => {
      for (const row of document.querySelectorAll('[data-event-type="SMS"]')) {
        const match = row.textContent?.match(/bench text (\d+)/);
        if (match && !(match[1]! in seen)) seen[match[1]!] = Date.now();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  const latencies: number[] = [];
  for (let i = 0; i < MESSAGES; i += 1) {
    const sentAt = Date.now();
    await postInboundSms(server.url, twilio.authToken, {
      from: LEAD.phone,
      to: SUMMIT_NUMBER,
      body: `bench text ${i}`,
    });
    await page.waitForFunction(
      (n) => String(n) in (window as unknown as { benchSeen: Record<string, number> }).benchSeen,
      i,
      { timeout: 10_000 },
    );
    const shownAt = await page.evaluate(
      (n) => (window as unknown as { benchSeen: Record<string, number> }).benchSeen[String(n)]!,
      i,
    );
    latencies.push(shownAt - sentAt);
    await page.waitForTimeout(100);
  }
  latencies.sort((a, b) => a - b);
  console.log(`\ninbound-to-screen: ${MESSAGES} texts, webhook POST → bubble in the open pane\n`);
  console.log(
    `p50 ${percentile(latencies, 50).toFixed(0)} ms · p95 ${percentile(latencies, 95).toFixed(0)} ms · max ${latencies.at(-1)!.toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
  await twilio.close();
}
