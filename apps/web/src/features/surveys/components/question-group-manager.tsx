import type { QuestionGroup } from '@trashegimia/contract/question-groups';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { Modal } from '@/shared/ui/modal';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useCreateQuestionGroup } from '../api/create-question-group';
import { useDeleteQuestionGroup } from '../api/delete-question-group';
import { useQuestionGroups } from '../api/get-question-groups';
import { useUpdateQuestionGroup } from '../api/update-question-group';

type Titles = { titleXk: string; titleEn: string; titleSr: string };
const EMPTY: Titles = { titleXk: '', titleEn: '', titleSr: '' };
const SUFFIXES = ['Xk', 'En', 'Sr'] as const;

const titlesOf = (group: QuestionGroup): Titles => ({
  titleXk: group.titleXk ?? '',
  titleEn: group.titleEn ?? '',
  titleSr: group.titleSr ?? '',
});

/** Question groups (shared by every survey): create, rename in three languages, delete (spec §2). */
type QuestionGroupManagerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server ungroups a deleted group's questions; the editor does the same with its copy. */
  onDeleted: (groupId: number) => void;
};

export const QuestionGroupManager = ({ open, onOpenChange, onDeleted }: QuestionGroupManagerProps) => {
  const { t } = useTranslation('surveys');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const groups = useQuestionGroups();
  const [editing, setEditing] = useState<QuestionGroup | null>(null);
  const [titles, setTitles] = useState<Titles>(EMPTY);
  const [showMissingTitle, setShowMissingTitle] = useState(false);
  const [deleting, setDeleting] = useState<QuestionGroup | null>(null);
  const creation = useCreateQuestionGroup();
  const update = useUpdateQuestionGroup();
  const deletion = useDeleteQuestionGroup();
  const saving = creation.isPending || update.isPending;
  const saveError = creation.error ?? update.error;

  const startEditing = (group: QuestionGroup | null) => {
    setEditing(group);
    setTitles(group ? titlesOf(group) : EMPTY);
    setShowMissingTitle(false);
    creation.reset();
    update.reset();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!titles.titleXk.trim()) {
      setShowMissingTitle(true);
      return;
    }
    const onSuccess = () => {
      showToast({ message: t('groups.saved'), tone: 'success' });
      startEditing(null);
    };
    if (editing) update.mutate({ id: editing.id, ...titles }, { onSuccess });
    else creation.mutate(titles, { onSuccess });
  };

  const handleDelete = () => {
    if (!deleting) return;
    deletion.mutate(deleting.id, {
      onSuccess: () => {
        showToast({ message: t('groups.deleted'), tone: 'success' });
        onDeleted(deleting.id);
        if (editing?.id === deleting.id) startEditing(null);
        setDeleting(null);
      },
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={t('groups.title')}
      description={t('groups.description')}
    >
      <div className="flex flex-col gap-5">
        {groups.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
            <Spinner className="size-5 text-brand-700" />
            {t('loading', { ns: 'common' })}
          </p>
        )}
        {groups.isError && (
          <div className="flex flex-col items-start gap-2">
            <Alert>{errorText(groups.error, t('generic.failedToLoad', { ns: 'errors' }))}</Alert>
            <Button variant="secondary" onClick={() => void groups.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          </div>
        )}
        {groups.isSuccess && groups.data.items.length === 0 && (
          <p className="text-sm text-stone-600">{t('groups.empty')}</p>
        )}
        {groups.isSuccess && groups.data.items.length > 0 && (
          <ul
            aria-label={t('groups.title')}
            className="flex flex-col divide-y divide-stone-100 rounded-md border border-stone-200"
          >
            {groups.data.items.map((group) => (
              <li key={group.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
                <span className="min-w-0 flex-1 text-sm">
                  <span className="font-medium text-stone-900">{group.titleXk}</span>
                  <span className="block text-xs text-stone-500">
                    {[group.titleEn, group.titleSr].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  className="px-2.5 py-1"
                  aria-label={t('groups.editLabel', { name: group.titleXk })}
                  onClick={() => startEditing(group)}
                >
                  {t('groups.edit')}
                </Button>
                <Button
                  variant="ghost"
                  className="px-2.5 py-1 text-red-700"
                  aria-label={t('groups.deleteLabel', { name: group.titleXk })}
                  onClick={() => {
                    deletion.reset();
                    setDeleting(group);
                  }}
                >
                  {t('groups.delete')}
                </Button>
              </li>
            ))}
          </ul>
        )}

        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-3 rounded-md border border-stone-200 p-4">
          <h3 className="text-sm font-semibold text-stone-900">
            {editing ? t('groups.editTitle', { name: editing.titleXk }) : t('groups.newTitle')}
          </h3>
          {SUFFIXES.map((suffix) => (
            <TextField
              key={suffix}
              label={t(`fields.title${suffix}`)}
              value={titles[`title${suffix}`]}
              required={suffix === 'Xk'}
              aria-invalid={suffix === 'Xk' && showMissingTitle && !titles.titleXk.trim() ? true : undefined}
              onChange={(event) => setTitles((current) => ({ ...current, [`title${suffix}`]: event.target.value }))}
            />
          ))}
          {showMissingTitle && !titles.titleXk.trim() && <Alert>{t('groups.titleRequired')}</Alert>}
          {saveError && <Alert>{errorText(saveError, t('groups.saveFailed'))}</Alert>}
          <div className="flex justify-end gap-2">
            {editing && (
              <Button variant="secondary" onClick={() => startEditing(null)} disabled={saving}>
                {t('actions.cancel')}
              </Button>
            )}
            <Button type="submit" loading={saving} disabled={saving}>
              {editing ? t('groups.update') : t('groups.create')}
            </Button>
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={t('groups.confirmDelete.title')}
        description={t('groups.confirmDelete.description', { name: deleting?.titleXk ?? '' })}
        confirmLabel={t('groups.delete')}
        cancelLabel={t('actions.cancel')}
        onConfirm={handleDelete}
        pending={deletion.isPending}
        error={deletion.isError ? errorText(deletion.error, t('groups.deleteFailed')) : null}
      />
    </Modal>
  );
};
