import { useTranslation } from 'react-i18next';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';

/** A save's outcome; `conflict` when someone else saved the asset since it was read (409). */
export type AssetSaveResult = { ok: true } | { ok: false; message: string; conflict: boolean };

type AssetSaveResultDialogProps = {
  result: AssetSaveResult | null;
  onClose: () => void;
  /** Loads the newest asset under the admin's edits, which stay on screen. */
  onReload: () => void;
};

/** 'Saved successfully', or 'Save failed' with the message (spec §8); after a conflict, a way to reload. */
export const AssetSaveResultDialog = ({ result, onClose, onReload }: AssetSaveResultDialogProps) => {
  const { t } = useTranslation('assetsAdmin');
  const conflict = result?.ok === false && result.conflict;
  return (
    <Modal
      open={result !== null}
      onOpenChange={(open) => !open && onClose()}
      title={result?.ok === false ? t('edit.result.failed') : t('edit.result.saved')}
      footer={
        conflict ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('edit.result.close')}
            </Button>
            <Button onClick={onReload} autoFocus>
              {t('edit.result.reload')}
            </Button>
          </>
        ) : (
          <Button onClick={onClose} autoFocus>
            {t('edit.result.ok')}
          </Button>
        )
      }
    >
      {result?.ok === false ? (
        <div className="flex flex-col gap-3">
          <Alert>{result.message}</Alert>
          {result.conflict && <p className="text-sm text-stone-700">{t('edit.result.reloadHint')}</p>}
        </div>
      ) : (
        <p className="text-stone-700">{t('edit.result.savedDetail')}</p>
      )}
    </Modal>
  );
};
