import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiPaths } from '@leasing/contract';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { DESKTOP, useBrowserSession } from '../support/session.js';

const PHONE = { width: 390, height: 844 };

describe('reports: the figures, the leads behind them, each role', () => {
  const ui = useBrowserSession();

  /**
   * A property of its own with three leads who wrote in: the assistant answered one, a person
   * another (who then toured); the third waits. The report is filtered to this property.
   */
  const scenario = async () => {
    const property = await ui.make.property({ name: 'Report Heights' });
    const maya = await ui.make.lead({ property, name: 'Maya Report' });
    const noah = await ui.make.lead({ property, name: 'Noah Report' });
    const iris = await ui.make.lead({ property, name: 'Iris Report' });
    await ui.make.event(maya, {
      eventType: 'SMS',
      senderType: 'ASSISTANT',
      senderName: 'Leasing Assistant',
      body: 'Yes, it is! Would you like to tour?',
    });
    await ui.make.event(noah, {
      eventType: 'SMS',
      senderType: 'USER',
      senderName: 'Dana Whitfield',
      body: 'It is. Come by on Saturday?',
    });
    const staff = await ui.make.api();
    await staff.request('PUT', apiPaths.leadStatus(noah._id), { status: 'TOURED' });
    return { property, maya, noah, iris };
  };

  const openReport = async (page: Page, propertyId: string) => {
    await page.goto(`${ui.server.url}/main/reports?range=last_7_days&propertyId=${propertyId}`);
    await page.getByRole('heading', { name: 'Reports', exact: true }).waitFor();
    await page.getByRole('table', { name: 'Funnel steps' }).waitFor();
  };
  const figure = (page: Page, label: string, value: string) =>
    page.getByRole('link', { name: `${label}: ${value}, show these leads` });

  it('shows the funnel of a property at 1440 px, opens the leads behind a figure and comes back', async () => {
    const { property, noah } = await scenario();
    const page = await ui.signedInPage({ viewport: DESKTOP });
    await openReport(page, property._id);
    await figure(page, 'Leads', '3').first().waitFor();
    await figure(page, 'Contacted', '2').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'Reports');

    await figure(page, 'Toured', '1').first().click();
    await page.waitForURL('**/main/reports/leads?**');
    await page
      .getByText(new RegExp(`^Leads created .* that reached Toured · property ${property.name}$`))
      .waitFor();
    await page.getByText(noah.name).first().waitFor();
    await expect.poll(() => page.getByText('Maya Report').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'Reports → the leads behind a figure');

    await page
      .getByRole('link', { name: /Back to the report|Back/ })
      .first()
      .click();
    await page.getByRole('table', { name: 'Funnel steps' }).waitFor();
    expect(new URL(page.url()).searchParams.get('propertyId')).toBe(property._id);
    expect(new URL(page.url()).searchParams.get('figure')).toBeNull();
  });

  it('fits a phone at 390 px, axe clean', async () => {
    const { property } = await scenario();
    const page = await ui.signedInPage({ viewport: PHONE });
    await openReport(page, property._id);
    await figure(page, 'Leads', '3').first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'Reports at 390 px');
  });

  it("shows an agent their own leads' figures only", async () => {
    const { property, maya } = await scenario();
    const agent = await ui.make.staff({ role: 'agent', name: 'Riley Agent' });
    const staff = await ui.make.api();
    await staff.request('PUT', apiPaths.leadOwner(maya._id), {
      owner: { kind: 'user', userId: agent._id },
    });
    const page = await ui.signedInPage({ viewport: DESKTOP }, agent);
    await openReport(page, property._id);
    await page.getByText('Your leads').waitFor();
    // Of the property's three leads, only Maya is Riley's.
    await figure(page, 'Leads', '1').first().waitFor();
    await expect.poll(() => figure(page, 'Leads', '3').count()).toBe(0);
    await expect.poll(() => page.getByRole('switch', { name: /Weekly email/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'Reports as an agent');
  });
});
