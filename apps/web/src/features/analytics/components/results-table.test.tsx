import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { makeAsset } from '@/shared/testing/data-factories';
import { TestProviders } from '@/shared/testing/test-utils';
import { ResultsTable } from './results-table';

const labelAsStored = (_identifier: string, value: string | null) => value;

const renderTable = () =>
  render(
    <TestProviders>
      <ResultsTable
        items={[
          makeAsset({
            name: 'Kulla e Jasharëve',
            municipality: 'Skenderaj',
            assetType: 'Kullë',
            usability: 'Në përdorim',
            access: 'E lirë',
            riskLevel: 'high',
          }),
        ]}
        labelFor={labelAsStored}
      />
    </TestProviders>,
  );

describe('ResultsTable', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('names every value by its column, for the stacked layout a phone shows instead of a cut-off table', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Results table' });
    const [row] = within(table).getAllByRole('row').slice(1);
    if (!row) throw new Error('no result row');
    const cells = within(row).getAllByRole('cell');
    // On a phone the header row is out of sight: without these, a value would stand there unnamed.
    expect(cells.map((cell) => cell.firstElementChild?.textContent)).toEqual([
      'Municipality',
      'Type',
      'Usability',
      'Access',
      'Risk',
    ]);
    // Screen readers hear each column's name once, from the header, not again from the cell.
    for (const cell of cells) expect(cell.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(row).toHaveAccessibleName('Kulla e Jasharëve Skenderaj Kullë Në përdorim E lirë High');
  });

  it('stays a table for screen readers when its rows are laid out as blocks', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Results table' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(6);
    expect(within(table).getByRole('rowheader', { name: 'Kulla e Jasharëve' })).toBeInTheDocument();
    // Every part carries its role itself, as Safari drops the table semantics of block-laid rows.
    for (const part of table.querySelectorAll('thead, tbody, tr, th, td')) expect(part).toHaveAttribute('role');
  });
});
