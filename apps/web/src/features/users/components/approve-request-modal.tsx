import {
  type AccessRequest,
  type AccessRequestApproved,
  suggestedUserName,
} from '@trashegimia/contract/access-requests';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api/api-error';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useApproveAccessRequest } from '../api/access-requests';

type ApproveRequestModalProps = {
  /** The request being approved; null when closed. */
  request: AccessRequest | null;
  onClose: () => void;
};

/**
 * Approving a request: the administrator confirms the user name (suggested from the email), then
 * sees the new account's password this once, to copy and hand on. Closing forgets it.
 */
export const ApproveRequestModal = ({ request, onClose }: ApproveRequestModalProps) => {
  const { t } = useTranslation('accessRequests');
  const [approved, setApproved] = useState<AccessRequestApproved | null>(null);
  const close = () => {
    setApproved(null);
    onClose();
  };
  const name = request?.name ?? '';
  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => !open && close()}
      title={approved ? t('admin.created.title') : t('admin.approval.title', { name })}
      description={approved ? t('admin.created.description', { name }) : t('admin.approval.description')}
    >
      {request &&
        (approved ? (
          <CreatedAccount approved={approved} onDone={close} />
        ) : (
          <ApprovalForm key={request.id} request={request} onApproved={setApproved} onCancel={close} />
        ))}
    </Modal>
  );
};

const ApprovalForm = ({
  request,
  onApproved,
  onCancel,
}: {
  request: AccessRequest;
  onApproved: (approved: AccessRequestApproved) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation('accessRequests');
  const errorText = useErrorText();
  const approval = useApproveAccessRequest();
  const [userName, setUserName] = useState(() => suggestedUserName(request.email));
  const [submitted, setSubmitted] = useState(false);
  const missing = submitted && userName.trim() === '';
  const failure = approval.error ? errorText(approval.error, t('admin.approval.failed')) : null;
  // A name already taken is the server's answer about this field: shown under it.
  const nameRefused = isApiError(approval.error) && approval.error.field === 'userName';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (userName.trim() === '' || approval.isPending) return;
    approval.mutate({ id: request.id, userName: userName.trim() }, { onSuccess: onApproved });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('admin.approval.userName')}
        hint={t('admin.approval.userNameHint')}
        value={userName}
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => setUserName(event.target.value)}
        error={missing ? t('admin.approval.userNameRequired') : nameRefused ? failure : null}
      />
      {failure && !nameRefused && <Alert>{failure}</Alert>}
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-4">
        <Button variant="secondary" onClick={onCancel} disabled={approval.isPending}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" loading={approval.isPending} disabled={approval.isPending}>
          {t('admin.approval.submit')}
        </Button>
      </div>
    </form>
  );
};

const CreatedAccount = ({ approved, onDone }: { approved: AccessRequestApproved; onDone: () => void }) => {
  const { t } = useTranslation('accessRequests');
  const { showToast } = useToast();
  const copy = () =>
    navigator.clipboard.writeText(approved.password).then(
      () => showToast({ message: t('admin.created.copied'), tone: 'success' }),
      () => showToast({ message: t('admin.created.copyFailed'), tone: 'error' }),
    );
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 rounded-lg border border-stone-200 bg-stone-50 p-4 text-sm">
        <div>
          <dt className="font-medium text-stone-600">{t('admin.created.userName')}</dt>
          <dd className="mt-0.5 font-mono text-base text-stone-900">{approved.user.userName}</dd>
        </div>
        <div>
          <dt className="font-medium text-stone-600">{t('admin.created.password')}</dt>
          <dd className="mt-0.5 font-mono text-base break-all text-stone-900 select-all">{approved.password}</dd>
        </div>
      </dl>
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-4">
        {/* The clipboard is offered to secure pages only; elsewhere the password is selected by hand. */}
        {'clipboard' in navigator && (
          <Button variant="secondary" onClick={() => void copy()}>
            {t('admin.created.copy')}
          </Button>
        )}
        <Button onClick={onDone}>{t('admin.created.done')}</Button>
      </div>
    </div>
  );
};
