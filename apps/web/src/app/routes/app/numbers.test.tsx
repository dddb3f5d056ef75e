import { apiPaths } from '@leasing/contract';
import type { CompanyNumber, LeadSource } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const PAGE = '/main/settings/numbers';

function companyNumber(overrides: Partial<CompanyNumber>): CompanyNumber {
  return {
    _id: '6a1e2f3b-0000-4000-a000-000000000001',
    number: '+15125550100',
    isSharedNumber: false,
    properties: [],
    source: null,
    trackingProperty: null,
    createdAt: '2026-11-20T15:05:00.000Z',
    ...overrides,
  };
}

/** The server's one answer for a number that is taken, held, or not the deployment's. */
const TAKEN =
  'This number cannot be added: it is taken, was released in the last 30 days, or is not one of this deployment’s Twilio numbers.';
const shared = companyNumber({ _id: '6a1e2f3b-0000-4000-a000-00000000000a', isSharedNumber: true });
const mapleLine = companyNumber({
  _id: '6a1e2f3b-0000-4000-a000-000000000002',
  number: '+15125550111',
  properties: [{ _id: 'property-1', name: 'Maple Court', pmsPropertyId: 'PMS-100' }],
  createdAt: '2026-11-21T09:15:00.000Z',
});
const spare = companyNumber({
  _id: '6a1e2f3b-0000-4000-a000-000000000003',
  number: '+15125550122',
  createdAt: '2026-11-22T09:15:00.000Z',
});

const zillow: LeadSource = {
  _id: '7b2e0c1a-0000-4000-a000-000000000001',
  name: 'Zillow',
  leadCount: 4,
  numberCount: 0,
};
const website: LeadSource = {
  ...zillow,
  _id: '7b2e0c1a-0000-4000-a000-000000000002',
  name: 'Website',
};

