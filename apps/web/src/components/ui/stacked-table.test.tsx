import { MantineProvider, Table } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackedTable } from './stacked-table';

function renderTable(withActions?: boolean) {
  render(
    <MantineProvider>
      <StackedTable label="Numbers" columns={['Number', 'Added']} withActions={withActions}>
        <Table.Tr>
          <Table.Td data-label="Number">(312) 555-0142</Table.Td>
          <Table.Td data-label="Added">Nov 22, 2026</Table.Td>
          {withActions && (
            <Table.Td>
              <button type="button">Remove</button>
            </Table.Td>
          )}
        </Table.Tr>
      </StackedTable>
    </MantineProvider>,
  );
  return screen.getByRole('table', { name: 'Numbers' });
}

describe('the stacked table', () => {
  it('names the table and its columns, and holds the rows under them', () => {
    const table = renderTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Number', 'Added']);
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('cell', { name: '(312) 555-0142' })).toBeTruthy();
  });

  it("gives the row buttons' column a header that only screen readers read", () => {
    const table = renderTable(true);
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Number', 'Added', 'Actions']);
    expect(headers[2]!.querySelector('.mantine-VisuallyHidden-root')).not.toBeNull();
    expect(within(table).getByRole('button', { name: 'Remove' })).toBeTruthy();
  });
});
