import type { Guideline } from '@trashegimia/contract/guidelines';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/shared/ui/modal';

type GuidelinePreviewModalProps = {
  /** The PDF to show, with its URL; null when closed. */
  guideline: (Guideline & { url: string }) | null;
  onClose: () => void;
};

/** A PDF in a full-screen dialog, shown by the browser's own viewer (spec §2: PDFs only). */
export const GuidelinePreviewModal = ({ guideline, onClose }: GuidelinePreviewModalProps) => {
  const { t } = useTranslation('documentation');
  return (
    <Modal
      open={guideline !== null}
      onOpenChange={(open) => !open && onClose()}
      title={guideline?.title ?? ''}
      size="full"
    >
      {guideline && (
        <iframe
          src={guideline.url}
          title={t('previewFrame', { title: guideline.title })}
          className="h-full min-h-[60dvh] w-full rounded-md border border-stone-200 bg-stone-100"
        />
      )}
    </Modal>
  );
};
