import { useCallback, useId, useMemo, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useToast } from '@/shared/ui/use-toast';
import { useDeleteQuestionOption } from '../api/delete-question-option';
import { useDeleteSurveyQuestion } from '../api/delete-survey-question';
import { useQuestionGroups } from '../api/get-question-groups';
import type { DraftAction } from '../lib/draft-reducer';
import { addQuestion, childrenByParent, subtreeKeys } from '../lib/question-tree';
import type { ClearedReference, DraftQuestion } from '../lib/survey-draft';
import { BuilderContext, type BuilderContextValue } from './builder-context';
import { ClearedReferences } from './cleared-references';
import { ImportLibraryModal } from './import-library-modal';
import { QuestionCard } from './question-card';
import { QuestionGroupManager } from './question-group-manager';

type PendingDelete =
  | { kind: 'question'; question: DraftQuestion; below: number }
  | { kind: 'option'; questionKey: string; optionKey: string };

type QuestionBuilderProps = {
  surveyId: number;
  questions: DraftQuestion[];
  clearedReferences: ClearedReference[];
  dispatch: Dispatch<DraftAction>;
};

/**
 * 'Manage Questions' (spec §2): the numbered question cards, adding questions and chapters,
 * 'Import from Library', and the question groups. Deleting asks first; a saved question or option
 * is deleted on the server at once, an unsaved one just leaves the page. The renumbering a deleted
 * question leaves behind is saved with the next Save.
 */
export const QuestionBuilder = ({ surveyId, questions, clearedReferences, dispatch }: QuestionBuilderProps) => {
  const { t } = useTranslation('surveys');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const headingId = useId();
  const groups = useQuestionGroups();
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [groupsOpen, setGroupsOpen] = useState(false);
  const questionDeletion = useDeleteSurveyQuestion();
  const optionDeletion = useDeleteQuestionOption();
  const tree = useMemo(() => childrenByParent(questions), [questions]);
  const topLevel = tree.get('') ?? [];
  const resetOptionDeletion = optionDeletion.reset;
  const handleDeleteOption = useCallback(
    (questionKey: string, optionKey: string) => {
      resetOptionDeletion();
      setPendingDelete({ kind: 'option', questionKey, optionKey });
    },
    [resetOptionDeletion],
  );

  const context = useMemo<BuilderContextValue>(
    () => ({
      surveyId,
      questions,
      tree,
      groups: groups.data?.items ?? [],
      dispatch,
      focusKey,
      setFocusKey,
      onAddQuestion: (parentKey, category = 'PARENT') => {
        const { added } = addQuestion(questions, parentKey, category);
        dispatch({ type: 'questionAdded', question: added });
        setFocusKey(added.key);
      },
      onDeleteQuestion: (question) => {
        questionDeletion.reset();
        setPendingDelete({ kind: 'question', question, below: subtreeKeys(questions, question.key).length - 1 });
      },
      onDeleteOption: handleDeleteOption,
    }),
    [surveyId, questions, tree, groups.data, dispatch, focusKey, questionDeletion, handleDeleteOption],
  );

  const closeDelete = () => setPendingDelete(null);

  const handleConfirmDelete = () => {
    if (pendingDelete?.kind === 'question') {
      const { question } = pendingDelete;
      const removed = () => {
        dispatch({ type: 'questionRemoved', key: question.key });
        showToast({ message: t('builder.deleted', { nr: question.questionNr }), tone: 'success' });
        closeDelete();
      };
      if (question.id === null) removed();
      else questionDeletion.mutate({ surveyId, questionId: question.id }, { onSuccess: removed });
    }
    if (pendingDelete?.kind === 'option') {
      const target = { questionKey: pendingDelete.questionKey, optionKey: pendingDelete.optionKey };
      const question = questions.find((candidate) => candidate.key === target.questionKey);
      const option = question?.options.find((candidate) => candidate.key === target.optionKey);
      if (!question || !option || option.id === null) {
        dispatch({ type: 'optionRemoved', ...target });
        closeDelete();
        return;
      }
      optionDeletion.mutate(
        { questionId: question.id!, optionId: option.id },
        {
          onSuccess: () => dispatch({ type: 'optionRemoved', ...target }),
          // Spec §4: when the server would not delete it, the option is marked deleted here.
          onError: (error) => {
            dispatch({ type: 'optionMarkedDeleted', ...target });
            showToast({ message: errorText(error, t('options.deleteFailed')), tone: 'error' });
          },
          onSettled: closeDelete,
        },
      );
    }
  };

  const deletingQuestion = pendingDelete?.kind === 'question' ? pendingDelete : null;

  return (
    <BuilderContext value={context}>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="font-serif text-2xl font-semibold text-stone-900">
            {t('builder.title')}
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setGroupsOpen(true)}>
              {t('builder.manageGroups')}
            </Button>
            <Button variant="secondary" onClick={() => setImportOpen(true)}>
              {t('builder.importFromLibrary')}
            </Button>
          </div>
        </div>
        {groups.isError && <Alert>{errorText(groups.error, t('builder.groupsFailed'))}</Alert>}
        <ClearedReferences references={clearedReferences} questions={questions} />

        {topLevel.length === 0 ? (
          <p className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-stone-600">
            {t('builder.empty')}
          </p>
        ) : (
          <ol aria-label={t('builder.listLabel')} className="flex flex-col gap-3">
            {topLevel.map((question, index) => (
              <QuestionCard
                key={question.key}
                question={question}
                isFirst={index === 0}
                isLast={index === topLevel.length - 1}
              />
            ))}
          </ol>
        )}

        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => context.onAddQuestion(null)}>
            {t('builder.addQuestion')}
          </Button>
          <Button variant="secondary" onClick={() => context.onAddQuestion(null, 'CHAPTER')}>
            {t('builder.addChapter')}
          </Button>
        </div>
      </section>

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => !open && closeDelete()}
        title={
          deletingQuestion
            ? t('builder.confirmDelete.title', { nr: deletingQuestion.question.questionNr })
            : t('options.confirmDelete.title')
        }
        description={
          deletingQuestion
            ? t('builder.confirmDelete.description', { count: deletingQuestion.below })
            : t('options.confirmDelete.description')
        }
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        onConfirm={handleConfirmDelete}
        pending={questionDeletion.isPending || optionDeletion.isPending}
        error={questionDeletion.isError ? errorText(questionDeletion.error, t('builder.deleteFailed')) : null}
      />
      <ImportLibraryModal
        open={importOpen}
        onOpenChange={setImportOpen}
        surveyId={surveyId}
        questions={questions}
        onImported={(imported) => dispatch({ type: 'questionsImported', questions: imported })}
      />
      <QuestionGroupManager
        open={groupsOpen}
        onOpenChange={setGroupsOpen}
        onDeleted={(groupId) => {
          for (const question of questions) {
            if (question.questionGroupId === groupId) {
              dispatch({ type: 'questionChanged', key: question.key, changes: { questionGroupId: null } });
            }
          }
        }}
      />
    </BuilderContext>
  );
};
