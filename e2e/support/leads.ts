import type { Page } from 'playwright-core';

/** What opening a lead needs: its name (the pane's heading) and its pane's path. */
export type LeadRef = { name: string; path: string };

/** Opens the lead's pane and waits for its timeline. */
export const openLead = async (page: Page, baseUrl: string, lead: LeadRef) => {
  await page.goto(`${baseUrl}${lead.path}`);
  await page.getByRole('heading', { name: lead.name }).first().waitFor();
  await page.getByLabel('Conversation timeline').waitFor();
};

type Property = { _id: string };
type LeadPage = { items: { pmsLeadId: string; name: string }[] };

/**
 * A demo lead by name, looked up with the signed-in page's own token: only for the tests about
 * the demo's own contents (its generated 10,000-event history).
 */
export const demoLead = (page: Page, name: string): Promise<LeadRef> =>
  page.evaluate(
    async ({ name }) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
      const properties = (await (await fetch('/api/properties', { headers })).json()) as Property[];
      for (const property of properties) {
        const page = (await (
          await fetch(`/api/properties/${property._id}/leads?limit=200`, { headers })
        ).json()) as LeadPage;
        const lead = page.items.find((item) => item.name === name);
        if (lead) {
          const path = `/properties/${property._id}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`;
          return { name, path };
        }
      }
      throw new Error(`no lead named ${name}`);
    },
    { name },
  );

/** Every event type the virtualized timeline renders, scrolling it from bottom to top. */
export const collectRenderedEventTypes = async (page: Page) => {
  const seen = new Set<string>();
  const timeline = page.getByLabel('Conversation timeline');
  for (let step = 0; step < 60; step += 1) {
    const { types, atTop } = await timeline.evaluate(async (element) => {
      const types = [...element.querySelectorAll('[data-event-type]')].map(
        (row) => row.getAttribute('data-event-type') ?? '',
      );
      const atTop = element.scrollTop === 0;
      element.scrollTop = Math.max(0, element.scrollTop - element.clientHeight * 0.6);
      // The virtualizer renders the rows of the new position on the next frames.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { types, atTop };
    });
    types.forEach((type) => seen.add(type));
    if (atTop) break;
  }
  return seen;
};
