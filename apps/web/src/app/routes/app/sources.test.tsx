import { apiPaths } from '@leasing/contract';
import type { LeadSource } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const PAGE = '/main/settings/sources';

const zillow: LeadSource = {
  _id: '7b2e0c1a-0000-4000-a000-000000000001',
  name: 'Zillow',
  leadCount: 12,
  numberCount: 1,
};
const zillowCom: LeadSource = {
  _id: '7b2e0c1a-0000-4000-a000-000000000002',
  name: 'Zillow.com',
  leadCount: 3,
  numberCount: 1,
};
const website: LeadSource = {
  _id: '7b2e0c1a-0000-4000-a000-000000000003',
  name: 'Website',
  leadCount: 1,
  numberCount: 0,
};

function openPage(list: RouteAnswer, routes: Record<string, RouteAnswer> = {}, me = demoUser) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: me },
    [`GET ${apiPaths.leadSources}`]: list,
    ...routes,
  });
  return { ...renderApp(PAGE), server };
}

function rowOf(table: HTMLElement, name: string): HTMLElement {
  const row = within(table)
    .getByRole('textbox', { name: `Rename "${name}"` })
    .closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

describe('Settings → Sources', () => {
  it('lists each source with how many leads and numbers have it, in the order they were made', async () => {
    openPage({ body: { items: [zillow, zillowCom, website] } });
    expect(await screen.findByRole('heading', { name: 'Sources' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Sources' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('textbox', { name: 'Rename "Zillow"' })).toHaveProperty(
      'value',
      'Zillow',
    );
    expect(within(first!).getByText('12')).toBeTruthy();
    expect(within(second!).getByRole('textbox', { name: 'Rename "Zillow.com"' })).toBeTruthy();
    expect(within(third!).getByRole('textbox', { name: 'Rename "Website"' })).toBeTruthy();
    expect(within(third!).getByText('0')).toBeTruthy();
    expect(within(third!).getByRole('button', { name: 'Website: Merge into…' })).toBeTruthy();
  });

  it('adds a source from the keyboard, and shows a taken name on the field', async () => {
    let items = [zillow];
    const { user, server } = openPage(() => ({ body: { items } }), {
      [`POST ${apiPaths.leadSources}`]: (request) => {
        const { name } = request.body as { name: string };
        if (name.toLowerCase() === 'zillow') {
          return {
            status: 409,
            body: {
              error: {
                code: 'LEAD_SOURCE_EXISTS',
                message: 'A source with this name already exists.',
                details: [{ path: 'body.name', message: 'A source with this name already exists' }],
              },
            },
          };
        }
        const added = { _id: website._id, name, leadCount: 0, numberCount: 0 };
        items = [zillow, added];
        return { status: 201, body: added };
      },
    });
    await screen.findByRole('table', { name: 'Sources' });
    const field = screen.getByRole('textbox', { name: 'New source' });
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toHaveProperty('disabled', true);

    await user.type(field, 'ZILLOW{Enter}');
    expect(await screen.findByText('A source with this name already exists.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    expect(screen.queryByText('A source with this name already exists.')).toBeNull();
    await user.type(field, '  Website {Enter}');
    expect(await screen.findByText('Website was added.')).toBeTruthy();
    expect(server.requestsTo(apiPaths.leadSources, 'POST').map((request) => request.body)).toEqual([
      { name: 'ZILLOW' },
      { name: 'Website' },
    ]);
    const table = screen.getByRole('table', { name: 'Sources' });
    expect(await within(table).findByRole('textbox', { name: 'Rename "Website"' })).toBeTruthy();
    expect(field).toHaveProperty('value', '');
  });

  it('renames a source in place on Enter, and puts the name back when the server refuses', async () => {
    let items = [zillow, website];
    const { user, server } = openPage(() => ({ body: { items } }), {
      [`PATCH ${apiPaths.leadSource(website._id)}`]: (request) => {
        const { name } = request.body as { name: string };
        if (name === 'Zillow') {
          return apiError(409, 'LEAD_SOURCE_EXISTS', 'A source with this name already exists.');
        }
        items = [zillow, { ...website, name }];
        return { body: { ...website, name } };
      },
    });
    const table = await screen.findByRole('table', { name: 'Sources' });
    const field = within(rowOf(table, 'Website')).getByRole('textbox', {
      name: 'Rename "Website"',
    });
    await user.clear(field);
    await user.type(field, 'Zillow{Enter}');
    expect(await screen.findByText('A source with this name already exists.')).toBeTruthy();
    await waitFor(() => expect(field).toHaveProperty('value', 'Website'));

    await user.clear(field);
    await user.type(field, 'Our website{Enter}');
    expect(
      await within(table).findByRole('textbox', { name: 'Rename "Our website"' }),
    ).toBeTruthy();
    expect(
      server.requestsTo(apiPaths.leadSource(website._id), 'PATCH').map((request) => request.body),
    ).toEqual([{ name: 'Zillow' }, { name: 'Our website' }]);
  });

  it('merges a source into another after saying how many leads and numbers move', async () => {
    let items = [zillow, zillowCom, website];
    const { user, server } = openPage(() => ({ body: { items } }), {
      [`POST ${apiPaths.leadSourceMerge(zillowCom._id)}`]: () => {
        const merged = { ...zillow, leadCount: 15, numberCount: 2 };
        items = [merged, website];
        return { body: merged };
      },
    });
    const table = await screen.findByRole('table', { name: 'Sources' });
    await user.click(
      within(rowOf(table, 'Zillow.com')).getByRole('button', {
        name: 'Zillow.com: Merge into…',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Merge "Zillow.com"' });
    const merge = within(dialog).getByRole('button', { name: 'Merge' });
    expect(merge).toHaveProperty('disabled', true);

    // The source itself is not offered.
    const into = within(dialog).getByRole('combobox', { name: 'Merge into' });
    await user.click(into);
    await waitFor(() => expect(into.getAttribute('aria-expanded')).toBe('true'));
    const listbox = document.getElementById(into.getAttribute('aria-controls') ?? '')!;
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['Zillow', 'Website']);
    await user.click(within(listbox).getByRole('option', { name: 'Zillow', hidden: true }));
    expect(
      await within(dialog).findByText(
        '3 leads and 1 number move to Zillow; "Zillow.com" is then removed.',
      ),
    ).toBeTruthy();
    expect(server.requestsTo(apiPaths.leadSourceMerge(zillowCom._id), 'POST')).toHaveLength(0);

    await user.click(merge);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      server
        .requestsTo(apiPaths.leadSourceMerge(zillowCom._id), 'POST')
        .map((request) => request.body),
    ).toEqual([{ intoSourceId: zillow._id }]);
    expect(await screen.findByText('"Zillow.com" was merged into Zillow.')).toBeTruthy();
    await waitFor(() =>
      expect(within(table).queryByRole('textbox', { name: 'Rename "Zillow.com"' })).toBeNull(),
    );
    expect(within(rowOf(table, 'Zillow')).getByText('15')).toBeTruthy();
  });

  it('says why the list could not load and retries; says so when there is none', async () => {
    let fail = true;
    const { user } = openPage(() =>
      fail ? apiError(500, 'INTERNAL', 'Something failed on the server.') : { body: { items: [] } },
    );
    expect(await screen.findByText('Could not load the sources')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByText(/No sources yet/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'New source' })).toBeTruthy();
  });

  it('is closed to an agent', async () => {
    const { server } = openPage({ body: { items: [zillow] } }, {}, agentUser);
    expect(await screen.findByText(/Only admins of your company can open this page/)).toBeTruthy();
    expect(server.requestsTo(apiPaths.leadSources)).toHaveLength(0);
  });
});
