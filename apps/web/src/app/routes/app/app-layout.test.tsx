import { apiPaths } from '@leasing/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../../config/product';
import { inboxItem } from '../../../features/inbox/testing/inbox-fixtures';
import { stubInboxLayout } from '../../../features/inbox/testing/stub-inbox-layout';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

async function openDashboard() {
  startSession('token');
  stubInboxLayout();
  stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.inbox}`]: {
      body: { items: [inboxItem({ name: 'Jordan Prospect' })], nextCursor: null },
    },
    [`GET ${apiPaths.notifications}`]: { body: { items: [], nextCursor: null, unreadCount: 0 } },
  });
  const rendered = renderApp('/main/dashboard');
  await screen.findByRole('link', { name: /^Jordan Prospect\b/ });
  return rendered;
}

describe('the signed-in frame', () => {
  it("starts the keyboard at 'Skip to main content', which moves focus past the header", async () => {
    const { user } = await openDashboard();

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
    expect(window.location.hash).toBe('');
  });

  it('names the logo link by what it reads, and the account menu by who is signed in', async () => {
    await openDashboard();
    expect(screen.getByRole('link', { name: PRODUCT_NAME }).getAttribute('href')).toBe(
      '/main/dashboard',
    );
    const account = await screen.findByRole('button', { name: /Account menu/ });
    expect(account.textContent).toContain(demoUser.name);
    expect(account.getAttribute('aria-label')).toBeNull();
  });
});
