import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SurveyEditorRoute } from '@/features/surveys/routes/survey-editor-route';
import { createFakeSurveyBackend } from '@/features/surveys/testing/fake-survey-fetch';
import { signInAs } from '@/shared/testing/data-factories';
import { renderRoutes } from '@/shared/testing/test-utils';
import { SurveyPreviewProvider } from './survey-preview-provider';

/** Every draft, photo and outbox entry of the collector goes through this: a preview must never open it. */
const openDeviceStorage = vi.fn();

beforeEach(() => vi.stubGlobal('indexedDB', { open: openDeviceStorage }));
afterEach(() => {
  vi.unstubAllGlobals();
  openDeviceStorage.mockClear();
});

/** The editor of a saved survey whose one question, 1, must be answered. */
const openEditor = async () => {
  signInAs('admin');
  const backend = createFakeSurveyBackend();
  const survey = backend.server.addSurvey({ descriptionXk: 'Anketa e monumenteve', descriptionEn: 'Monuments survey' });
  await backend.server.api.upsertQuestions(survey.id, {
    questions: [
      {
        tempId: 'name',
        questionNr: '1',
        questionCategory: 'PARENT',
        questionType: 'TEXT',
        titleXk: 'Emri',
        titleEn: 'Name',
        titleSr: 'Ime',
        required: true,
      },
    ],
  });
  vi.stubGlobal('fetch', vi.fn(backend.fetchMock));
  await renderRoutes(
    [
      {
        path: '/admin/surveys/:id',
        element: (
          <SurveyPreviewProvider>
            <SurveyEditorRoute />
          </SurveyPreviewProvider>
        ),
      },
    ],
    { initialPath: `/admin/surveys/${survey.id}` },
  );
  await screen.findByRole('heading', { name: 'Manage Questions' });
  return { backend, user: userEvent.setup() };
};

describe('survey preview', () => {
  it("shows the editor's unsaved questions in the collector's form, in the language chosen there, sending and storing nothing", async () => {
    const { backend, user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.keyboard('Numri i kateve');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Survey preview' });
    expect(await within(dialog).findByRole('heading', { level: 1, name: 'Monuments survey' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '1. Name' })).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Language of the survey' }), 'Srpski');
    const name = within(dialog).getByRole('textbox', { name: '1. Ime' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Answer this question.'));
    await user.type(name, 'Kulla e Jasharëve');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    // Not saved yet, and without a Serbian title: shown in Albanian, as the collector would see it.
    expect(await within(dialog).findByRole('textbox', { name: '2. Numri i kateve' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(openDeviceStorage).not.toHaveBeenCalled();
  });

  it('closes with Escape and gives focus back to Preview', async () => {
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Survey preview' });
    await within(dialog).findByRole('textbox', { name: '1. Name' });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveFocus();
  });
});
