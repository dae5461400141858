import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextareaField } from '@/shared/ui/textarea-field';

/** The two review decisions the list offers. */
export type ReviewDecision = 'APPROVED' | 'REJECTED';

type ReviewDialogProps = {
  /** The decision to confirm; null when closed. */
  decision: ReviewDecision | null;
  title: string;
  /** Which asset, or how many, the decision is for. */
  description: string;
  initialNote?: string;
  noteHint?: string;
  pending: boolean;
  error: string | null;
  onSave: (note: string) => void;
  onClose: () => void;
};

/** Approve or reject, one asset or many, with an admin note (spec §2: a note textarea and Save). */
export const ReviewDialog = ({ decision, title, description, onClose, pending, ...body }: ReviewDialogProps) => (
  <Modal
    open={decision !== null}
    onOpenChange={(open) => !open && !pending && onClose()}
    dismissible={!pending}
    title={title}
    description={description}
  >
    {/* Keyed by what opened it, so each opening starts from its own note. */}
    {decision !== null && (
      <ReviewForm key={`${decision}:${description}`} pending={pending} onClose={onClose} {...body} />
    )}
  </Modal>
);

type ReviewFormProps = Pick<ReviewDialogProps, 'initialNote' | 'noteHint' | 'pending' | 'error' | 'onSave' | 'onClose'>;

const ReviewForm = ({ initialNote = '', noteHint, pending, error, onSave, onClose }: ReviewFormProps) => {
  const { t } = useTranslation('assetsAdmin');
  const hintId = useId();
  const [note, setNote] = useState(initialNote);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave(note);
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextareaField
        label={t('list.review.note')}
        value={note}
        maxLength={2000}
        autoFocus
        aria-describedby={noteHint ? hintId : undefined}
        onChange={(event) => setNote(event.target.value)}
      />
      {noteHint && (
        <p id={hintId} className="-mt-2 text-xs text-stone-500">
          {noteHint}
        </p>
      )}
      {error && <Alert>{error}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {t('list.review.cancel')}
        </Button>
        <Button type="submit" loading={pending} disabled={pending}>
          {t('list.review.save')}
        </Button>
      </div>
    </form>
  );
};
