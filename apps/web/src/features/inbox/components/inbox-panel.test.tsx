import { apiPaths } from '@leasing/contract';
import type { InboxItem } from '@leasing/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { inboxItem } from '../testing/inbox-fixtures';
import { stubInboxLayout } from '../testing/stub-inbox-layout';
import { InboxPanel } from './inbox-panel';

function renderPanel(items: InboxItem[], onRowsShown: () => void) {
  startSession('token');
  stubInboxLayout();
  stubRoutes({ [`GET ${apiPaths.inbox}`]: { body: { items, nextCursor: null } } });
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter>
          <InboxPanel
            params={{
              propertyId: null,
              search: '',
              filters: [],
              channel: null,
              view: 'all',
              statuses: [],
            }}
            onViewChange={vi.fn()}
            onSearchChange={vi.fn()}
            onFiltersChange={vi.fn()}
            onChannelChange={vi.fn()}
            onStatusesChange={vi.fn()}
            onClearFilters={vi.fn()}
            onRowsShown={onRowsShown}
          />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

describe('the inbox panel tells its page when the rows are shown', () => {
  it('once, when the first rows are there, however often the inbox refetches', async () => {
    const shown = vi.fn();
    const { client } = renderPanel([inboxItem({ _id: 'l-1', name: 'Jordan Prospect' })], shown);
    expect(shown).not.toHaveBeenCalled();
    await screen.findByText('Jordan Prospect');
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
    await client.refetchQueries();
    await screen.findByText('Jordan Prospect');
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('not for an empty inbox: there is no row to open', async () => {
    const shown = vi.fn();
    renderPanel([], shown);
    await screen.findByText('No leads yet');
    expect(shown).not.toHaveBeenCalled();
  });
});
