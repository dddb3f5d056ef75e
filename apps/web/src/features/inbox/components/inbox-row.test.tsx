import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { properties } from '../../../testing/fixtures';
import { inboxItem } from '../testing/inbox-fixtures';

import { InboxRow } from './inbox-row';

function renderRow(isStacked: boolean) {
  const item = inboxItem({
    _id: 'a',
    name: 'Ava Thompson',
    status: 'CONTACTED',
    lastMessagePreview: 'Is parking included?',
    decisionOpen: true,
    unread: true,
  });
  render(
    <MantineProvider>
      <MemoryRouter>
        <InboxRow
          item={item}
          index={0}
          showProperty
          isActive
          isStacked={isStacked}
          style={{}}
          onFocus={vi.fn()}
          onKeyDown={vi.fn()}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
  const row = screen.getByRole('link', { name: /^Ava Thompson\b/ });
  return [...row.querySelectorAll(':scope > span:last-child > span')] as HTMLElement[];
}

describe('an inbox row on a phone and on a wide screen', () => {
  it('stacks on a phone: name and time, the last message, then badges and status', () => {
    const [first, second, third, ...more] = renderRow(true);
    expect(more).toHaveLength(0);
    expect(within(first!).getByText('Ava Thompson')).toBeDefined();
    expect(within(first!).queryByText('Contacted')).toBeNull();
    expect(within(second!).getByText('Is parking included?')).toBeDefined();
    expect(within(third!).getByText('Decision pending')).toBeDefined();
    expect(within(third!).getByText('Contacted')).toBeDefined();
  });

  it('keeps two lines on a wide screen, the status beside the name', () => {
    const lines = renderRow(false);
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('Ava Thompson')).toBeDefined();
    expect(within(lines[0]!).getByText('Contacted')).toBeDefined();
    expect(within(lines[1]!).getByText('Decision pending')).toBeDefined();
  });
});

describe("an inbox row's accessible name", () => {
  it.each([
    ['on a wide screen', false],
    ['on a phone', true],
  ])(
    'says everything the row shows %s: name, property, last message, time and badges',
    (_, isStacked) => {
      renderRow(isStacked);
      let name = '';
      const row = screen.getByRole('link', {
        name: (accessibleName) => {
          name = accessibleName;
          return true;
        },
      });
      // Named by its content, not by a label that says only the lead's name.
      expect(row.getAttribute('aria-label')).toBeNull();
      const parts = [
        'Ava Thompson',
        'Unread.',
        'Status:',
        'Contacted',
        properties[0]!.name,
        'Is parking included?',
        'Decision pending',
      ];
      for (const part of parts) expect(name).toContain(part);
      // The lead's name first, then the rest as the row shows it.
      expect(name.startsWith('Ava Thompson ')).toBe(true);
    },
  );
});
