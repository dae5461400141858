import { useMutation } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { TestProviders } from '@/shared/testing/test-utils';
import { DataTable } from './data-table';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { RowActionButton, RowActions } from './row-actions';
import { useDeleteConfirmation } from './use-delete-confirmation';

type Site = { id: number; name: string };

const SITES: Site[] = [
  { id: 1, name: 'Hamam of Prizren' },
  { id: 2, name: 'Gračanica Monastery' },
];

const SiteList = ({
  remove,
  onDeleted,
}: {
  remove: (id: number) => Promise<void>;
  onDeleted: (site: Site) => void;
}) => {
  const deletion = useDeleteConfirmation<Site>(useMutation({ mutationFn: remove }), onDeleted);
  return (
    <>
      <DataTable caption="Sites" columns={['Name']} actionsColumn="Actions">
        {SITES.map((site) => (
          <tr key={site.id}>
            <th scope="row">{site.name}</th>
            <RowActions>
              <RowActionButton tone="danger" aria-label={`Delete ${site.name}`} onClick={() => deletion.ask(site)}>
                Delete
              </RowActionButton>
            </RowActions>
          </tr>
        ))}
      </DataTable>
      <DeleteConfirmDialog
        deletion={deletion}
        title="Delete site"
        describe={(site) => `${site.name} will be removed.`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        failedText="Failed to delete site"
      />
    </>
  );
};

const renderSites = (remove: (id: number) => Promise<void>, onDeleted = vi.fn()) => {
  render(
    <TestProviders>
      <SiteList remove={remove} onDeleted={onDeleted} />
    </TestProviders>,
  );
  return { user: userEvent.setup(), onDeleted };
};

describe('DeleteConfirmDialog with useDeleteConfirmation', () => {
  it('asks about the very row, and Cancel deletes nothing', async () => {
    const remove = vi.fn(async () => {});
    const { user, onDeleted } = renderSites(remove);
    const table = screen.getByRole('table', { name: 'Sites' });
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Gračanica Monastery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete site' });
    expect(dialog).toHaveAccessibleDescription('Gračanica Monastery will be removed.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("keeps the dialog open with the server's reason, and the next question starts without it", async () => {
    const remove = vi
      .fn<(id: number) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError({ message: 'The site has assets', status: 409 }))
      .mockResolvedValueOnce();
    const { user, onDeleted } = renderSites(remove);

    await user.click(screen.getByRole('button', { name: 'Delete Hamam of Prizren' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete site' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('The site has assets')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith(1, expect.anything());

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete Gračanica Monastery' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete site' });
    expect(within(dialog).queryByText('The site has assets')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).toHaveBeenLastCalledWith(2, expect.anything());
    expect(onDeleted).toHaveBeenCalledWith(SITES[1]);
  });
});
