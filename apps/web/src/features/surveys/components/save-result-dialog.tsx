import { useTranslation } from 'react-i18next';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';

export type SaveResult = { ok: true } | { ok: false; message: string };

/** 'Saved successfully', or 'Save failed' with the message; OK closes it (spec §2). */
export const SaveResultDialog = ({ result, onClose }: { result: SaveResult | null; onClose: () => void }) => {
  const { t } = useTranslation('surveys');
  return (
    <Modal
      open={result !== null}
      onOpenChange={(open) => !open && onClose()}
      title={result?.ok === false ? t('editor.result.failed') : t('editor.result.saved')}
      footer={
        <Button onClick={onClose} autoFocus>
          {t('editor.result.ok')}
        </Button>
      }
    >
      {result?.ok === false ? (
        <Alert>{result.message}</Alert>
      ) : (
        <p className="text-stone-700">{t('editor.result.savedDetail')}</p>
      )}
    </Modal>
  );
};
