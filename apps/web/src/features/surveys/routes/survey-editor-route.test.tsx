import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewQuestionOption, QuestionInput } from '@trashegimia/contract/questions';
import { Link, Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/shared/testing/data-factories';
import { renderRoutes } from '@/shared/testing/test-utils';
import { createFakeSurveyBackend } from '../testing/fake-survey-fetch';
import { SurveyEditorRoute } from './survey-editor-route';

type Backend = ReturnType<typeof createFakeSurveyBackend>;

/** Stores questions (and their options) on the fake server, as a previous save would have. */
const seedQuestions = async (
  backend: Backend,
  surveyId: number,
  questions: (Omit<QuestionInput, 'tempId'> & { tempId: string; options?: (string | NewQuestionOption)[] })[],
) => {
  const { mappings } = await backend.server.api.upsertQuestions(surveyId, {
    questions: questions.map(({ options: _options, ...question }) => question),
  });
  for (const question of questions) {
    if (!question.options?.length) continue;
    const id = mappings.find((mapping) => mapping.tempId === question.tempId)!.id;
    await backend.server.api.createOptions(id, {
      items: question.options.map((option, index) => ({
        ...(typeof option === 'string' ? { value: option, descriptionEn: option } : option),
        optionOrder: index + 1,
      })),
    });
  }
  return new Map(mappings.map((mapping) => [mapping.tempId, mapping.id]));
};

/** The site header's links lead out of the editor as Back does. */
const HeaderAndPage = () => (
  <>
    <nav>
      <Link to="/admin/surveys">All surveys</Link>
    </nav>
    <Outlet />
  </>
);

const setup = async ({
  path,
  prepare,
}: { path?: string; prepare?: (backend: Backend, surveyId: number) => Promise<void> } = {}) => {
  signInAs('admin');
  const backend = createFakeSurveyBackend();
  const survey = backend.server.addSurvey({ descriptionXk: 'Anketa e monumenteve', descriptionEn: 'Monuments survey' });
  await prepare?.(backend, survey.id);
  vi.stubGlobal('fetch', vi.fn(backend.fetchMock));
  const view = await renderRoutes(
    [
      {
        element: <HeaderAndPage />,
        children: [
          { path: '/admin/surveys', element: <h1>Survey list</h1> },
          { path: '/admin/surveys/new', element: <SurveyEditorRoute /> },
          { path: '/admin/surveys/:id', element: <SurveyEditorRoute /> },
        ],
      },
    ],
    { initialPath: path ?? `/admin/surveys/${survey.id}` },
  );
  return { ...view, backend, surveyId: survey.id, user: userEvent.setup() };
};

const MORE_FOR_OPTION_1 = 'More for option 1: skip logic, disclaimer, condition, other';

const card = (nr: string) => screen.getByRole('article', { name: new RegExp(`^Question ${nr.replace('.', '\\.')}:`) });
const save = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: /Saved successfully|Save failed/ });
};

