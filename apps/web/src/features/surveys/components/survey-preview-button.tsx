import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/shared/i18n/use-language';
import { useSurveyPreview } from '@/shared/surveys/use-survey-preview';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { Spinner } from '@/shared/ui/spinner';
import { previewSurvey } from '../lib/preview-survey';
import type { EditorDraft } from '../lib/survey-draft';

/**
 * 'Preview': the survey exactly as the field collector shows it, built from the editor's working
 * copy (unsaved edits included), in a full-screen dialog. Nothing entered there is stored or sent.
 */
export const SurveyPreviewButton = ({ draft }: { draft: EditorDraft }) => {
  const { t } = useTranslation('surveys');
  const [open, setOpen] = useState(false);
  // A survey takes questions once it is created; before that there is nothing to preview.
  if (draft.survey.id === null) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('preview.open')}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        size="full"
        title={t('preview.title')}
        description={t('preview.description')}
      >
        <SurveyPreviewBody draft={draft} onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
};

const SurveyPreviewBody = ({ draft, onClose }: { draft: EditorDraft; onClose: () => void }) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const renderCollectorForm = useSurveyPreview();
  // Built once as the dialog opens: the draft cannot change behind it.
  const [survey] = useState(() => previewSurvey(draft));
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" className="self-end" onClick={onClose}>
        {t('preview.close')}
      </Button>
      <Suspense
        fallback={
          <p role="status" className="flex items-center gap-2 py-8 text-sm text-stone-600">
            <Spinner className="size-5 text-brand-700" />
            {t('loading', { ns: 'common' })}
          </p>
        }
      >
        {renderCollectorForm({ survey, language, onClose })}
      </Suspense>
    </div>
  );
};
