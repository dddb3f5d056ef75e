import { Button, MantineProvider, Table } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RowActions } from './row-actions';
import { StackedTable } from './stacked-table';

function renderRow(blockedReason?: string) {
  render(
    <MantineProvider>
      <StackedTable label="Templates" columns={['Template']} withActions>
        <Table.Tr>
          <Table.Td data-label="Template">Tour follow-up</Table.Td>
          <RowActions blockedReason={blockedReason} blockedReasonId="why">
            <Button aria-label="Edit Tour follow-up" aria-describedby={blockedReason && 'why'}>
              Edit
            </Button>
            <Button aria-label="Delete Tour follow-up">Delete</Button>
          </RowActions>
        </Table.Tr>
      </StackedTable>
    </MantineProvider>,
  );
  const [, cell] = screen.getAllByRole('cell');
  return cell!;
}

describe('the row actions', () => {
  it("hold the row's buttons in its last cell, in order", () => {
    const cell = renderRow();
    expect(
      within(cell)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit Tour follow-up', 'Delete Tour follow-up']);
    expect(cell.textContent).toBe('EditDelete');
  });

  it('say under the buttons why they are off, with an id a button can point to', () => {
    const cell = renderRow('Only managers change company templates.');
    const edit = within(cell).getByRole('button', { name: 'Edit Tour follow-up' });
    expect(edit.getAttribute('aria-describedby')).toBe('why');
    expect(document.getElementById('why')?.textContent).toBe(
      'Only managers change company templates.',
    );
    expect(cell.contains(document.getElementById('why'))).toBe(true);
  });
});
