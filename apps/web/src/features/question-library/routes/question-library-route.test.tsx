import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/shared/testing/data-factories';
import { createFakeLibraryBackend } from '@/shared/testing/fake-question-library';
import { renderRoutes } from '@/shared/testing/test-utils';
import { QuestionLibraryRoute } from './question-library-route';

const setup = async (prepare?: (backend: ReturnType<typeof createFakeLibraryBackend>) => void) => {
  signInAs('admin');
  const backend = createFakeLibraryBackend();
  prepare?.(backend);
  vi.stubGlobal('fetch', vi.fn(backend.fetchMock));
  const view = await renderRoutes([{ path: '/admin/questions/library', element: <QuestionLibraryRoute /> }], {
    initialPath: '/admin/questions/library',
  });
  return { ...view, backend, user: userEvent.setup() };
};

describe('question library', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each question with its title, type and option count, and searches by title', async () => {
    const { user, backend } = await setup((backend) => {
      backend.addLibraryQuestion('Materiali i ndërtimit', ['Gur', 'Dru', 'Tullë']);
      backend.addLibraryQuestion('Viti i ndërtimit');
    });
    const row = (await screen.findByRole('rowheader', { name: 'Materiali i ndërtimit' })).closest('tr')!;
    expect(within(row).getByText('Single choice')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'viti{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Materiali i ndërtimit' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('rowheader', { name: 'Viti i ndërtimit' })).toBeInTheDocument();
    expect(backend.calls('GET', '/api/question-library').at(-1)?.url.searchParams.get('q')).toBe('viti');
  });

  it("saves nothing without an Albanian title, and names new options 'Option n'", async () => {
    const { user, backend } = await setup();
    expect(await screen.findByText('The question library is empty.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New question' }));
    const dialog = await screen.findByRole('dialog', { name: 'New library question' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Title (XK)' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the title in Albanian (XK) to save.');
    expect(backend.calls('POST', '/api/question-library')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title (XK)' }), 'Gjendja e objektit');
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    expect(
      within(dialog)
        .getAllByRole('textbox', { name: 'Value' })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Option 1', 'Option 2']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.calls('POST', '/api/question-library')[0]?.body).toMatchObject({
      titleXk: 'Gjendja e objektit',
      questionType: 'SINGLE_CHOICE',
      options: [{ value: 'Option 1' }, { value: 'Option 2' }],
    });
    expect(await screen.findByRole('rowheader', { name: 'Gjendja e objektit' })).toBeInTheDocument();
  });

  it('edits a question, sending its options as the new list', async () => {
    const { user, backend } = await setup((backend) => backend.addLibraryQuestion('Çatia', ['Po', 'Jo']));
    await user.click(await screen.findByRole('button', { name: 'Edit Çatia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit library question' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove option Jo' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title (EN)' }), 'Roof');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.calls('PATCH', `/api/question-library/${backend.library[0]!.id}`)[0]?.body).toMatchObject({
      titleXk: 'Çatia',
      titleEn: 'Roof',
      options: [{ value: 'Po' }],
    });
  });

  it('removes a question from the library after confirmation', async () => {
    const { user, backend } = await setup((backend) => backend.addLibraryQuestion('Çatia'));
    await user.click(await screen.findByRole('button', { name: 'Delete Çatia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the library?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('The question library is empty.')).toBeInTheDocument();
    expect(backend.library).toHaveLength(0);
  });
});
