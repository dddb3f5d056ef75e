import { apiPaths } from '@leasing/contract';
import type { WebhookDelivery, WebhookDeliverySummary, WebhookEndpoint } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const PAGE = '/main/settings/webhooks';
const ENDPOINT_ID = '7b1e2f3b-0000-4000-a000-000000000001';
const DELIVERY_ID = '0d6f6c1e-5a4f-4c1b-9a53-2f6e8d0b7c11';

const endpoint: WebhookEndpoint = {
  _id: ENDPOINT_ID,
  url: 'https://assistant.example.com/hooks',
  description: 'Leasing assistant',
  events: ['note.added', 'message.received'],
  active: true,
  secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I=',
  createdAt: '2026-11-20T15:05:00.000Z',
  createdByUserName: 'Dana Whitfield',
  lastDelivery: {
    _id: DELIVERY_ID,
    event: 'note.added',
    status: 'failed',
    createdAt: '2026-11-24T10:00:00.000Z',
  },
};

const failed: WebhookDeliverySummary = {
  _id: DELIVERY_ID,
  endpoint: { _id: ENDPOINT_ID, url: endpoint.url },
  event: 'note.added',
  status: 'failed',
  attempts: 9,
  maxAttempts: 9,
  lastError: 'HTTP 503: maintenance',
  lastStatusCode: 503,
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
};

const detail: WebhookDelivery = {
  ...failed,
  payload: {
    id: DELIVERY_ID,
    type: 'note.added',
    data: { note: { text: 'Wants a ground floor' } },
  },
  attemptLog: [
    {
      number: 1,
      at: '2026-11-24T10:00:00.000Z',
      durationMs: 120,
      statusCode: 503,
      error: 'HTTP 503: maintenance',
    },
  ],
};

function openPage(
  endpoints: RouteAnswer,
  routes: Record<string, RouteAnswer> = {},
  user = demoUser,
) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: user },
    [`GET ${apiPaths.webhookEndpoints}`]: endpoints,
    [`GET ${apiPaths.webhookDeliveries}`]: { body: { items: [failed], nextCursor: null } },
    ...routes,
  });
  return { ...renderApp(PAGE), server };
}

