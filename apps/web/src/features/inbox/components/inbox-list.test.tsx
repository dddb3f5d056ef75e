import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { inboxItem } from '../testing/inbox-fixtures';
import { stubInboxLayout } from '../testing/stub-inbox-layout';
import { readInboxScroll } from '../utils/inbox-scroll-memory';
import { InboxList } from './inbox-list';
import { stubElementScrollTo } from '../../../testing/stub-layout';

const items = Array.from({ length: 40 }, (_, index) =>
  inboxItem({ _id: `l-${index}`, pmsLeadId: `L-${index}`, name: `Lead ${index}` }),
);

function renderList(scrollKey: string) {
  stubInboxLayout(400);
  return render(
    <MantineProvider>
      <MemoryRouter>
        <InboxList
          items={items}
          showProperty={false}
          hasNextPage={false}
          isFetchingNextPage={false}
          isFetchNextPageError={false}
          onLoadMore={vi.fn()}
          scrollKey={scrollKey}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** Scrolls the list as the agent would: the position, then the browser's scroll event. */
function scrollListTo(offset: number) {
  const list = screen.getByRole('list', { name: 'Leads' });
  list.scrollTop = offset;
  fireEvent.scroll(list);
}

describe("the inbox list's place in the queue", () => {
  it('remembers where it was scrolled, once the frame after the scroll comes', async () => {
    renderList('all|unread');
    scrollListTo(300);
    await vi.waitFor(() => expect(readInboxScroll('all|unread')).toBe(300));
  });

  it('remembers a scroll the agent leaves at once (a lead opened before the next frame)', () => {
    const { unmount } = renderList('all|sms');
    scrollListTo(300);
    // The lead opens in the same frame: the list is gone before the frame that would store it.
    unmount();
    expect(readInboxScroll('all|sms')).toBe(300);
  });

  it('opens again where it was left', () => {
    stubElementScrollTo();
    const { unmount } = renderList('all|email');
    scrollListTo(272);
    unmount();
    renderList('all|email');
    expect(screen.getByRole('list', { name: 'Leads' }).scrollTop).toBe(272);
  });
});