function openPage(list: RouteAnswer, routes: Record<string, RouteAnswer> = {}) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.numbers}`]: list,
    [`GET ${apiPaths.leadSources}`]: { body: { items: [zillow, website] } },
    [`GET ${apiPaths.properties}`]: { body: properties },
    ...routes,
  });
  return { ...renderApp(PAGE), server };
}

function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table).getByText(text).closest('tr');
  if (!row) throw new Error(`No row for ${text}`);
  return row;
}

describe('Numbers page', () => {
  it('lists the numbers for people: the shared one first, who texts from each', async () => {
    openPage({ body: [mapleLine, spare, shared] });
    expect(await screen.findByRole('heading', { name: 'Numbers' })).toBeTruthy();
    expect(screen.getByText(/Texts to these numbers reach only your company/)).toBeTruthy();
    expect(
      screen.getByText(/Properties without their own number text from the shared number/),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Numbers' });
    const [, first, second, third] = within(table).getAllByRole('row');

    expect(within(first!).getByText('(512) 555-0100')).toBeTruthy();
    expect(within(first!).getByText('Shared number')).toBeTruthy();
    expect(
      within(first!).getByText('No property — used by properties without their own number'),
    ).toBeTruthy();

    expect(within(second!).getByText('(512) 555-0111')).toBeTruthy();
    expect(within(second!).getByText('Maple Court')).toBeTruthy();
    expect(within(second!).getByText('PMS-100')).toBeTruthy();
    expect(within(second!).queryByText('Shared number')).toBeNull();

    expect(within(third!).getByText('(512) 555-0122')).toBeTruthy();
    expect(within(third!).getByText('No property yet')).toBeTruthy();
    expect(within(third!).getByText('Nov 22, 2026')).toBeTruthy();
  });

  it('keeps Remove off for the shared number and numbers in use, and says why', async () => {
    const { user, server } = openPage({ body: [shared, mapleLine] });
    const table = await screen.findByRole('table', { name: 'Numbers' });

    const removeShared = within(rowOf(table, '(512) 555-0100')).getByRole('button', {
      name: 'Remove (512) 555-0100',
      description: 'The shared number belongs to this deployment and stays.',
    });
    expect(removeShared.getAttribute('aria-disabled')).toBe('true');

    const removeMaple = within(rowOf(table, '(512) 555-0111')).getByRole('button', {
      name: 'Remove (512) 555-0111',
      description: 'In use by Maple Court — give it another number first.',
    });
    expect(removeMaple.getAttribute('aria-disabled')).toBe('true');
    // Visible too, not only to screen readers.
    expect(
      within(table).getByText('In use by Maple Court — give it another number first.'),
    ).toBeTruthy();

    await user.click(removeShared);
    await user.click(removeMaple);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
  });

  it('adds a number, showing the server’s refusal on the field first', async () => {
    let numbers = [shared];
    const added = companyNumber({ ...spare });
    const { user, server } = openPage(() => ({ body: numbers }), {
      [`POST ${apiPaths.numbers}`]: (request) => {
        const { number } = request.body as { number: string };
        if (number === '+1 512 555 0111') {
          return {
            status: 409,
            body: {
              error: {
                code: 'NUMBER_UNAVAILABLE',
                message: TAKEN,
                details: [
                  {
                    path: 'body.number',
                    message:
                      'is taken, recently released, or not one of this deployment’s Twilio numbers',
                  },
                ],
              },
            },
          };
        }
        numbers = [shared, added];
        return { status: 201, body: added };
      },
    });
    await screen.findByRole('table', { name: 'Numbers' });

    await user.click(screen.getByRole('button', { name: 'Add number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add number' });
    const field = within(dialog).getByRole('textbox', { name: 'Phone number' });
    await waitFor(() => expect(document.activeElement).toBe(field));

    // Nothing typed: the contract's own rule says so, and nothing is sent.
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Enter a phone number')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(server.requestsTo(apiPaths.numbers, 'POST')).toHaveLength(0);

    await user.type(field, '+1 512 555 0111{Enter}');
    expect(await within(dialog).findByText(TAKEN)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(within(dialog).getByText(TAKEN).id);

    await user.clear(field);
    expect(within(dialog).queryByText(TAKEN)).toBeNull();
    await user.type(field, '  (512) 555-0122 ');
    await user.click(within(dialog).getByRole('button', { name: 'Add number' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(apiPaths.numbers, 'POST').map((request) => request.body)).toEqual([
      { number: '+1 512 555 0111' },
      { number: '(512) 555-0122' },
    ]);
    expect(await screen.findByText('(512) 555-0122 was added.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Numbers' });
    expect(await within(table).findByText('(512) 555-0122')).toBeTruthy();
  });

  it('shows a 400 about the number on the field, as a sentence', async () => {
    const { user } = openPage(
      { body: [] },
      {
        [`POST ${apiPaths.numbers}`]: {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION',
              message: 'number: enter a phone number like +1 512 555 0100',
              details: [
                { path: 'body.number', message: 'enter a phone number like +1 512 555 0100' },
              ],
            },
          },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Add number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add number' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '12{Enter}');
    expect(
      await within(dialog).findByText('Enter a phone number like +1 512 555 0100.'),
    ).toBeTruthy();
  });

  it('removes a number only after confirmation', async () => {
    let numbers = [shared, spare];
    const { user, server } = openPage(() => ({ body: numbers }), {
      [`DELETE ${apiPaths.number(spare._id)}`]: () => {
        numbers = [shared];
        return { body: spare };
      },
    });
    const table = await screen.findByRole('table', { name: 'Numbers' });
    const remove = within(rowOf(table, '(512) 555-0122')).getByRole('button', {
      name: 'Remove (512) 555-0122',
    });
    expect(remove.getAttribute('aria-disabled')).toBeNull();

    await user.click(remove);
    let confirm = await screen.findByRole('dialog', { name: 'Remove number?' });
    expect(within(confirm).getByText(/will no longer reach your company/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(apiPaths.number(spare._id), 'DELETE')).toHaveLength(0);

    await user.click(remove);
    confirm = await screen.findByRole('dialog', { name: 'Remove number?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove number' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(apiPaths.number(spare._id), 'DELETE')).toHaveLength(1);
    expect(within(table).queryByText('(512) 555-0122')).toBeNull();
    expect(within(table).getByText('(512) 555-0100')).toBeTruthy();
  });

  it('shows why the server refused a removal, in the dialog', async () => {
    const { user } = openPage(
      { body: [spare] },
      {
        [`DELETE ${apiPaths.number(spare._id)}`]: apiError(
          409,
          'NUMBER_IN_USE',
          'This number is in use by Harbor View. Give those properties another number first.',
        ),
      },
    );
    const table = await screen.findByRole('table', { name: 'Numbers' });
    await user.click(within(table).getByRole('button', { name: 'Remove (512) 555-0122' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove number?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove number' }));
    expect(
      await within(confirm).findByText(
        'This number is in use by Harbor View. Give those properties another number first.',
      ),
    ).toBeTruthy();
  });

  it('gives a number the source its new leads get, and takes it away again', async () => {
    const { user, server } = openPage(
      { body: [shared, spare] },
      {
        [`PATCH ${apiPaths.number(spare._id)}`]: (request) => {
          const { sourceId } = request.body as { sourceId: string | null };
          const source = [zillow, website].find((item) => item._id === sourceId);
          return {
            body: { ...spare, source: source ? { _id: source._id, name: source.name } : null },
          };
        },
      },
    );
    const table = await screen.findByRole('table', { name: 'Numbers' });
    const select = within(rowOf(table, '(512) 555-0122')).getByRole('combobox', {
      name: 'Source of (512) 555-0122',
    }) as HTMLInputElement;
    expect(select.value).toBe('No source');

    await user.click(select);
    await waitFor(() => expect(select.getAttribute('aria-expanded')).toBe('true'));
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '')!;
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['No source', 'Zillow', 'Website']);
    await user.click(within(listbox).getByRole('option', { name: 'Zillow', hidden: true }));
    await waitFor(() => expect(select.value).toBe('Zillow'));

    // From the keyboard: back to no source.
    await user.clear(select);
    await user.type(select, 'no so');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(select.value).toBe('No source'));
    expect(
      server.requestsTo(apiPaths.number(spare._id), 'PATCH').map((request) => request.body),
    ).toEqual([{ sourceId: zillow._id }, { sourceId: null }]);
  });

  it('makes a number a tracking number of a property, and ends it again', async () => {
    const maple = properties[0]!;
    const { user, server } = openPage(
      { body: [shared, spare] },
      {
        [`PATCH ${apiPaths.number(spare._id)}`]: (request) => {
          const { trackingPropertyId } = request.body as { trackingPropertyId: string | null };
          const property = properties.find((item) => item._id === trackingPropertyId);
          return {
            body: {
              ...spare,
              trackingProperty: property ? { _id: property._id, name: property.name } : null,
            },
          };
        },
      },
    );
    const table = await screen.findByRole('table', { name: 'Numbers' });
    const select = within(rowOf(table, '(512) 555-0122')).getByRole('combobox', {
      name: 'Property of (512) 555-0122',
    }) as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((option) => option.textContent)).toEqual([
        'No property yet',
        ...properties.map((property) => `Tracks for ${property.name}`),
      ]),
    );
    // The shared number is the deployment's: no choice there.
    expect(
      within(rowOf(table, '(512) 555-0100')).queryByRole('combobox', {
        name: 'Property of (512) 555-0100',
      }),
    ).toBeNull();

    await user.selectOptions(select, `Tracks for ${maple.name}`);
    await waitFor(() => expect(select.value).toBe(maple._id));
    await user.selectOptions(select, 'No property yet');
    await waitFor(() => expect(select.value).toBe(''));
    expect(
      server.requestsTo(apiPaths.number(spare._id), 'PATCH').map((request) => request.body),
    ).toEqual([{ trackingPropertyId: maple._id }, { trackingPropertyId: null }]);
  });

  it('says what to do when there are no numbers yet', async () => {
    openPage({ body: [] });
    expect(await screen.findByText('No numbers yet')).toBeTruthy();
    expect(screen.getByText(/Add the SMS number your texting provider gave you/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add number' })).toBeTruthy();
  });

  it('shows a loading state, then an error with Retry', async () => {
    let fail = true;
    const { user } = openPage(() =>
      fail ? apiError(500, 'INTERNAL', 'Something went wrong on our side.') : { body: [spare] },
    );
    expect(await screen.findByRole('status', { name: 'Loading numbers' })).toBeTruthy();
    expect(await screen.findByText('Could not load the numbers')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('(512) 555-0122')).toBeTruthy();
  });

  it('is not open to an agent, who sees why and is not sent anywhere', async () => {
    startSession('token');
    const server = stubRoutes({ [`GET ${apiPaths.me}`]: { body: agentUser } });
    const { router } = renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'User is not permitted' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add number' })).toBeNull();
    expect(server.requestsTo(apiPaths.numbers)).toHaveLength(0);
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it('is reached from the user menu', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.numbers}`]: { body: [] },
      [`GET ${apiPaths.outbox}`]: { body: { items: [], nextCursor: null } },
    });
    const { user, router } = renderApp('/main/outbox');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Numbers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(await screen.findByRole('heading', { name: 'Numbers' })).toBeTruthy();
  });
});
