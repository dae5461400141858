import type { AccessRequest } from '@trashegimia/contract/access-requests';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextareaField } from '@/shared/ui/textarea-field';
import { useToast } from '@/shared/ui/use-toast';
import { useDeclineAccessRequest } from '../api/access-requests';

type DeclineRequestModalProps = {
  /** The request being declined; null when closed. */
  request: AccessRequest | null;
  onClose: () => void;
};

/** Asks before declining a request, with an optional note kept with it. Focus starts on Cancel. */
export const DeclineRequestModal = ({ request, onClose }: DeclineRequestModalProps) => {
  const { t } = useTranslation('accessRequests');
  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.declining.title', { name: request?.name ?? '' })}
      description={t('admin.declining.description')}
    >
      {request && <DeclineForm key={request.id} request={request} onDone={onClose} />}
    </Modal>
  );
};

const DeclineForm = ({ request, onDone }: { request: AccessRequest; onDone: () => void }) => {
  const { t } = useTranslation('accessRequests');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const decline = useDeclineAccessRequest();
  const [note, setNote] = useState('');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (decline.isPending) return;
    decline.mutate(
      { id: request.id, note },
      {
        onSuccess: () => {
          showToast({ message: t('admin.declining.declined'), tone: 'success' });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <TextareaField
        label={t('admin.declining.note')}
        value={note}
        rows={3}
        onChange={(event) => setNote(event.target.value)}
      />
      {decline.error && <Alert>{errorText(decline.error, t('admin.declining.failed'))}</Alert>}
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-4">
        <Button variant="secondary" onClick={onDone} disabled={decline.isPending} autoFocus>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" loading={decline.isPending} disabled={decline.isPending}>
          {t('admin.declining.submit')}
        </Button>
      </div>
    </form>
  );
};