describe('survey editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates a trilingual survey behind a blocking overlay, then OK opens it', async () => {
    const { user, backend, router } = await setup({ path: '/admin/surveys/new' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Survey' })).toBeInTheDocument();
    expect(screen.getByText('Questions can be added once the survey is saved.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Short description' }), 'Kalatë');
    await user.type(screen.getByRole('textbox', { name: 'Long description' }), 'Kalatë e Kosovës');
    // Keyboard: arrows move between the language tabs.
    await user.click(screen.getByRole('tab', { name: 'XK (Shqip)' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'EN (English)' })).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByRole('textbox', { name: 'Short description' }), 'Castles');
    await user.click(screen.getByRole('tab', { name: 'SR (Srpski)' }));
    await user.type(screen.getByRole('textbox', { name: 'Short description' }), 'Tvrđave');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Passive');

    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') await gate;
        return backend.fetchMock(input, init);
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Saving...');
    act(() => release());

    const dialog = await screen.findByRole('dialog', { name: 'Saved successfully' });
    const [created] = backend.server.listSurveys();
    expect(created).toMatchObject({
      descriptionXk: 'Kalatë',
      longDescriptionXk: 'Kalatë e Kosovës',
      descriptionEn: 'Castles',
      descriptionSr: 'Tvrđave',
      surveyState: 0,
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/surveys/${created!.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Survey' })).toBeInTheDocument();
    expect(screen.getByText('Created by')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manage Questions' })).toBeInTheDocument();
  });

  it('builds a chapter with two questions and a conditional option, reorders them, and saves it all', async () => {
    const { user, backend, surveyId } = await setup();
    await screen.findByRole('heading', { name: 'Manage Questions' });

    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    expect(screen.getByRole('textbox', { name: 'Title (XK)' })).toHaveFocus();
    await user.keyboard('Kapitulli i parë');
    for (const field of ['Identifier', 'Min', 'Max', 'Option source']) {
      expect(within(card('1')).getByLabelText(field)).toBeDisabled();
    }

    await user.click(screen.getByRole('button', { name: 'Add a sub-question under 1' }));
    await user.keyboard('A ka çati?');
    await user.selectOptions(within(card('1.1')).getByRole('combobox', { name: 'Question type' }), 'Single choice');
    const firstOptions = within(card('1.1'));
    await user.type(firstOptions.getByRole('textbox', { name: 'Value, option 1' }), 'Po');
    await user.click(firstOptions.getByRole('button', { name: 'Add option' }));
    expect(firstOptions.getByRole('textbox', { name: 'Value, option 2' })).toHaveFocus();
    await user.keyboard('Jo');

    await user.click(screen.getByRole('button', { name: 'Add a sub-question under 1' }));
    await user.keyboard('Gjendja e çatisë');
    const second = within(card('1.2'));
    await user.type(second.getByRole('textbox', { name: 'Value, option 1' }), 'E dëmtuar');
    await user.click(second.getByRole('button', { name: MORE_FOR_OPTION_1 }));
    await user.selectOptions(second.getByRole('combobox', { name: 'Shown only when question' }), '1.1 A ka çati?');
    const value = second.getByRole('combobox', { name: 'has the value' });
    expect(
      within(value)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a value', 'Po', 'Jo']);
    await user.selectOptions(value, 'Po');

    // Move the second question up, from the keyboard; focus stays on the button that moved it.
    const moveUp = screen.getByRole('button', { name: 'Move question 1.2 up' });
    moveUp.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move question 1.1 down' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Move question 1.1 up' })).toBeDisabled();

    const dialog = await save(user);
    expect(dialog).toHaveAccessibleName('Saved successfully');

    const [chapter] = backend.server.tree(surveyId).items;
    expect(chapter).toMatchObject({ questionNr: '1', questionCategory: 'CHAPTER', titleXk: 'Kapitulli i parë' });
    const [condition, roof] = chapter!.children;
    expect(condition).toMatchObject({ questionNr: '1.1', titleXk: 'Gjendja e çatisë', questionType: 'TEXT' });
    expect(roof).toMatchObject({ questionNr: '1.2', titleXk: 'A ka çati?', questionType: 'SINGLE_CHOICE' });
    expect(roof!.options.map((option) => option.value)).toEqual(['Po', 'Jo']);
    expect(condition!.options[0]).toMatchObject({
      value: 'E dëmtuar',
      conditionalParentQuestionId: roof!.id,
      conditionalParentQuestionValue: 'Po',
    });
  });

  it('makes a required number question with hints in three languages and numeric bounds, and saves it', async () => {
    const { user, backend, surveyId } = await setup();
    await screen.findByRole('heading', { name: 'Manage Questions' });
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.keyboard('Numri i kateve');
    const question = within(card('1'));
    await user.selectOptions(question.getByRole('combobox', { name: 'Question type' }), 'Number');
    // A number is typed, never chosen: no options and no borrowed ones.
    expect(question.queryByRole('button', { name: 'Add option' })).not.toBeInTheDocument();
    expect(question.getByRole('combobox', { name: 'Option source' })).toBeDisabled();

    await user.type(question.getByRole('textbox', { name: 'Minimum' }), 'one');
    expect(question.getByRole('textbox', { name: 'Minimum' })).toHaveAccessibleDescription(
      'Not a number, so it does not bound the answer.',
    );
    await user.clear(question.getByRole('textbox', { name: 'Minimum' }));
    await user.type(question.getByRole('textbox', { name: 'Minimum' }), '1');
    await user.type(question.getByRole('textbox', { name: 'Maximum' }), '12');
    await user.click(question.getByRole('checkbox', { name: 'Required' }));
    await user.type(question.getByRole('textbox', { name: 'Hint (XK)' }), 'Pa bodrumin');
    await user.click(question.getByRole('tab', { name: 'EN (English)' }));
    await user.type(question.getByRole('textbox', { name: 'Title (EN)' }), 'Number of floors');
    await user.type(question.getByRole('textbox', { name: 'Hint (EN)' }), 'Without the cellar');
    expect(screen.getByRole('button', { name: /Number · required/ })).toBeInTheDocument();

    expect(await save(user)).toHaveAccessibleName('Saved successfully');
    const [saved] = backend.server.tree(surveyId).items;
    expect(saved).toMatchObject({
      questionType: 'NUMBER',
      required: true,
      titleXk: 'Numri i kateve',
      titleEn: 'Number of floors',
      hintXk: 'Pa bodrumin',
      hintEn: 'Without the cellar',
      hintSr: null,
      limMin: '1',
      limMax: '12',
    });
    expect(saved!.options.map((option) => option.value)).toEqual(['']);
  });

  it('gives a date question no limits, and a chapter no required flag', async () => {
    const { user } = await setup();
    await screen.findByRole('heading', { name: 'Manage Questions' });
    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    expect(within(card('1')).getByRole('checkbox', { name: 'Required' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add a sub-question under 1' }));
    const question = within(card('1.1'));
    await user.type(question.getByRole('textbox', { name: 'Min' }), '5');
    await user.selectOptions(question.getByRole('combobox', { name: 'Question type' }), 'Date');
    expect(question.getByRole('textbox', { name: 'Min' })).toBeDisabled();
    expect(question.getByRole('textbox', { name: 'Min' })).toHaveValue('');
    expect(question.queryByRole('button', { name: 'Add option' })).not.toBeInTheDocument();
  });

  it("shows 'Save failed' with the server's message, and the next Save finishes without duplicates", async () => {
    const { user, backend, surveyId } = await setup();
    await screen.findByRole('heading', { name: 'Manage Questions' });
    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    await user.keyboard('Kapitulli');
    await user.click(screen.getByRole('button', { name: 'Add a sub-question under 1' }));
    await user.keyboard('Emri');
    // The chapter is saved in the first round; the second round fails.
    const upsertPath = `/api/surveys/${surveyId}/questions`;
    const upserts = () => backend.calls('POST', upsertPath).length;
    const realFetch = backend.fetchMock;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === upsertPath && upserts() === 1) {
          backend.failNext('POST', upsertPath, 409, 'Number 1.1 is already used by another question');
        }
        return realFetch(input, init);
      }),
    );

    const failed = await save(user);
    expect(failed).toHaveAccessibleName('Save failed');
    expect(within(failed).getByRole('alert')).toHaveTextContent('Number 1.1 is already used by another question');
    await user.click(within(failed).getByRole('button', { name: 'OK' }));
    expect(backend.server.questionCount(surveyId)).toBe(1);

    expect(await save(user)).toHaveAccessibleName('Saved successfully');
    expect(backend.server.questionCount(surveyId)).toBe(2);
    expect(backend.server.tree(surveyId).items[0]!.children.map((child) => child.titleXk)).toEqual(['Emri']);
  });

  it('deletes a saved question with its sub-questions after confirmation', async () => {
    const { user, backend, surveyId } = await setup({
      prepare: async (backend, surveyId) => {
        const ids = await seedQuestions(backend, surveyId, [
          { tempId: 'c', questionNr: '1', questionCategory: 'CHAPTER', titleXk: 'Kapitulli' },
        ]);
        await seedQuestions(backend, surveyId, [
          {
            tempId: 'q',
            questionNr: '1.1',
            questionParentId: ids.get('c'),
            questionCategory: 'PARENT',
            questionType: 'TEXT',
            titleXk: 'Emri',
            options: [''],
          },
        ]);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete question 1?' });
    expect(dialog).toHaveTextContent('sub-questions (1)');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(/No questions yet/)).toBeInTheDocument();
    expect(backend.calls('DELETE', new RegExp(`^/api/surveys/${surveyId}/questions/\\d+$`))).toHaveLength(1);
    expect(backend.server.questionCount(surveyId)).toBe(0);
  });

  it('shows 100 options first, then 200 more per load more', async () => {
    const values = Array.from({ length: 350 }, (_, index) => `Vlera ${index + 1}`);
    const { user } = await setup({
      prepare: async (backend, surveyId) => {
        await seedQuestions(backend, surveyId, [
          {
            tempId: 'q',
            questionNr: '1',
            questionCategory: 'PARENT',
            questionType: 'DROPDOWN',
            titleXk: 'Komuna',
            options: values,
          },
        ]);
      },
    });
    await user.click(await screen.findByRole('button', { name: /Komuna/ }));
    // Role and label queries over hundreds of fields take minutes in jsdom; the values shown are enough here.
    const question = within(card('1'));
    // Rows arrive a few a frame, and jsdom draws slowly: 200 of them take seconds here, and over
    // 20 s while the whole suite loads two cores.
    const shows = (count: number) =>
      waitFor(
        () => {
          expect(question.getByDisplayValue(`Vlera ${count}`)).toBeInTheDocument();
          expect(question.queryByDisplayValue(`Vlera ${count + 1}`)).not.toBeInTheDocument();
        },
        { timeout: 45_000 },
      );
    await shows(100);
    expect(question.getByText('Showing 100 of 350')).toBeInTheDocument();

    await user.click(question.getByText('Load more (200)'));
    await shows(300);
    await user.click(question.getByText('Load more (50)'));
    await shows(350);
    expect(question.queryByText(/Load more/)).not.toBeInTheDocument();
  }, 150_000);

  it('filters the options by value or label', async () => {
    const values = Array.from({ length: 30 }, (_, index) => `Vlera ${index + 1}`);
    const { user } = await setup({
      prepare: async (backend, surveyId) => {
        await seedQuestions(backend, surveyId, [
          {
            tempId: 'q',
            questionNr: '1',
            questionCategory: 'PARENT',
            questionType: 'DROPDOWN',
            titleXk: 'Komuna',
            options: values,
          },
        ]);
      },
    });
    await user.click(await screen.findByRole('button', { name: /Komuna/ }));
    const question = within(card('1'));
    await user.type(question.getByRole('searchbox', { name: 'Filter options' }), 'Vlera 2');

    // Vlera 2 and Vlera 20 to 29, drawn a few rows a frame.
    await waitFor(() => expect(question.getAllByRole('textbox', { name: /^Value, option \d+$/ })).toHaveLength(11));
    await user.clear(question.getByRole('searchbox', { name: 'Filter options' }));
    await user.type(question.getByRole('searchbox', { name: 'Filter options' }), 'nothing like it');
    expect(question.getByText('No option matches the filter.')).toBeInTheDocument();
  });

  it('asks before deleting an option, saying it is irreversible, and keeps the last one', async () => {
    const { user, backend } = await setup({
      prepare: async (backend, surveyId) => {
        await seedQuestions(backend, surveyId, [
          {
            tempId: 'q',
            questionNr: '1',
            questionCategory: 'PARENT',
            questionType: 'SINGLE_CHOICE',
            titleXk: 'Çati',
            options: ['Po', 'Jo'],
          },
        ]);
      },
    });
    await user.click(await screen.findByRole('button', { name: /Çati/ }));
    await user.click(screen.getByRole('button', { name: 'Delete option Jo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete option?' });
    expect(dialog).toHaveTextContent('Deleting an option is irreversible');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete option Jo' })).not.toBeInTheDocument());
    expect(backend.calls('DELETE', /^\/api\/questions\/\d+\/options\/\d+$/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Delete option Po' })).toBeDisabled();
  });

  it('offers the parent answer as free text when the parent is not a choice question', async () => {
    const { user } = await setup({
      prepare: async (backend, surveyId) => {
        await seedQuestions(backend, surveyId, [
          {
            tempId: 'a',
            questionNr: '1',
            questionCategory: 'PARENT',
            questionType: 'TEXT',
            titleXk: 'Emri',
            options: [''],
          },
          {
            tempId: 'b',
            questionNr: '2',
            questionCategory: 'PARENT',
            questionType: 'TEXT',
            titleXk: 'Shënime',
            options: [''],
          },
        ]);
      },
    });
    await user.click(await screen.findByRole('button', { name: /Shënime/ }));
    const question = within(card('2'));
    await user.click(question.getByRole('button', { name: MORE_FOR_OPTION_1 }));
    await user.selectOptions(question.getByRole('combobox', { name: 'Shown only when question' }), '1 Emri');
    expect(question.getByRole('textbox', { name: 'has the value' })).toBeEnabled();
  });

  it("imports a ticked library question; 'Ready to import' waits for a tick", async () => {
    const { user, backend, surveyId } = await setup({
      prepare: async (backend) => {
        backend.addLibraryQuestion('Materiali i ndërtimit', ['Gur', 'Dru']);
        backend.addLibraryQuestion('Viti i ndërtimit');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Import from Library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import from Library' });
    const ready = within(dialog).getByRole('button', { name: 'Ready to import' });
    expect(ready).toBeDisabled();
    await user.click(await within(dialog).findByRole('checkbox', { name: /Materiali i ndërtimit/ }));
    expect(within(dialog).getByText('Single choice · Options: 2')).toBeInTheDocument();
    expect(ready).toBeEnabled();
    await user.click(ready);

    expect(await screen.findByRole('article', { name: 'Question 1: Materiali i ndërtimit' })).toBeInTheDocument();
    expect(backend.calls('POST', `/api/surveys/${surveyId}/questions/import`)[0]?.body).toEqual({
      libraryIds: [backend.library[0]!.id],
      questionParentId: null,
    });
  });

  it('manages question groups: the Albanian title is required', async () => {
    const { user, backend } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Question groups' }));
    const dialog = await screen.findByRole('dialog', { name: 'Question groups' });
    expect(await within(dialog).findByText('No question groups yet.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Title (EN)' }), 'Roof');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByText('The title in Albanian (XK) is required.')).toBeInTheDocument();
    expect(backend.calls('POST', '/api/question-groups')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title (XK)' }), 'Çatia');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByRole('button', { name: 'Edit group Çatia' })).toBeInTheDocument();
    expect(backend.groups[0]).toMatchObject({ titleXk: 'Çatia', titleEn: 'Roof' });
  });

  it('asks before Back, a header link or the browser back button would throw away unsaved edits', async () => {
    const { user, router, surveyId } = await setup({ path: '/admin/surveys' });
    await act(() => router.navigate(`/admin/surveys/${surveyId}`));
    const description = await screen.findByRole('textbox', { name: 'Short description' });
    await user.type(description, ' e re');
    const keepEditing = async () => {
      const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
      await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
      expect(router.state.location.pathname).toBe(`/admin/surveys/${surveyId}`);
      expect(description).toHaveValue('Anketa e monumenteve e re');
    };

    await user.click(screen.getByRole('link', { name: '← Back' }));
    await keepEditing();
    await user.click(screen.getByRole('link', { name: 'All surveys' }));
    await keepEditing();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await keepEditing();

    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { name: 'Survey list' })).toBeInTheDocument();
  });

  it('asks the browser to confirm closing the tab only while there are unsaved edits', async () => {
    const { user } = await setup();
    const description = await screen.findByRole('textbox', { name: 'Short description' });
    const closingIsQuestioned = () => {
      const closing = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(closing);
      return closing.defaultPrevented;
    };
    expect(closingIsQuestioned()).toBe(false);

    await user.type(description, ' e re');
    expect(closingIsQuestioned()).toBe(true);

    await user.click(within(await save(user)).getByRole('button', { name: 'OK' }));
    expect(closingIsQuestioned()).toBe(false);
  });

  it('leaves an untouched new survey without asking, and a saved one too', async () => {
    const { user, router } = await setup({ path: '/admin/surveys/new' });
    await screen.findByRole('heading', { level: 1, name: 'Create Survey' });
    await user.click(screen.getByRole('link', { name: '← Back' }));
    expect(await screen.findByRole('heading', { name: 'Survey list' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(() => router.navigate('/admin/surveys/new'));
    await user.type(await screen.findByRole('textbox', { name: 'Short description' }), 'Kalatë');
    await user.click(within(await save(user)).getByRole('button', { name: 'OK' }));
    await screen.findByRole('heading', { level: 1, name: 'Edit Survey' });
    await user.click(screen.getByRole('link', { name: 'All surveys' }));
    expect(await screen.findByRole('heading', { name: 'Survey list' })).toBeInTheDocument();
  });

  it('deleting question 2 renumbers 3 as 2, moves skip logic with it, and lists the skip it cleared until it is set again', async () => {
    const { user, backend, surveyId } = await setup({
      prepare: async (backend, surveyId) => {
        const ids = await seedQuestions(backend, surveyId, [
          {
            tempId: 'roof',
            questionNr: '1',
            questionCategory: 'PARENT',
            questionType: 'SINGLE_CHOICE',
            titleXk: 'A ka çati?',
            options: [
              { value: 'Po', validateType: 'NEXT_QUESTION', toQuestionNr: '2.1' },
              { value: 'Jo', validateType: 'NEXT_QUESTION', toQuestionNr: '3' },
            ],
          },
          { tempId: 'chapter', questionNr: '2', questionCategory: 'CHAPTER', titleXk: 'Çatia' },
          { tempId: 'notes', questionNr: '3', questionCategory: 'PARENT', questionType: 'TEXT', titleXk: 'Shënime' },
        ]);
        await seedQuestions(backend, surveyId, [
          {
            tempId: 'material',
            questionNr: '2.1',
            questionParentId: ids.get('chapter'),
            questionCategory: 'PARENT',
            questionType: 'TEXT',
            titleXk: 'Materiali',
          },
        ]);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete question 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete question 2?' });
    expect(dialog).toHaveTextContent('The questions after it move up one number.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('article', { name: 'Question 2: Shënime' })).toBeInTheDocument();
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent('Deleting questions cleared these links.');
    expect(warning).toHaveTextContent('Question 1, option “Po”: skipped to question 2.1, which was deleted.');

    await user.click(screen.getByRole('button', { name: /A ka çati\?/ }));
    const roof = within(card('1'));
    expect(roof.getByText('Skip target missing')).toBeInTheDocument();
    expect(roof.getByText('→ 2')).toBeInTheDocument();
    await user.click(roof.getByRole('button', { name: MORE_FOR_OPTION_1 }));
    await user.selectOptions(roof.getByRole('combobox', { name: 'To question' }), '2 Shënime');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    expect(await save(user)).toHaveAccessibleName('Saved successfully');
    const saved = backend.server.tree(surveyId).items;
    expect(saved.map((node) => [node.questionNr, node.titleXk])).toEqual([
      ['1', 'A ka çati?'],
      ['2', 'Shënime'],
    ]);
    expect(saved[0]!.options.map((option) => option.toQuestionNr)).toEqual(['2', '2']);
  });

  it('moves a question into a chapter and back to the top level from the keyboard, with its options', async () => {
    const { user, backend, surveyId } = await setup({
      prepare: async (backend, surveyId) => {
        const ids = await seedQuestions(backend, surveyId, [
          { tempId: 'chapter', questionNr: '1', questionCategory: 'CHAPTER', titleXk: 'Çatia' },
          {
            tempId: 'roof',
            questionNr: '2',
            questionCategory: 'PARENT',
            questionType: 'SINGLE_CHOICE',
            titleXk: 'A ka çati?',
            options: ['Po', 'Jo'],
          },
        ]);
        await seedQuestions(backend, surveyId, [
          {
            tempId: 'material',
            questionNr: '1.1',
            questionParentId: ids.get('chapter'),
            questionCategory: 'PARENT',
            questionType: 'TEXT',
            titleXk: 'Materiali',
          },
        ]);
      },
    });
    const move = await screen.findByRole('button', { name: 'Move question 2 to…' });
    move.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Into 1 Çatia' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(within(card('1.2')).getByRole('button', { name: /A ka çati\?/ })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(within(card('1.2')).getByRole('textbox', { name: 'Value, option 2' })).toHaveValue('Jo');
    const saved = await save(user);
    expect(saved).toHaveAccessibleName('Saved successfully');
    await user.click(within(saved).getByRole('button', { name: 'OK' }));
    const [chapter] = backend.server.tree(surveyId).items;
    expect(chapter!.children.map((child) => [child.questionNr, child.titleXk, child.options.length])).toEqual([
      ['1.1', 'Materiali', 0],
      ['1.2', 'A ka çati?', 2],
    ]);

    await user.click(screen.getByRole('button', { name: 'Move question 1.2 to…' }));
    await user.click(screen.getByRole('button', { name: 'To the top level' }));
    expect(await screen.findByRole('article', { name: 'Question 2: A ka çati?' })).toBeInTheDocument();
  });

  it('pastes spreadsheet rows as options after the question’s own, and shows each label in its language tab', async () => {
    const { user, backend, surveyId } = await setup({
      prepare: async (backend, surveyId) => {
        await seedQuestions(backend, surveyId, [
          {
            tempId: 'material',
            questionNr: '1',
            questionCategory: 'PARENT',
            questionType: 'DROPDOWN',
            titleXk: 'Materiali',
            options: ['Dru'],
          },
        ]);
      },
    });
    await user.click(await screen.findByRole('button', { name: /Materiali/ }));
    const question = within(card('1'));
    await user.click(question.getByRole('button', { name: 'Paste options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paste options' });
    const add = within(dialog).getByRole('button', { name: 'Add options' });
    expect(add).toBeDisabled();
    await user.click(within(dialog).getByRole('textbox', { name: 'Options to add' }));
    await user.paste('gur\tGur\tStone\tKamen\r\ntulle\tTullë\tBrick\tCigla\r\n\r\nqerpic\tQerpiç\r\n');
    expect(await within(dialog).findByText('Options to add: 3')).toBeInTheDocument();
    await user.click(add);

    expect(await screen.findByText('Options added: 3')).toBeInTheDocument();
    expect(question.getByRole('textbox', { name: 'Value, option 4' })).toHaveValue('qerpic');
    expect(question.getByRole('textbox', { name: 'Label (XK), option 2' })).toHaveValue('Gur');
    const labelLanguage = within(question.getByRole('tablist', { name: 'Language of the option labels, question 1' }));
    await user.click(labelLanguage.getByRole('tab', { name: 'EN (English)' }));
    expect(question.getByRole('textbox', { name: 'Label (EN), option 3' })).toHaveValue('Brick');
    await user.type(question.getByRole('textbox', { name: 'Label (EN), option 4' }), 'Adobe');

    expect(await save(user)).toHaveAccessibleName('Saved successfully');
    const options = backend.server.tree(surveyId).items[0]!.options;
    expect(options.map((option) => [option.value, option.descriptionXk, option.descriptionEn])).toEqual([
      ['Dru', null, 'Dru'],
      ['gur', 'Gur', 'Stone'],
      ['tulle', 'Tullë', 'Brick'],
      ['qerpic', 'Qerpiç', 'Adobe'],
    ]);
  });
});
