import type { Guideline } from '@trashegimia/contract/guidelines';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useRenameGuideline } from '../api/rename-guideline';
import { FileTypeIcon } from './file-type-icon';
import { GuidelineListItem } from './guideline-list-item';

type GuidelineAdminItemProps = {
  guideline: Guideline;
  /** Given for PDFs that have a preview URL: opens the preview. */
  onView?: () => void;
  onDownload: () => void;
  downloading: boolean;
  onDelete: () => void;
};

/** A document as the public page shows it, plus rename (in place) and delete for the back office. */
export const GuidelineAdminItem = ({
  guideline,
  onView,
  onDownload,
  downloading,
  onDelete,
}: GuidelineAdminItemProps) => {
  const { t } = useTranslation('guidelinesAdmin');
  const [renaming, setRenaming] = useState(false);

  if (renaming) return <RenameForm guideline={guideline} onDone={() => setRenaming(false)} />;
  return (
    <GuidelineListItem
      guideline={guideline}
      onView={onView}
      onDownload={onDownload}
      downloading={downloading}
      actions={
        <>
          <Button
            variant="secondary"
            aria-label={t('renameLabel', { title: guideline.title })}
            onClick={() => setRenaming(true)}
          >
            {t('rename')}
          </Button>
          <Button
            variant="ghost"
            className="text-red-700"
            aria-label={t('deleteLabel', { title: guideline.title })}
            onClick={onDelete}
          >
            {t('delete')}
          </Button>
        </>
      }
    />
  );
};

/** The title in a text field where it stood; Enter saves the trimmed title (spec §5), Escape cancels. */
const RenameForm = ({ guideline, onDone }: { guideline: Guideline; onDone: () => void }) => {
  const { t } = useTranslation('guidelinesAdmin');
  const { showToast } = useToast();
  const rename = useRenameGuideline();
  const [title, setTitle] = useState(guideline.title);
  const trimmed = title.trim();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || rename.isPending) return;
    if (trimmed === guideline.title) {
      onDone();
      return;
    }
    rename.mutate(
      { id: guideline.id, title: trimmed },
      {
        onSuccess: () => {
          showToast({ message: t('saved'), tone: 'success' });
          onDone();
        },
        onError: () => showToast({ message: t('saveFailed'), tone: 'error' }),
      },
    );
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !rename.isPending) onDone();
  };

  return (
    <form
      onSubmit={handleSubmit}
      onKeyDown={handleKeyDown}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-brand-600 bg-white p-4 shadow-sm sm:flex-row sm:items-end"
    >
      <div className="flex min-w-0 flex-1 items-end gap-4">
        <FileTypeIcon type={guideline.contentType} className="h-12 w-10" />
        <TextField
          label={t('renameField', { title: guideline.title })}
          value={title}
          required
          maxLength={500}
          autoFocus
          disabled={rename.isPending}
          onChange={(event) => setTitle(event.target.value)}
          className="min-w-0 flex-1"
        />
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" onClick={onDone} disabled={rename.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={rename.isPending} disabled={trimmed === '' || rename.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
};
