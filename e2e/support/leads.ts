import type { Page } from 'playwright-core';

type Property = { _id: string };
type LeadPage = { items: { pmsLeadId: string; name: string }[] };

/** The pane URL of a lead by name, looked up with the signed-in page's own token. */
export const leadUrl = (page: Page, baseUrl: string, name: string) =>
  page
    .evaluate(
      async ({ name }) => {
        const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
        const properties = (await (
          await fetch('/api/properties', { headers })
        ).json()) as Property[];
        for (const property of properties) {
          const page = (await (
            await fetch(`/api/properties/${property._id}/leads?limit=200`, { headers })
          ).json()) as LeadPage;
          const lead = page.items.find((item) => item.name === name);
          if (lead)
            return `/properties/${property._id}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`;
        }
        throw new Error(`no lead named ${name}`);
      },
      { name },
    )
    .then((path) => `${baseUrl}${path}`);

/** Opens the lead's pane and waits for its timeline. */
export const openLead = async (page: Page, baseUrl: string, name: string) => {
  await page.goto(await leadUrl(page, baseUrl, name));
  await page.getByRole('heading', { name }).first().waitFor();
  await page.getByLabel('Conversation timeline').waitFor();
};

/** Every event type the virtualized timeline renders, scrolling it from bottom to top. */
export const collectRenderedEventTypes = async (page: Page) => {
  const seen = new Set<string>();
  const timeline = page.getByLabel('Conversation timeline');
  for (let step = 0; step < 60; step += 1) {
    const { types, atTop } = await timeline.evaluate((element) => {
      const types = [...element.querySelectorAll('[data-event-type]')].map(
        (row) => row.getAttribute('data-event-type') ?? '',
      );
      const atTop = element.scrollTop === 0;
      element.scrollTop = Math.max(0, element.scrollTop - element.clientHeight * 0.6);
      return { types, atTop };
    });
    types.forEach((type) => seen.add(type));
    if (atTop) break;
    await page.waitForTimeout(60);
  }
  return seen;
};