describe('Webhooks page', () => {
  it('lists endpoints with their events, status and last delivery, and the delivery log', async () => {
    openPage({ body: [endpoint] });
    expect(await screen.findByRole('heading', { name: 'Webhooks' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Endpoints' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText('https://assistant.example.com/hooks')).toBeTruthy();
    expect(within(row!).getByText('Leasing assistant')).toBeTruthy();
    expect(within(row!).getByText('message.received')).toBeTruthy();
    expect(within(row!).getByText('Active')).toBeTruthy();
    expect(within(row!).getByText('Failed')).toBeTruthy();

    const log = await screen.findByRole('table', { name: 'Deliveries' });
    const [, entry] = within(log).getAllByRole('row');
    expect(within(entry!).getByText('9 of 9 attempts')).toBeTruthy();
    expect(within(entry!).getByText('HTTP 503: maintenance')).toBeTruthy();
    expect(
      within(entry!).getByRole('button', {
        name: 'Redeliver note.added to https://assistant.example.com/hooks',
      }),
    ).toBeTruthy();
  });

  it('shows the empty and error states', async () => {
    openPage(apiError(500, 'INTERNAL', 'Something went wrong on our side.'), {
      [`GET ${apiPaths.webhookDeliveries}`]: { body: { items: [], nextCursor: null } },
    });
    expect(await screen.findByText('Could not load the endpoints')).toBeTruthy();
    expect(await screen.findByText('No deliveries yet')).toBeTruthy();
  });

  it('adds an endpoint: the server’s word on the URL shows on the field, then the secret is shown', async () => {
    let endpoints: WebhookEndpoint[] = [];
    const { user, server } = openPage(() => ({ body: endpoints }), {
      [`POST ${apiPaths.webhookEndpoints}`]: (request) => {
        const { url } = request.body as { url: string };
        if (url === 'http://10.0.0.5/in') {
          return {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION',
                message: 'url: must be on the public internet',
                details: [{ path: 'body.url', message: 'must be on the public internet' }],
              },
            },
          };
        }
        endpoints = [{ ...endpoint, lastDelivery: null }];
        return { status: 201, body: endpoints[0] };
      },
    });
    expect(await screen.findByText('No endpoints yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    const url = within(dialog).getByRole('textbox', { name: 'URL' });

    // Pasted, as a URL usually is (and quicker than typing it key by key).
    await user.click(url);
    await user.paste('http://10.0.0.5/in');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    // No event chosen: said before anything is sent.
    expect(await within(dialog).findByText('Choose at least one event.')).toBeTruthy();
    expect(server.requestsTo(apiPaths.webhookEndpoints, 'POST')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'note.added' }));
    expect(within(dialog).getByText('Someone added an internal note to a lead.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Must be on the public internet.')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');

    await user.clear(url);
    await user.paste('https://assistant.example.com/hooks');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(
      (within(secret).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value,
    ).toBe(endpoint.secret);
    expect(server.requestsTo(apiPaths.webhookEndpoints, 'POST').at(-1)?.body).toEqual({
      url: 'https://assistant.example.com/hooks',
      description: '',
      events: ['note.added'],
      active: true,
    });
  });

  it('rotates the secret after confirming, and deletes an endpoint after confirming', async () => {
    const rotated = { ...endpoint, secret: 'whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1zZWNyZXQ=' };
    const { user, server } = openPage(
      { body: [endpoint] },
      {
        [`POST ${apiPaths.webhookEndpointRotateSecret(ENDPOINT_ID)}`]: { body: rotated },
        [`DELETE ${apiPaths.webhookEndpoint(ENDPOINT_ID)}`]: { status: 204 },
      },
    );
    await user.click(
      await screen.findByRole('button', { name: `Signing secret of ${endpoint.url}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(
      server.requestsTo(apiPaths.webhookEndpointRotateSecret(ENDPOINT_ID), 'POST'),
    ).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Rotate now' }));
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value,
      ).toBe(rotated.secret),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: `Delete ${endpoint.url}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() =>
      expect(server.requestsTo(apiPaths.webhookEndpoint(ENDPOINT_ID), 'DELETE')).toHaveLength(1),
    );
  });

  it('opens a delivery with its payload and attempts, and redelivers it', async () => {
    const { user, server } = openPage(
      { body: [endpoint] },
      {
        [`GET ${apiPaths.webhookDelivery(DELIVERY_ID)}`]: { body: detail },
        [`POST ${apiPaths.webhookDeliveryRedeliver(DELIVERY_ID)}`]: {
          status: 202,
          body: { ...failed, status: 'pending' },
        },
      },
    );
    await user.click(
      await screen.findByRole('button', { name: `Details of note.added to ${endpoint.url}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delivery' });
    expect(await within(dialog).findByText(/Wants a ground floor/)).toBeTruthy();
    const attempts = within(dialog).getByRole('table', { name: 'Attempts' });
    expect(within(attempts).getByText('120 ms')).toBeTruthy();
    await user.click(
      within(dialog).getByRole('button', { name: `Redeliver note.added to ${endpoint.url}` }),
    );
    await waitFor(() =>
      expect(
        server.requestsTo(apiPaths.webhookDeliveryRedeliver(DELIVERY_ID), 'POST'),
      ).toHaveLength(1),
    );
    expect(await screen.findByText('The delivery was queued again.')).toBeTruthy();
  });

  it('is closed to an agent, who sees why', async () => {
    const { server } = openPage({ body: [endpoint] }, {}, agentUser);
    expect(await screen.findByText(/Only admins of your company can open this page/)).toBeTruthy();
    expect(server.requestsTo(apiPaths.webhookEndpoints)).toHaveLength(0);
  });
});
